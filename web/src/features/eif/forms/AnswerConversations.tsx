import { lazy, Suspense, useState } from 'react';
import { TitledSection } from '../../../ui/TitledSection.tsx';
import { Button } from '../../../ui/controls.ts';
import type { SubStepForm as SubStepFormDef } from '@onboard/domain/web';
import { useClientConversations, type ConversationSubject } from '../../conversations/api.ts';
import { blocksOf } from './SubStepForm.tsx';
import { planLabel, policyLabel } from './sections.ts';
import type { EditingView } from './api.ts';

const ENTITY_OF = { client: 'Client', policy: 'Policy', plan: 'Plan' } as const;

// Opened on request, below the form: its picker and threads load then, not with the sub-step.
const OpenedConversations = lazy(() =>
  import('./OpenedConversations.tsx').then((m) => ({ default: m.OpenedConversations })),
);

/** Every answer this sub-step asks, and each employee class on the class builder's, as a thread's subject. */
function subjectsOf(form: SubStepFormDef, view: EditingView, policyId?: string): ConversationSubject[] {
  const answers = blocksOf(form, view, policyId).flatMap((block) =>
    block.fields.map((field) => ({
      type: 'ANSWER' as const,
      // By identity (entity, id, question), never by value: the thread stays with the answer through edits.
      key: `${ENTITY_OF[block.kind]}/${block.entity.id}/${field.key}`,
      label:
        block.kind === 'client'
          ? field.label
          : `${field.label} · ${block.kind === 'policy' ? policyLabel(block.entity) : planLabel(block.entity)}`,
    })),
  );
  const classes = form.sections.some((s) => s.type === 'classBuilder')
    ? (view.employeeClasses ?? []).map((cls) => ({
        type: 'CLASS' as const,
        key: cls.id,
        label: `Employee class ${String((cls as { groupName?: unknown }).groupName ?? '')}`.trim(),
      }))
    : [];
  return [...answers, ...classes];
}

/**
 * Questions where they arise: opened on request (the form stays first), pick one of the sub-step's
 * answers (or classes) to read and start its conversations; those already discussed are one press away.
 */
export function AnswerConversations({
  form,
  view,
  policyId,
}: {
  form: SubStepFormDef;
  view: EditingView;
  policyId?: string;
}) {
  const subjects = subjectsOf(form, view, policyId);
  const [chosen, setChosen] = useState('');
  const [isOpen, setOpen] = useState(false);
  const { data } = useClientConversations(view.id);
  if (subjects.length === 0) return null;
  const discussed = subjects.filter((s) =>
    (data?.threads ?? []).some((t) => t.subject.type === s.type && t.subject.key === s.key),
  );
  const subject = subjects.find((s) => s.key === chosen) ?? discussed[0] ?? subjects[0];
  return (
    <TitledSection
      id="answer-conversations-title"
      title="Questions on these answers"
      className="card"
      testId="answer-conversations"
      header={
        <Button className="button button--secondary" aria-expanded={isOpen} onPress={() => setOpen(!isOpen)}>
          {isOpen ? 'Hide' : `Show (${discussed.length} discussed)`}
        </Button>
      }
    >
      {isOpen && (
        <Suspense fallback={<p className="muted">Loading the conversations…</p>}>
          <OpenedConversations
            clientId={view.id}
            subjects={subjects}
            discussed={discussed}
            subject={subject}
            onChoose={setChosen}
          />
        </Suspense>
      )}
    </TitledSection>
  );
}
