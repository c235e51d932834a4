import type { ReactNode } from 'react';
import { Button, Heading, Link } from '../../ui/controls.ts';
import {
  dueDateBadge,
  EIF_TASK_ID,
  statusPill,
  type TaskStatus,
  onboardingTimeline,
  policyLabel,
  type PolicyTimeline,
  tasksAtRisk,
  type TaskAtRisk,
} from '@onboard/domain/web';
import { call } from '../../api/client.ts';
import type { ClientView } from '../../api/types.ts';
import { clientHubPath } from '../../app/routes.ts';
import { now, todayIso } from '../../app/clock.ts';
import { Alert } from '../../ui/Feedback.tsx';
import { formatDate } from './format.ts';
import type { PushJob, TaskView } from './api.ts';
import { useAction } from '../../api/action.ts';

/** A task's page in its client's hub (a policy-level task names its policy). */
export const taskPath = (clientId: string, task: Pick<TaskView, 'taskId' | 'policyId'>) =>
  `${clientHubPath(clientId)}/task/${encodeURIComponent(task.taskId)}${
    task.policyId ? `/${encodeURIComponent(task.policyId)}` : ''
  }`;

/** By due date, tasks without one last; ties keep the server's order (the catalogue's). */
const byDueDate = (a: TaskView, b: TaskView) => (a.dueDate ?? '9999').localeCompare(b.dueDate ?? '9999');

/** The EIF task's status is the form's (domain/src/tasks/eif-task.ts), not the stored one. */
export function withEifStatus(tasks: readonly TaskView[], eifStatus: TaskStatus | null): TaskView[] {
  return tasks.map((task) =>
    task.taskId === EIF_TASK_ID && eifStatus
      ? { ...task, status: eifStatus, pill: statusPill(eifStatus) }
      : task,
  );
}

/**
 * A task's due-date badge (or, without one, `children`) and its status pill, as the hub and the work list
 * show them.
 */
export function TaskMeta({
  className = '',
  dueDate,
  status,
  pill,
  children,
}: {
  className?: string;
  dueDate: string | null;
  status: TaskStatus;
  pill: { tone: string; label: string };
  children: ReactNode;
}) {
  const badge = dueDate ? dueDateBadge(dueDate, status, now()) : null;
  return (
    <span className={`hub-task__meta ${className}`}>
      {badge ? (
        <span className={`due-badge due-badge--${badge.tone}`} data-testid="task-due">
          {badge.text}
        </span>
      ) : (
        children
      )}
      <span className={`badge badge--${pill.tone}`} data-testid="task-pill">
        {pill.label}
      </span>
    </span>
  );
}

function TaskRow({ clientId, task }: { clientId: string; task: TaskView }) {
  return (
    <li className="hub-task" data-testid={`hub-task-${task.taskId}`}>
      <Link className="text-link hub-task__title" href={taskPath(clientId, task)}>
        {task.title}
      </Link>
      <TaskMeta dueDate={task.dueDate} status={task.status} pill={statusPill(task.status)}>
        {task.status === 'Done' && task.doneAt && (
          <span className="muted">Done {formatDate(task.doneAt)}</span>
        )}
      </TaskMeta>
    </li>
  );
}

