import { Button } from '../../../ui/controls.ts';
import { SelectInput } from '../../../ui/SelectInput.tsx';
import { Conversations } from '../../conversations/Conversations.tsx';
import type { ConversationSubject } from '../../conversations/api.ts';

/** The sub-step's questions, opened: the answers already discussed, a picker of every answer, its threads. */
export function OpenedConversations({
  clientId,
  subjects,
  discussed,
  subject,
  onChoose,
}: {
  clientId: string;
  subjects: ConversationSubject[];
  discussed: ConversationSubject[];
  subject: ConversationSubject | undefined;
  onChoose: (key: string) => void;
}) {
  return (
    <>
      {discussed.length > 0 && (
        <div className="button-row" aria-label="Answers with conversations">
          {discussed.map((s) => (
            <Button key={s.key} className="button button--secondary" onPress={() => onChoose(s.key)}>
              {s.label}
            </Button>
          ))}
        </div>
      )}
      <SelectInput
        label="Answer"
        value={subject?.key ?? ''}
        onChange={onChoose}
        options={subjects.map((s) => ({ value: s.key, label: s.label }))}
      />
      {subject && <Conversations key={subject.key} clientId={clientId} subject={subject} headingLevel={3} />}
    </>
  );
}
