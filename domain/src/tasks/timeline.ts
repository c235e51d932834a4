import { addDays, format, parseISO } from 'date-fns';
import { COMPANY_INFORMATION, PLAN_SETUP, TASKS, type TaskId } from './catalogue.ts';
import { EIF_TASK_ID } from './eif-task.ts';
import { FINAL_STATUSES, type TaskStatus } from './status.ts';

/**
 * The onboarding timeline of the hub home: per policy, five phases with when each is expected and when it
 * was reached, the client's pushes to the plan system, and the NIGO items still waiting for an answer.
 *
 * The phases, in order:
 * - Kickoff: the kickoff call is held (kickoff-call).
 * - Company information: the Employer Information Form is signed and the company profile checked
 *   (eif-submit-company-information, company-profile).
 * - Plan setup: the forms, certificates, connections and the policy's own plan tasks are accepted, and a
 *   push of the plan design to the plan system completed (onboarding-forms, prior-carrier-certificates,
 *   connect-service, and the policy's prior-carrier-bills, pfml, pfml-spd, sunadvisor-spd, dental-rollover,
 *   deductible-maximum-report).
 * - Enrollment: the enrollment materials are shared and the policy's census is accepted
 *   (enrollment-resources, enrollment-elections).
 * - Go-live: the policy takes effect, after the service call hands over to day-to-day service
 *   (ongoing-service-call).
 *
 * Estimated: the latest due date among the phase's tasks (the schedule keeps a task after every task it
 * needs, and each phase's tasks need the phase before's: schedule.ts, catalogue.ts TASK_NEEDS); a phase
 * whose tasks have no due date is estimated back from the policy's effective date by a fixed lead
 * (PHASE_LEAD_DAYS), never before the phase it follows nor after the next one with a date. Go-live is the
 * effective date itself, unless work before it is due later (a compressed plan: the hub names the tasks
 * at risk). Actual: when the phase's last task reached Done (the EIF task when the form was
 * signed; plan setup also needs a completed push, and counts from the later of the two); go-live, the
 * effective date once it has come and every earlier phase is reached. A phase with no task of its own is
 * reached with the one before it (so a policy without plan tasks is set up once a push completes).
 */

export const PHASES = ['kickoff', 'company-information', 'plan-setup', 'enrollment', 'go-live'] as const;
export type PhaseId = (typeof PHASES)[number];

export const PHASE_LABELS: Record<PhaseId, string> = {
  kickoff: 'Kickoff',
  'company-information': 'Company information',
  'plan-setup': 'Plan setup',
  enrollment: 'Enrollment',
  'go-live': 'Go-live',
};

const PHASE_TASKS: Record<PhaseId, readonly TaskId[]> = {
  kickoff: ['kickoff-call'],
  'company-information': COMPANY_INFORMATION,
  'plan-setup': PLAN_SETUP,
  enrollment: ['enrollment-resources', 'enrollment-elections'],
  'go-live': ['ongoing-service-call'],
};

/** Days before the effective date a phase is expected by when none of its tasks has a due date. */
export const PHASE_LEAD_DAYS: Record<PhaseId, number> = {
  kickoff: 90,
  'company-information': 60,
  'plan-setup': 45,
  enrollment: 14,
  'go-live': 0,
};

export type TimelineTask = {
  taskId: string;
  policyId: string | null;
  status: TaskStatus;
  dueDate: string | null;
  /** When the task last reached Done; null when it is not Done. */
  doneAt: string | null;
  reason: string | null;
};

export type TimelinePolicy = {
  id: string;
  slfPolicyNumber: string;
  slfCoverages: readonly string[];
  /** YYYY-MM-DD, or null when not known yet. */
  policyEffective: string | null;
};

export type TimelinePush = { id: string; status: string; requestedAt: string; updatedAt: string };

export type TimelineInput = {
  tasks: readonly TimelineTask[];
  policies: readonly TimelinePolicy[];
  eifSignedAt: string | null;
  pushes: readonly TimelinePush[];
  /** YYYY-MM-DD: the domain has no clock. */
  today: string;
};

export type PhaseState = 'done' | 'current' | 'upcoming';

export type TimelinePhase = {
  id: PhaseId;
  label: string;
  /** YYYY-MM-DD or null when nothing says when. */
  estimated: string | null;
  /** When it was reached (a timestamp or, for go-live, a date), or null. */
  actual: string | null;
  state: PhaseState;
  /** Expected before today and not reached. */
  isLate: boolean;
  /** How many of the phase's tasks are done, of how many. */
  done: number;
  total: number;
};

export type NigoItem = { taskId: string; policyId: string | null; title: string; reason: string };
export type PushItem = {
  id: string;
  at: string;
  label: string;
  tone: 'info' | 'success' | 'warning' | 'error';
};

export type PolicyTimeline = {
  /** null for a client without policies yet: the client-level tasks only. */
  policyId: string | null;
  /** The policy as the client knows it: its number and coverages. */
  label: string;
  effectiveDate: string | null;
  phases: TimelinePhase[];
  pushes: PushItem[];
  nigo: NigoItem[];
};

const PUSH_LABELS: Record<string, Omit<PushItem, 'id' | 'at'>> = {
  IN_PROGRESS: { label: 'Push in progress', tone: 'info' },
  COMPLETED: { label: 'Pushed to the plan system', tone: 'success' },
  NOT_APPLICABLE: { label: 'Nothing to push', tone: 'success' },
  COMPLETED_WITH_WARNINGS: { label: 'Pushed with warnings', tone: 'warning' },
  COMPLETED_WITH_ERRORS: { label: 'Push failed with errors', tone: 'error' },
  TIMEOUT: { label: 'Push timed out', tone: 'error' },
};
const COMPLETED_PUSH = ['COMPLETED', 'COMPLETED_WITH_WARNINGS', 'NOT_APPLICABLE'];

