import { addDays, differenceInCalendarDays, format, parseISO } from 'date-fns';
import {
  EFFECTIVE_DATE_OFFSETS,
  TASK_LEAD_DAYS,
  TASK_NEEDS,
  TASKS_IN_DEPENDENCY_ORDER,
  isPolicyTaskId,
  isTaskId,
  taskDefinition,
  type TaskId,
} from './catalogue.ts';
import { FINAL_STATUSES, type TaskStatus } from './status.ts';

/**
 * The onboarding's schedule (our rules; the spec leaves them open): first due dates, what moves when a due
 * date moves, and which tasks a short run-up puts at risk, all read from the catalogue's dependencies
 * (catalogue.ts TASK_NEEDS, TASK_LEAD_DAYS, EFFECTIVE_DATE_OFFSETS).
 *
 * The one rule everything keeps: a task is never due before a task it needs, directly or through others
 * (tasks without a due date are passed through, so clearing one never lets its neighbours cross).
 * Dates are calendar days written YYYY-MM-DD, so they compare as strings.
 */

export type TaskRef = { taskId: string; policyId: string | null };
export type ScheduledTask = TaskRef & { dueDate: string | null };
export type PolicyDates = { policyId: string; policyEffective: string | null };

/** Days the onboarding assumes before go-live when no policy has an effective date. */
const ASSUMED_RUN_UP_DAYS = 90;

const day = (date: Date) => format(date, 'yyyy-MM-dd');
const plus = (date: string, days: number) => day(addDays(parseISO(date), days));
const later = (a: string | null, b: string | null) => (a === null ? b : b === null || a >= b ? a : b);
const earlier = (a: string | null, b: string | null) => (a === null ? b : b === null || a <= b ? a : b);

export const taskRefKey = (task: TaskRef) => `${task.taskId}|${task.policyId ?? ''}`;

/** A task's place in the catalogue's dependency order (unknown ids last). */
const rank = (taskId: string) => {
  const index = TASKS_IN_DEPENDENCY_ORDER.indexOf(taskId as TaskId);
  return index < 0 ? TASKS_IN_DEPENDENCY_ORDER.length : index;
};

/**
 * The dependency graph of one client's tasks: each task's direct prerequisites and dependents, and both
 * closures. A policy-level prerequisite of a policy-level task is its own policy's; of a client-level task,
 * every policy's.
 */
function dependencyGraph<T extends TaskRef>(tasks: readonly T[]) {
  const ordered = [...tasks].sort((a, b) => rank(a.taskId) - rank(b.taskId));
  const needsOf = new Map<string, T[]>();
  const neededBy = new Map<string, T[]>(ordered.map((t) => [taskRefKey(t), []]));
  for (const task of ordered) {
    const needs = isTaskId(task.taskId) ? TASK_NEEDS[task.taskId] : [];
    const direct = ordered.filter(
      (other) =>
        needs.includes(other.taskId as TaskId) &&
        (other.policyId === null || task.policyId === null || other.policyId === task.policyId),
    );
    needsOf.set(taskRefKey(task), direct);
    for (const need of direct) neededBy.get(taskRefKey(need))!.push(task);
  }
  const closure = (edges: Map<string, T[]>) => {
    const memo = new Map<string, Set<T>>();
    const walk = (task: T): Set<T> => {
      const key = taskRefKey(task);
      const known = memo.get(key);
      if (known) return known;
      const all = new Set<T>();
      for (const next of edges.get(key) ?? []) {
        all.add(next);
        for (const further of walk(next)) all.add(further);
      }
      memo.set(key, all);
      return all;
    };
    return (task: T) => [...walk(task)];
  };
  return {
    /** Prerequisites before dependents. */
    ordered,
    needsOf: (task: T) => needsOf.get(taskRefKey(task)) ?? [],
    neededBy: (task: T) => neededBy.get(taskRefKey(task)) ?? [],
    ancestors: closure(needsOf),
    descendants: closure(neededBy),
  };
}

/**
 * The effective date a task works back from: its policy's; for a client-level task the first policy's (the
 * work comes before the first go-live), or the last one's for work after go-live (the service hand-over).
 */