/** The tasks, client-level first, then one group per policy (named by its number and coverages). */
export function HubTaskGroups({ client, tasks }: { client: ClientView; tasks: readonly TaskView[] }) {
  const groups = [
    { key: 'client', title: 'Your company', tasks: tasks.filter((t) => t.policyId === null) },
    ...client.policies.map((policy) => ({
      key: policy.id,
      title: policyLabel({ ...policy, slfCoverages: policy.slfCoverages ?? [] }),
      tasks: tasks.filter((t) => t.policyId === policy.id),
    })),
  ].filter((group) => group.tasks.length > 0);
  return (
    <>
      {groups.map((group) => (
        <section
          key={group.key}
          className="card hub-group"
          aria-labelledby={`group-${group.key}`}
          data-testid="hub-task-group"
        >
          <div className="card__header">
            <Heading level={2} id={`group-${group.key}`} className="card__title">
              {group.title}
            </Heading>
            <span className="muted">
              {group.tasks.filter((t) => t.status === 'Done').length} of {group.tasks.length} done
            </span>
          </div>
          <ul className="hub-task-list">
            {[...group.tasks].sort(byDueDate).map((task) => (
              <TaskRow key={`${task.taskId}/${task.policyId ?? ''}`} clientId={client.id} task={task} />
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}

const PHASE_MARK = { done: '✓', current: '●', upcoming: '○' } as const;

function PolicyTimelineView({ clientId, timeline }: { clientId: string; timeline: PolicyTimeline }) {
  return (
    <section className="timeline" aria-label={timeline.label} data-testid="timeline-policy">
      <div className="timeline__head">
        <Heading level={3} className="timeline__title">
          {timeline.label}
        </Heading>
        <span className="muted">
          {timeline.effectiveDate
            ? `Effective ${formatDate(timeline.effectiveDate)}`
            : 'Effective date not set'}
        </span>
      </div>
      <ol className="timeline__phases">
        {timeline.phases.map((phase) => (
          <li
            key={phase.id}
            className={`timeline__phase timeline__phase--${phase.state}${phase.isLate ? ' timeline__phase--late' : ''}`}
            aria-current={phase.state === 'current' ? 'step' : undefined}
          >
            <span className="timeline__mark" aria-hidden="true">
              {PHASE_MARK[phase.state]}
            </span>
            <span className="timeline__label">{phase.label}</span>
            <span className="timeline__dates">
              {phase.actual ? (
                <>Reached {formatDate(phase.actual)}</>
              ) : phase.estimated ? (
                <>
                  {phase.isLate ? 'Was expected' : 'Expected'} {formatDate(phase.estimated)}
                </>
              ) : (
                'Date to be set'
              )}
            </span>
            {phase.actual && phase.estimated && (
              <span className="timeline__planned">Planned {formatDate(phase.estimated)}</span>
            )}
            {phase.total > 0 && (
              <span className="timeline__count">
                {phase.done} of {phase.total} tasks
              </span>
            )}
          </li>
        ))}
      </ol>
      {(timeline.pushes.length > 0 || timeline.nigo.length > 0) && (
        <div className="timeline__notes">
          {timeline.pushes.map((push) => (
            <p key={push.id} className="timeline__note">
              <span className={`badge badge--${push.tone}`}>{push.label}</span> {formatDate(push.at)}
            </p>
          ))}
          {timeline.nigo.map((item) => (
            <p
              key={`${item.taskId}/${item.policyId ?? ''}`}
              className="timeline__note"
              data-testid="timeline-nigo"
            >
              <span className="badge badge--error">Action Required</span>{' '}
              <Link className="text-link" href={taskPath(clientId, item)}>
                {item.title}
              </Link>
              : {item.reason}
            </p>
          ))}
        </div>
      )}
    </section>
  );
}

/** The policy's effective date (YYYY-MM-DD), where the client view has it. */
const effectiveOf = (policy: ClientView['policies'][number]): string | null => {
  const value = (policy as Record<string, unknown>).policyEffective;
  return typeof value === 'string' && value !== '' ? value.slice(0, 10) : null;
};

/**
 * A compressed plan (domain/src/tasks/schedule.ts `tasksAtRisk`): the effective date leaves less than the
 * usual lead times, so the schedule keeps the tasks in order on shorter leads; the hub names the tasks at
 * risk, each with the day the usual lead would have needed.
 */
function CompressedPlan({ client, atRisk }: { client: ClientView; atRisk: readonly TaskAtRisk[] }) {
  const labelOf = (policyId: string | null) => {
    const policy = policyId ? client.policies.find((p) => p.id === policyId) : undefined;
    return policy ? policyLabel({ ...policy, slfCoverages: policy.slfCoverages ?? [] }) : null;
  };
  return (
    <div className="alert alert--warning compressed-plan" role="status" data-testid="compressed-plan">
      <p>
        <strong>This plan is compressed.</strong> The effective date leaves less than the usual time, so{' '}
        {atRisk.length === 1 ? 'this task is' : `these ${atRisk.length} tasks are`} at risk:
      </p>
      <ul className="compressed-plan__list">
        {atRisk.map((task) => {
          const policy = labelOf(task.policyId);
          return (
            <li key={`${task.taskId}/${task.policyId ?? ''}`} data-testid="task-at-risk">
              <Link className="text-link" href={taskPath(client.id, task)}>
                {task.title}
              </Link>
              {policy && <span className="muted"> · {policy}</span>}
              {': '}
              {task.dueDate ? `due ${formatDate(task.dueDate)}` : 'no due date'}; the usual lead needs it by{' '}
              {formatDate(task.dueBy)}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/**
 * The onboarding timeline (domain/src/tasks/timeline.ts): per policy, its phases with expected and actual
 * dates, the pushes to the plan system and the open NIGO items; above them, when the effective date is
 * too close for the usual lead times, which tasks are at risk.
 */
export function OnboardingTimeline({
  client,
  tasks,
  pushes,
}: {
  client: ClientView;
  tasks: readonly TaskView[];
  pushes: readonly PushJob[];
}) {
  const atRisk = tasksAtRisk({
    tasks,
    policies: client.policies.map((policy) => ({
      policyId: policy.id,
      policyEffective: effectiveOf(policy),
    })),
  });
  const timelines = onboardingTimeline({
    tasks,
    policies: client.policies.map((policy) => ({
      id: policy.id,
      slfPolicyNumber: policy.slfPolicyNumber,
      slfCoverages: policy.slfCoverages ?? [],
      policyEffective: effectiveOf(policy),
    })),
    eifSignedAt: typeof client.eifSignedAt === 'string' ? client.eifSignedAt : null,
    pushes,
    today: todayIso(),
  });
  return (
    <section className="card" aria-labelledby="timeline-title" data-testid="onboarding-timeline">
      <Heading level={2} id="timeline-title" className="card__title">
        Onboarding timeline
      </Heading>
      {atRisk.length > 0 && <CompressedPlan client={client} atRisk={atRisk} />}
      {timelines.map((timeline) => (
        <PolicyTimelineView key={timeline.policyId ?? 'client'} clientId={client.id} timeline={timeline} />
      ))}
    </section>
  );
}

/** No task scheduled yet: staff schedule them from the client's policies here. */
export function ScheduleTasks({
  clientId,
  isStaff,
  onScheduled,
}: {
  clientId: string;
  isStaff: boolean;
  onScheduled: () => void;
}) {
  const schedule = useAction(
    () => call('post', '/api/clients/{clientId}/tasks/schedule', { params: { clientId } }),
    {
      onSuccess: onScheduled,
      describe: (caught) => (caught instanceof Error ? caught.message : 'The tasks could not be scheduled.'),
    },
  );
  return (
    <section className="card" data-testid="no-tasks">
      <p className="muted">
        {isStaff
          ? 'No onboarding tasks are scheduled for this client yet.'
          : 'Your onboarding tasks will appear here once your implementation consultant schedules them.'}
      </p>
      {isStaff && (
        <Button
          className="button button--primary"
          onPress={() => void schedule.run()}
          isPending={schedule.isPending}
        >
          Schedule the onboarding tasks
        </Button>
      )}
      {schedule.error && <Alert tone="error">{schedule.error}</Alert>}
    </section>
  );
}
