import { StatusTag } from '../eif/StatusTag.tsx';
import { pendingAnswerCount, eifTaskStart, eifTaskStatusOf, statusPill } from '@onboard/domain/web';
import { Heading, Link } from '../../ui/controls.ts';
import { useEditingView } from '../eif/forms/api.ts';
import { useAuthenticatedUser, useClient } from '../../api/hooks.ts';
import { isAdminRole } from '../../api/types.ts';
import { useClientTasks, useClientPushes } from './api.ts';
import { HubTaskGroups, OnboardingTimeline, ScheduleTasks, withEifStatus } from './HubTasks.tsx';
import { EditStateBanner, EifStatusBadge, PendingBadge } from '../eif/Eif.tsx';
import { AnswerRow } from '../eif/Changes.tsx';
import { PageSkeleton } from '../../ui/Feedback.tsx';
import { eifReviewPath, eifSubStepPath } from '../eif/forms/navigation.ts';
import { progressOf } from '../eif/forms/status.ts';
import { groupByPlacement } from '../eif/steps.ts';
import { useNetChanges } from '../eif/api.ts';
import { pendingNetChanges, placeNetChange } from '../eif/NetChanges.tsx';
import { NewDocumentNotice } from '../documents/NewDocumentNotice.tsx';
import { HubConversations } from '../conversations/HubConversations.tsx';
import { SignaturesCard } from '../eif/Signatures.tsx';
import { QueryFallback } from '../../ui/QueryState.tsx';

/**
 * The client hub home (onboarding §2 leaves its content open): how many tasks are done, the onboarding
 * timeline per policy, the tasks (client-level first, then one group per policy, by due date, each with
 * its pill and due-date badge), and the EIF task with every step and sub-step the client is shown with its
 * status and a link to it, the tax id's accepted answer and, when post-sign changes wait, how many per
 * sub-step (the tax id's pending value marked beside it).
 */
export function ClientHubPage({ clientId }: { clientId: string }) {
  const { data: client, error } = useClient(clientId);
  // Statuses are read from the editing view, as the form's own step list reads them.
  const { data: editing } = useEditingView(clientId);
  const { data: storedTasks, mutate: reloadTasks } = useClientTasks(clientId);
  const { data: pushes } = useClientPushes(clientId);
  const { data: user } = useAuthenticatedUser();
  const { data: nets } = useNetChanges(clientId, client?.version);
  if (!client) return <QueryFallback error={error} isPage />;
  const pendingBySubStep = new Map(
    // Counted as every screen counts (one per answer, or entity added or removed).
    groupByPlacement(pendingNetChanges(nets, client), placeNetChange).map((g) => [
      g.subStep.id,
      pendingAnswerCount(g.items),
    ]),
  );
  const progress = editing ? progressOf(editing) : null;
  const taskStatus = progress ? eifTaskStatusOf(editing?.eifStatus === 'signed', progress) : null;
  const start = progress ? eifTaskStart(progress) : null;
  const tasks = storedTasks ? withEifStatus(storedTasks, taskStatus) : null;
  const doneCount = tasks?.filter((t) => t.status === 'Done').length ?? 0;

  return (
    <div className="page">
      <div className="page__header page__header--row">
        <div>
          <p className="eyebrow">Client hub</p>
          <Heading level={1}>{client.name}</Heading>
        </div>
        <div className="hub-progress">
          {tasks && tasks.length > 0 && (
            <span className="hub-progress__count" data-testid="hub-progress">
              {doneCount} of {tasks.length} done
            </span>
          )}
          <EifStatusBadge client={client} />
        </div>
      </div>
      {tasks && tasks.length > 0 && (
        <progress
          className="hub-progress__bar"
          max={tasks.length}
          value={doneCount}
          aria-label="Tasks done"
        />
      )}
      <EditStateBanner client={client} />
      {user && !isAdminRole(user.role) && <NewDocumentNotice clientId={clientId} />}
      {!tasks && <PageSkeleton />}
      {tasks && tasks.length === 0 && (
        <ScheduleTasks
          clientId={clientId}
          isStaff={user ? isAdminRole(user.role) : false}
          onScheduled={() => setTimeout(() => void reloadTasks(), 600)}
        />
      )}
      {tasks && tasks.length > 0 && (
        <>
          <OnboardingTimeline client={client} tasks={tasks} pushes={pushes?.apiJobs ?? []} />
          <HubTaskGroups client={client} tasks={tasks} />
        </>
      )}
      <HubConversations clientId={clientId} />
      <SignaturesCard clientId={clientId} />
      <section className="card" aria-labelledby="eif-task">
        <div className="card__header">
          <Heading level={2} id="eif-task" className="card__title">
            Submit Company Information
          </Heading>
          {taskStatus && (
            <span className={`badge badge--${statusPill(taskStatus).tone}`} data-testid="task-status">
              {statusPill(taskStatus).label}
            </span>
          )}
        </div>
        <div className="button-row">
          {start && taskStatus !== 'Done' && (
            <Link
              className="button button--secondary"
              href={eifSubStepPath(clientId, start.stepId, start.subStepId)}
            >
              {taskStatus === 'Not Started' ? 'Start the form' : 'Continue the form'}
            </Link>
          )}
          <Link className="button button--primary" href={eifReviewPath(clientId)}>
            Review &amp; submit
          </Link>
        </div>
        {!progress && <PageSkeleton />}
        {progress
          ?.filter((step) => step.subSteps.length > 0)
          .map((step) => (
            <section
              key={step.id}
              className="hub-step"
              aria-labelledby={`hub-${step.id}`}
              data-testid={`hub-step-${step.id}`}
            >
              <div className="hub-step__head">
                <Heading level={3} id={`hub-${step.id}`} className="summary__step">
                  {step.label}
                </Heading>
                <StatusTag status={step.status} />
              </div>
              {/* Each step's sections fold away (the hub stays short); a step with changes waiting for
                  review opens by itself. */}
              <details
                className="hub-step__sections"
                open={step.subSteps.some((subStep) => (pendingBySubStep.get(subStep.id) ?? 0) > 0)}
              >
                <summary className="hub-step__summary">
                  {step.subSteps.length === 1 ? '1 section' : `${step.subSteps.length} sections`}
                </summary>
                <ol className="substep-list">
                  {step.subSteps.map((subStep) => {
                    const pendingCount = pendingBySubStep.get(subStep.id) ?? 0;
                    return (
                      <li key={subStep.id} className="substep" data-testid={`substep-${subStep.id}`}>
                        <div className="substep__head">
                          <Link
                            className="text-link substep__title"
                            href={eifSubStepPath(clientId, step.id, subStep.id)}
                          >
                            {subStep.label}
                          </Link>
                          {pendingCount > 0 && subStep.id !== 'tax-id' && (
                            <PendingBadge>{pendingCount}</PendingBadge>
                          )}
                          <span className="substep__link">
                            <StatusTag status={subStep.status} />
                          </span>
                        </div>
                        {subStep.id === 'tax-id' && (
                          <dl className="answers answers--single">
                            <AnswerRow
                              label="Federal Tax ID (EIN)"
                              client={client}
                              entity="Client"
                              entityId={client.id}
                              attributeKey="taxId"
                              accepted={client.taxId}
                            />
                          </dl>
                        )}
                      </li>
                    );
                  })}
                </ol>
              </details>
            </section>
          ))}
      </section>
    </div>
  );
}
