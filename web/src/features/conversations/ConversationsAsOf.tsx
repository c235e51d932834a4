import { TitledSection } from '../../ui/TitledSection.tsx';
import { useClientConversations } from './api.ts';
import { Thread } from './Thread.tsx';

/**
 * The conversations on the form's answers and classes as they stood at a point of the EIF history:
 * started by then, with what was written by then, open or resolved as they were. Shown, never written in.
 */
export function ConversationsAsOf({ clientId, asOf }: { clientId: string; asOf: string }) {
  const { data } = useClientConversations(clientId, { asOf });
  const threads = (data?.threads ?? []).filter(
    (t) => t.subject.type === 'ANSWER' || t.subject.type === 'CLASS',
  );
  return (
    <TitledSection
      id="history-conversations"
      title={<>Conversations on the form then ({threads.length})</>}
      level={3}
      className="conversations"
      titleClassName="summary__step"
      testId="history-conversations"
    >
      {data && threads.length === 0 && (
        <p className="muted">No conversation on the form’s answers by then.</p>
      )}
      {threads.map((thread) => (
        <Thread key={thread.threadId} clientId={clientId} thread={thread} isReadOnly headingLevel={4} />
      ))}
    </TitledSection>
  );
}