function effectiveDateOf(task: TaskRef, policies: readonly PolicyDates[]): string | null {
  if (task.policyId !== null && isPolicyTaskId(task.taskId))
    return policies.find((p) => p.policyId === task.policyId)?.policyEffective ?? null;
  const isAfterGoLive = (isTaskId(task.taskId) ? (EFFECTIVE_DATE_OFFSETS[task.taskId] ?? 0) : 0) > 0;
  return policies.reduce<string | null>(
    (pick, p) => (isAfterGoLive ? later : earlier)(pick, p.policyEffective),
    null,
  );
}

/**
 * Each task's latest date, worked back from the effective dates: its own offset from the effective date,
 * and each dependent's latest date less the dependent's usual lead. null where no effective date bounds it.
 */
function deadlines<T extends TaskRef>(
  graph: ReturnType<typeof dependencyGraph<T>>,
  effectiveOf: (task: T) => string | null,
): Map<string, string | null> {
  const latest = new Map<string, string | null>();
  for (const task of [...graph.ordered].reverse()) {
    const effective = effectiveOf(task);
    const offset = isTaskId(task.taskId) ? EFFECTIVE_DATE_OFFSETS[task.taskId] : undefined;
    let bound = effective !== null && offset !== undefined ? plus(effective, offset) : null;
    for (const dependent of graph.neededBy(task)) {
      const after = latest.get(taskRefKey(dependent)) ?? null;
      const lead = isTaskId(dependent.taskId) ? TASK_LEAD_DAYS[dependent.taskId] : 0;
      if (after !== null) bound = earlier(bound, plus(after, -lead));
    }
    latest.set(taskRefKey(task), bound);
  }
  return latest;
}

export type PlanInput = {
  /** The day the onboarding starts (the client's creation): nothing new is due before the day after. */
  startsOn: string;
  /** The kickoff call's day, when it is known; else a week after the start. */
  kickoff?: string | null;
  policies: readonly PolicyDates[];
  /** The tasks the client already has, with their due dates: they stay as they are. */
  existing: readonly ScheduledTask[];
  /** The tasks to date. */
  adding: readonly TaskRef[];
};

/**
 * First due dates, in dependency order: worked forward from the kickoff (each task its usual lead after the
 * last of its prerequisites) and back from the effective date (a task tied to it is due at its offset, so
 * the client gets all the time there is, and every task early enough for its dependents' leads). When the
 * effective date is too close for the usual leads, the leads are shortened, never the order: a task is
 * never due before a task it needs (then the hub names the tasks at risk: `tasksAtRisk`). Without an
 * effective date the client is taken to go live 90 days after the start. Answers a date per task key.
 */
export function planDueDates(input: PlanInput): Record<string, string> {
  const { startsOn } = input;
  const assumed = plus(startsOn, ASSUMED_RUN_UP_DAYS);
  const adding = new Set(input.adding.map(taskRefKey));
  const all: ScheduledTask[] = [
    ...input.existing,
    ...input.adding
      .filter((t) => !input.existing.some((e) => taskRefKey(e) === taskRefKey(t)))
      .map((t) => ({ ...t, dueDate: null })),
  ];
  const graph = dependencyGraph(all);
  const latest = deadlines(graph, (task) => effectiveDateOf(task, input.policies) ?? assumed);
  const dates = new Map(all.map((t) => [taskRefKey(t), t.dueDate]));
  const dated = (tasks: readonly ScheduledTask[]) =>
    tasks.map((t) => dates.get(taskRefKey(t)) ?? null).filter((d): d is string => d !== null);
  const planned: Record<string, string> = {};
  for (const task of graph.ordered) {
    const key = taskRefKey(task);
    if (!adding.has(key) || !isTaskId(task.taskId)) continue;
    const after = dated(graph.ancestors(task)).reduce<string | null>(later, null);
    const before = dated(graph.descendants(task)).reduce<string | null>(earlier, null);
    const deadline = latest.get(key) ?? null;
    let date: string;
    if (task.taskId === 'kickoff-call' && input.kickoff) date = input.kickoff;
    else {
      const usual = plus(after ?? startsOn, TASK_LEAD_DAYS[task.taskId]);
      const target = EFFECTIVE_DATE_OFFSETS[task.taskId] !== undefined ? later(usual, deadline)! : usual;
      date = later(plus(startsOn, 1), earlier(target, deadline))!;
    }
    // The order comes first: after every prerequisite, and before every dependent already dated.
    if (after !== null && date < after) date = after;
    else if (before !== null && date > before && (after === null || before >= after)) date = before;
    planned[key] = date;
    dates.set(key, date);
  }
  return planned;
}

export type DueDateMove = TaskRef & { title: string; from: string | null; to: string | null };

