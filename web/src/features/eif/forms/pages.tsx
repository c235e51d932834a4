import { lazy, Suspense, useEffect } from 'react';
import { Heading, Link } from '../../../ui/controls.ts';
import { useLocation } from 'wouter';
import {
  EIF_STEP_LABELS,
  eifStepOf,
  isEifStepId,
  isEifSubStepId,
  type EifSubStepId,
  type VisibleStep,
} from '@onboard/domain/web';
import { useEditingView, type EditingView } from './api.ts';
import { EditStateBanner } from '../EditStateBanner.tsx';
import { isSigned } from '../view.ts';
import { NotFoundPage } from '../../../app/StatusPages.tsx';
import { EifLayout } from './EifLayout.tsx';
import { formFor } from './forms.ts';
import { eifSubStepPath, firstSubStepOf, flatSubSteps } from './navigation.ts';
import { SubStepForm } from './SubStepForm.tsx';
import { AnswerConversations } from './AnswerConversations.tsx';
import { PageSkeleton } from '../../../ui/Feedback.tsx';

// The class editor loads when it is opened.
const ClassEditorPage = lazy(() =>
  import('../class-builder/index.tsx').then((m) => ({ default: m.ClassEditorPage })),
);

/** The route's step and sub-step ids as the catalogue spells them (routes match case-insensitively). */
const lower = (id: string) => id.toLowerCase();

/** A sub-step this client does not see: say so plainly and offer the start of the form. */
function NotPartOfThisForm({ view, steps }: { view: EditingView; steps: readonly VisibleStep[] }) {
  const first = flatSubSteps(steps)[0];
  return (
    <section className="card step-card" data-testid="substep-hidden">
      <Heading level={2} className="step-card__title">
        This section is not part of this form
      </Heading>
      <p className="muted">
        Based on {view.name}'s coverages, this section does not apply, so there is nothing to fill in here.
      </p>
      {first && (
        <Link
          className="button button--primary"
          href={eifSubStepPath(view.id, first.stepId, first.subStepId)}
        >
          Go to {first.label}
        </Link>
      )}
    </section>
  );
}

function SubStepBody({
  view,
  steps,
  subStepId,
  policyId,
}: {
  view: EditingView;
  steps: VisibleStep[];
  subStepId: EifSubStepId;
  policyId?: string;
}) {
  const stepId = eifStepOf(subStepId);
  const stepIndex = steps.findIndex((s) => s.id === stepId);
  const visible = steps[stepIndex]?.subSteps.find((s) => s.id === subStepId);
  if (!visible) return <NotPartOfThisForm view={view} steps={steps} />;
  const form = formFor(subStepId);
  return (
    <section className="card step-card eif-form" aria-labelledby="step-title">
      <p className="eyebrow">
        Step {stepIndex + 1} of {steps.length} · {EIF_STEP_LABELS[stepId]}
      </p>
      <Heading level={2} id="step-title" className="step-card__title">
        {visible.label}
      </Heading>
      {policyId && (
        <p className="eif-form__crumb">
          <Link className="text-link" href={eifSubStepPath(view.id, stepId, subStepId)}>
            All policies
          </Link>
        </p>
      )}
      {form.intro && <p className="muted eif-form__intro">{form.intro}</p>}
      {isSigned(view) && <EditStateBanner client={view} />}
      <SubStepForm
        key={`${view.id}/${subStepId}/${policyId ?? ''}`}
        form={form}
        view={view}
        steps={steps}
        stepId={stepId}
        policyId={policyId}
      />
      <AnswerConversations form={form} view={view} policyId={policyId} />
    </section>
  );
}

/** `/step/{eifStepId}/{eifSubStepId}` and `.../policy/{policyId}`: one sub-step's form. */
export function EifSubStepPage({
  clientId,
  stepId,
  subStepId,
  policyId,
}: {
  clientId: string;
  stepId: string;
  subStepId: string;
  policyId?: string;
}) {
  const { data: view, error } = useEditingView(clientId);
  const id = lower(subStepId);
  if (!isEifSubStepId(id) || eifStepOf(id) !== lower(stepId)) return <NotFoundPage />;
  return (
    <EifLayout clientId={clientId} view={view} error={error} place={{ subStepId: id }}>
      {(loaded, steps) => <SubStepBody view={loaded} steps={steps} subStepId={id} policyId={policyId} />}
    </EifLayout>
  );
}

function GoTo({ to }: { to: string }) {
  const [, navigate] = useLocation();
  useEffect(() => navigate(to, { replace: true }), [navigate, to]);
  return null;
}

/** `/step/{eifStepId}`: opens the step's first visible sub-step (review-&-submit has its own page). */
export function EifStepPage({ clientId, stepId }: { clientId: string; stepId: string }) {
  const { data: view, error } = useEditingView(clientId);
  const id = lower(stepId);
  if (!isEifStepId(id)) return <NotFoundPage />;
  return (
    <EifLayout clientId={clientId} view={view} error={error} place={null}>
      {(loaded, steps) => {
        const first = firstSubStepOf(steps, id);
        return first ? (
          <GoTo to={eifSubStepPath(loaded.id, first.stepId, first.subStepId)} />
        ) : (
          <NotPartOfThisForm view={loaded} steps={steps} />
        );
      }}
    </EifLayout>
  );
}

/** `/step/{eifStepId}/{eifSubStepId}/create` and `/{employeeClassId}`: the class builder's own editor. */
export function EifClassEditorRoute({
  clientId,
  stepId,
  subStepId,
  employeeClassId,
}: {
  clientId: string;
  stepId: string;
  subStepId: string;
  employeeClassId: string;
}) {
  const { data: view, error } = useEditingView(clientId);
  if (lower(subStepId) !== 'class-builder' || lower(stepId) !== eifStepOf('class-builder'))
    return <NotFoundPage />;
  return (
    <EifLayout clientId={clientId} view={view} error={error} place={{ subStepId: 'class-builder' }}>
      {() => (
        <Suspense fallback={<PageSkeleton />}>
          <ClassEditorPage
            clientId={clientId}
            stepId={lower(stepId)}
            subStepId="class-builder"
            employeeClassId={employeeClassId}
          />
        </Suspense>
      )}
    </EifLayout>
  );
}