const titleOf = (taskId: string) => TASKS.find((t) => t.id === taskId)?.title ?? 'Task';

/** "Policy 4471-D · Dental, Vision": the number the client knows and what it covers, never an id. */
export function policyLabel(policy: Pick<TimelinePolicy, 'slfPolicyNumber' | 'slfCoverages'>): string {
  const number = policy.slfPolicyNumber ? `Policy ${policy.slfPolicyNumber}` : 'Policy';
  return policy.slfCoverages.length > 0 ? `${number} · ${policy.slfCoverages.join(', ')}` : number;
}

const latest = (values: readonly (string | null)[]): string | null =>
  values.reduce<string | null>((max, v) => (v !== null && (max === null || v > max) ? v : max), null);

const earliest = (values: readonly (string | null)[]): string | null =>
  values.reduce<string | null>((min, v) => (v !== null && (min === null || v < min) ? v : min), null);

const dateOf = (value: string) => value.slice(0, 10);

/**
 * When a phase is expected: the policy takes effect on its date, and a go-live after unfinished enrollment
 * work is later; another phase by its tasks' due date or, without one, a guess back from the effective date.
 */
function estimatedDate(
  id: PhaseId,
  around: { due: string | null; effective: string | null; before: string | null; next: string | null },
): string | null {
  const { due, effective, before, next } = around;
  if (id === 'go-live') return latest([effective ?? due, before]);
  // Between the phases around it. A real due date stays as it is, so a phase whose tasks are overdue reads as late.
  return (
    due ??
    latest([
      effective
        ? earliest([format(addDays(parseISO(effective), -PHASE_LEAD_DAYS[id]), 'yyyy-MM-dd'), next])
        : null,
      before,
    ])
  );
}

/** The pushes to the plan system in the order asked, each at its last change. */
const pushItemsOf = (pushes: TimelineInput['pushes']): PushItem[] =>
  [...pushes]
    .sort((a, b) => a.requestedAt.localeCompare(b.requestedAt))
    .map((push) => ({
      id: push.id,
      at: push.status === 'IN_PROGRESS' ? push.requestedAt : push.updatedAt,
      ...(PUSH_LABELS[push.status] ?? { label: 'Push', tone: 'info' as const }),
    }));

export function onboardingTimeline(input: TimelineInput): PolicyTimeline[] {
  const pushes = pushItemsOf(input.pushes);
  const completedPush = latest(
    input.pushes.filter((p) => COMPLETED_PUSH.includes(p.status)).map((p) => p.updatedAt),
  );
  // The EIF task's status is the form's: done when signed.
  const tasks = input.tasks.map((task) =>
    task.taskId === EIF_TASK_ID
      ? {
          ...task,
          status: input.eifSignedAt ? ('Done' as const) : task.status,
          doneAt: input.eifSignedAt ?? null,
        }
      : task,
  );
  const targets: (TimelinePolicy | null)[] = input.policies.length > 0 ? [...input.policies] : [null];

  return targets.map((policy) => {
    const own = tasks.filter((t) => t.policyId === null || t.policyId === policy?.id);
    const effective = policy?.policyEffective ?? null;
    const phases: TimelinePhase[] = [];
    let previousActual: string | null = null;
    let previousReached = true;
    const inPhaseOf = (id: PhaseId) => own.filter((t) => PHASE_TASKS[id].includes(t.taskId as TaskId));
    // The latest due date of each phase's tasks: the tasks' order (schedule.ts) keeps these in order.
    const dueOf = PHASES.map((id) =>
      id === 'go-live' && effective ? effective : latest(inPhaseOf(id).map((t) => t.dueDate)),
    );
    for (const [index, id] of PHASES.entries()) {
      const inPhase = inPhaseOf(id);
      // Voided and declined tasks ask nothing more: they neither hold a phase back nor count as done.
      const counted = inPhase.filter((t) => t.status === 'Done' || !FINAL_STATUSES.includes(t.status));
      const done = counted.filter((t) => t.status === 'Done');
      const allDone = done.length === counted.length;
      const due = dueOf[index]!;
      const before = phases.at(-1)?.estimated ?? null;
      // The next phase expected with a date of its own: a guess never goes past it.
      const next = earliest(dueOf.slice(index + 1));
      const estimated = estimatedDate(id, { due, effective, before, next });
      let actual: string | null = null;
      if (previousReached && allDone) {
        const tasksDoneAt = latest(done.map((t) => t.doneAt));
        if (id === 'plan-setup') actual = completedPush ? latest([tasksDoneAt, completedPush]) : null;
        else if (id === 'go-live') actual = effective && effective <= input.today ? effective : null;
        else actual = tasksDoneAt ?? (counted.length === 0 ? previousActual : null);
      }
      const reached = actual !== null;
      const state: PhaseState = reached
        ? 'done'
        : previousReached && phases.every((p) => p.state === 'done')
          ? 'current'
          : 'upcoming';
      phases.push({
        id,
        label: PHASE_LABELS[id],
        estimated,
        actual,
        state,
        isLate: !reached && estimated !== null && dateOf(estimated) < input.today,
        done: done.length,
        total: counted.length,
      });
      previousActual = actual;
      previousReached = reached;
    }
    const nigo: NigoItem[] = own
      .filter((t) => t.status === 'NIGO')
      .map((t) => ({
        taskId: t.taskId,
        policyId: t.policyId,
        title: titleOf(t.taskId),
        reason: t.reason ?? '',
      }));
    return {
      policyId: policy?.id ?? null,
      label: policy ? policyLabel(policy) : 'Your onboarding',
      effectiveDate: effective,
      phases,
      pushes,
      nigo,
    };
  });
}