const titleOf = (taskId: string) => (isTaskId(taskId) ? taskDefinition(taskId).title : 'Task');

/**
 * What moves when one task's due date moves (Asana-style): the task, then each task that would otherwise
 * be due before a task it needs. A dependent of a task moved later is moved by as many days (at least to
 * the day the task it needs is now due); a prerequisite of a task moved earlier likewise. Tasks already in
 * order stay. Clearing a due date moves nothing else. The task itself comes first; an empty list when
 * nothing changes.
 */
export function dueDateMoves(
  tasks: readonly ScheduledTask[],
  target: TaskRef,
  dueDate: string | null,
): DueDateMove[] {
  const moved = tasks.find((t) => taskRefKey(t) === taskRefKey(target));
  if (!moved || moved.dueDate === dueDate) return [];
  const graph = dependencyGraph(tasks);
  const dates = new Map(tasks.map((t) => [taskRefKey(t), t.dueDate]));
  dates.set(taskRefKey(moved), dueDate);
  if (dueDate !== null) {
    const shift = moved.dueDate ? differenceInCalendarDays(parseISO(dueDate), parseISO(moved.dueDate)) : 0;
    const dateOf = (t: ScheduledTask) => dates.get(taskRefKey(t)) ?? null;
    const descendants = new Set(graph.descendants(moved).map(taskRefKey));
    for (const task of graph.ordered.filter((t) => descendants.has(taskRefKey(t)))) {
      const current = dateOf(task);
      const after = graph.ancestors(task).map(dateOf).reduce<string | null>(later, null);
      if (current !== null && after !== null && current < after)
        dates.set(taskRefKey(task), later(plus(current, Math.max(shift, 0)), after));
    }
    const ancestors = new Set(graph.ancestors(moved).map(taskRefKey));
    for (const task of [...graph.ordered].reverse().filter((t) => ancestors.has(taskRefKey(t)))) {
      const current = dateOf(task);
      const before = graph.descendants(task).map(dateOf).reduce<string | null>(earlier, null);
      if (current !== null && before !== null && current > before)
        dates.set(taskRefKey(task), earlier(plus(current, Math.min(shift, 0)), before));
    }
  }
  const moves = graph.ordered
    .filter((t) => dates.get(taskRefKey(t)) !== t.dueDate)
    .map((t) => ({
      taskId: t.taskId,
      policyId: t.policyId,
      title: titleOf(t.taskId),
      from: t.dueDate,
      to: dates.get(taskRefKey(t)) ?? null,
    }));
  const first = moves.find((m) => taskRefKey(m) === taskRefKey(moved))!;
  return [first, ...moves.filter((m) => m !== first)];
}

export type TaskAtRisk = TaskRef & {
  title: string;
  dueDate: string | null;
  /** The latest day the task should be due by for the usual leads to fit before the effective date. */
  dueBy: string;
};

/**
 * The tasks a short run-up puts at risk: open tasks due later than the effective date leaves room for
 * (their latest date worked back from it with the usual leads), or given less than their usual lead after
 * the open tasks they need. Done, voided and declined tasks are past risk; without an effective date
 * nothing is at risk. In dependency order.
 */
export function tasksAtRisk(input: {
  tasks: readonly (ScheduledTask & { status: TaskStatus })[];
  policies: readonly PolicyDates[];
}): TaskAtRisk[] {
  const graph = dependencyGraph(input.tasks);
  const latest = deadlines(graph, (task) => effectiveDateOf(task, input.policies));
  const isOpen = (task: { status: TaskStatus }) => !FINAL_STATUSES.includes(task.status);
  return graph.ordered.flatMap((task): TaskAtRisk[] => {
    const dueBy = latest.get(taskRefKey(task)) ?? null;
    if (!isOpen(task) || dueBy === null || !isTaskId(task.taskId)) return [];
    const after = graph
      .ancestors(task)
      .filter(isOpen)
      .map((t) => t.dueDate)
      .reduce<string | null>(later, null);
    const isLate = task.dueDate !== null && task.dueDate > dueBy;
    const isSqueezed = after !== null && plus(after, TASK_LEAD_DAYS[task.taskId]) > dueBy;
    return isLate || isSqueezed
      ? [
          {
            taskId: task.taskId,
            policyId: task.policyId,
            title: titleOf(task.taskId),
            dueDate: task.dueDate,
            dueBy,
          },
        ]
      : [];
  });
}
