import { STATUS_TONE, StatusTag } from '../StatusTag.tsx';
import { useRead } from '../../../api/client.ts';
import type { ReactNode } from 'react';
import { Link } from '../../../ui/controls.ts';
import { type VisibleStep, type EifStepProgress, dueDateBadge, eifTaskStatusOf } from '@onboard/domain/web';
import { now } from '../../../app/clock.ts';
import type { EditingView } from './api.ts';
import { ErrorPanel } from '../../../ui/Feedback.tsx';
import { TaskLayout } from '../../tasks/TaskLayout.tsx';
import { clientHubPath } from '../../../app/routes.ts';
import { eifReviewPath, eifSubStepPath, eifSummaryPath } from './navigation.ts';
import { progressOf } from './status.ts';

const EIF_TASK_ID = 'eif-submit-company-information';
const EIF_TASK_TITLE = 'Submit Company Information';

/** Where the user is in the form: a sub-step, review-&-submit or the summary. */
export type EifPlace = { subStepId: string } | { page: 'review' | 'summary' } | null;

/** The aside's step list: every visible step and sub-step with its status, the current one marked. */
function EifStepNav({
  view,
  steps,
  place,
}: {
  view: EditingView;
  steps: readonly EifStepProgress[];
  place: EifPlace;
}) {
  const currentSubStep = place && 'subStepId' in place ? place.subStepId : null;
  return (
    <nav aria-label="Steps" className="eif-form-nav">
      <ol className="eif-form-nav__steps">
        {steps.map((step, index) => {
          const isReview = step.id === 'review-&-submit';
          const isCurrentStep = isReview
            ? place !== null && 'page' in place && place.page === 'review'
            : step.subSteps.some((s) => s.id === currentSubStep);
          return (
            <li
              key={step.id}
              className={`eif-form-nav__step${isCurrentStep ? ' eif-form-nav__step--current' : ''}`}
            >
              <div className="eif-form-nav__step-head">
                <span className="eif-form-nav__number" aria-hidden="true">
                  {index + 1}
                </span>
                {isReview ? (
                  <Link
                    href={eifReviewPath(view.id)}
                    className="eif-form-nav__step-label eif-form-nav__link"
                    aria-current={isCurrentStep ? 'page' : undefined}
                  >
                    {step.label}
                  </Link>
                ) : (
                  <span className="eif-form-nav__step-text">
                    <span className="eif-form-nav__step-label">{step.label}</span>
                    <span
                      className={`eif-form-status eif-form-status--${STATUS_TONE[step.status]}`}
                      data-testid="step-head-status"
                    >
                      {step.status}
                    </span>
                  </span>
                )}
              </div>
              {step.subSteps.length > 0 && (
                <ul className="eif-form-nav__subs">
                  {step.subSteps.map((subStep) => {
                    const isCurrent = subStep.id === currentSubStep;
                    return (
                      <li key={subStep.id} data-testid={`nav-${subStep.id}`}>
                        <Link
                          href={eifSubStepPath(view.id, step.id, subStep.id)}
                          className={`eif-form-nav__sub${isCurrent ? ' eif-form-nav__sub--current' : ''}`}
                          aria-current={isCurrent ? 'page' : undefined}
                        >
                          <span className="eif-form-nav__sub-label">{subStep.label}</span>
                          <StatusTag status={subStep.status} />
                        </Link>
                      </li>
                    );
                  })}
                </ul>
              )}
            </li>
          );
        })}
      </ol>
      <Link
        href={eifSummaryPath(view.id)}
        className={`eif-form-nav__summary${place && 'page' in place && place.page === 'summary' ? ' eif-form-nav__sub--current' : ''}`}
        aria-current={place && 'page' in place && place.page === 'summary' ? 'page' : undefined}
      >
        View the whole form
      </Link>
    </nav>
  );
}

/**
 * The EIF task layout: step list, due-date badge, skeleton while the view loads (the unsaved-answers guard
 * wraps the whole shell, see App.tsx).
 * `children` gets the view and its visible steps once they are there.
 */
export function EifLayout({
  clientId,
  view,
  error,
  place,
  children,
}: {
  clientId: string;
  view: EditingView | undefined;
  error?: unknown;
  place: EifPlace;
  children: (view: EditingView, steps: VisibleStep[]) => ReactNode;
}) {
  // The due date is the task's (the tasks read model); its status is the form's own.
  const { data: tasks } = useRead('/api/clients/{clientId}/tasks', { clientId });
  const task = tasks?.find((t) => t.taskId === EIF_TASK_ID);
  const progress = view ? progressOf(view) : [];
  // The task's status is the form's own (domain/src/tasks/eif-task.ts): the badge goes once it is signed.
  const status = view ? eifTaskStatusOf(view.eifStatus === 'signed', progress) : null;
  const badge = task?.dueDate && status ? dueDateBadge(task.dueDate, status, now()) : null;
  const steps: VisibleStep[] = progress.map((step) => ({
    id: step.id,
    label: step.label,
    subSteps: step.subSteps.map((subStep) => ({ id: subStep.id, label: subStep.label })),
  }));
  return (
    <TaskLayout
      title={EIF_TASK_TITLE}
      subtitle={view?.name}
      dueDate={badge}
      backHref={clientHubPath(clientId)}
      nav={
        view ? <EifStepNav view={view} steps={progress} place={place} /> : <div className="eif-form-nav" />
      }
      isLoading={!view && !error}
    >
      {view ? children(view, steps) : error ? <ErrorPanel error={error} /> : null}
    </TaskLayout>
  );
}
