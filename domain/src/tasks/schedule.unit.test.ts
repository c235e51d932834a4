import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDays, format, parseISO } from 'date-fns';
import type { TaskEvent } from '@onboard/events';
import { commandBuilder, eventsOf, givenWhenThen } from '../testing/given-when-then.ts';
import { TASK_NEEDS, type TaskId } from './catalogue.ts';
import { tasksDecider, type SchedulePolicy, type TaskCommand, type TasksState } from './decider.ts';
import { dueDateMoves, planDueDates, taskRefKey, tasksAtRisk, type ScheduledTask } from './schedule.ts';
import { onboardingTimeline } from './timeline.ts';
import { staff, at } from '../testing/actors.ts';

const plus = (date: string, days: number) => format(addDays(parseISO(date), days), 'yyyy-MM-dd');
const given = givenWhenThen(tasksDecider);
const cmd = commandBuilder<TaskCommand>({ at, by: staff });

const dental = (policyEffective: string | null, policyId = 'p-dental'): SchedulePolicy => ({
  policyId,
  policyEffective,
  slfCoverages: ['Dental'],
  planBenefitTypes: [],
});
const pfml = (policyEffective: string | null): SchedulePolicy => ({
  policyId: 'p-pfml',
  policyEffective,
  slfCoverages: [],
  planBenefitTypes: ['PFML_CO_FULLY_INS', 'SUNADVISOR_TO_PAY'],
});

const scheduleEvents = (startsOn: string, policies: SchedulePolicy[]) =>
  eventsOf(
    given().when(
      cmd('ScheduleTasks', { clientId: 'acme', implementationType: 'NEW_BUSINESS', policies, startsOn }),
    ),
  );
const tasksOf = (state: TasksState): (ScheduledTask & { status: 'Not Started' })[] =>
  [...state.tasks.values()].map((t) => ({
    taskId: t.taskId,
    policyId: t.policyId,
    dueDate: t.dueDate,
    status: 'Not Started',
  }));
const dueOf = (tasks: readonly ScheduledTask[], taskId: string, policyId: string | null = null) =>
  tasks.find((t) => t.taskId === taskId && t.policyId === policyId)?.dueDate;

/** Every pair of a task and a task it needs, directly or through others, both dated, in order. */
function outOfOrder(tasks: readonly ScheduledTask[]): string[] {
  const needs = (task: ScheduledTask) =>
    tasks.filter(
      (other) =>
        (TASK_NEEDS[task.taskId as TaskId] ?? []).includes(other.taskId as TaskId) &&
        (other.policyId === null || task.policyId === null || other.policyId === task.policyId),
    );
  const ancestors = (task: ScheduledTask, seen = new Set<ScheduledTask>()): Set<ScheduledTask> => {
    for (const need of needs(task))
      if (!seen.has(need)) {
        seen.add(need);
        ancestors(need, seen);
      }
    return seen;
  };
  return tasks.flatMap((task) =>
    [...ancestors(task)]
      .filter((a) => task.dueDate !== null && a.dueDate !== null && a.dueDate > task.dueDate)
      .map((a) => `${taskRefKey(a)} ${a.dueDate} after ${taskRefKey(task)} ${task.dueDate}`),
  );
}

/** Each policy's phases, expected in order (phases nothing dates are left out). */
function phasesOutOfOrder(tasks: readonly ScheduledTask[], policies: readonly SchedulePolicy[]): string[] {
  const timelines = onboardingTimeline({
    tasks: tasks.map((t) => ({ ...t, status: 'Not Started', doneAt: null, reason: null })),
    policies: policies.map((p) => ({
      id: p.policyId,
      slfPolicyNumber: p.policyId,
      slfCoverages: p.slfCoverages,
      policyEffective: p.policyEffective,
    })),
    eifSignedAt: null,
    pushes: [],
    today: '2026-01-01',
  });
  return timelines.flatMap((timeline) =>
    timeline.phases.flatMap((phase, i) => {
      const before = timeline.phases
        .slice(0, i)
        .filter((p) => p.estimated !== null && phase.estimated !== null && p.estimated > phase.estimated);
      return before.map(
        (p) => `${timeline.label}: ${p.id} ${p.estimated} after ${phase.id} ${phase.estimated}`,
      );
    }),
  );
}

describe('the first due dates', () => {
  it('work forward from the kickoff and back from the effective date, in dependency order', () => {
    const events = scheduleEvents('2026-11-24', [dental('2027-03-01')]);
    const tasks = tasksOf(given(...events).state);
    expect(dueOf(tasks, 'kickoff-call')).toBe('2026-12-01');
    expect(dueOf(tasks, 'company-profile')).toBe('2026-12-08');
    expect(dueOf(tasks, 'eif-submit-company-information')).toBe('2026-12-15');
    expect(dueOf(tasks, 'onboarding-forms')).toBe('2026-12-22');
    // Tied to the effective date: plan setup six weeks before, enrollment a month before.
    expect(dueOf(tasks, 'prior-carrier-bills', 'p-dental')).toBe('2027-01-15');
    expect(dueOf(tasks, 'enrollment-elections', 'p-dental')).toBe('2027-01-30');
    expect(dueOf(tasks, 'ongoing-service-call')).toBe('2027-03-31');
    expect(outOfOrder(tasks)).toEqual([]);
    expect(tasksAtRisk({ tasks, policies: [dental('2027-03-01')] })).toEqual([]);
  });

  it('date each policy’s tasks from its own effective date, and a prerequisite early enough for its dependent', () => {
    const policies = [dental('2027-03-01'), pfml('2027-05-01')];
    const tasks = tasksOf(given(...scheduleEvents('2026-11-24', policies)).state);
    expect(dueOf(tasks, 'enrollment-elections', 'p-dental')).toBe('2027-01-30');
    expect(dueOf(tasks, 'enrollment-elections', 'p-pfml')).toBe('2027-04-01');
    // The client's enrollment materials, due before the first policy's enrollment, wait for every
    // policy's plan setup; PFML's summary plan description needs the PFML details a week before it.
    expect(dueOf(tasks, 'enrollment-resources')).toBe('2027-01-30');
    expect(dueOf(tasks, 'pfml-spd', 'p-pfml')).toBe('2027-01-23');
    expect(dueOf(tasks, 'pfml', 'p-pfml')).toBe('2027-01-16');
    // The hand-over to service comes a month after the last policy takes effect.
    expect(dueOf(tasks, 'ongoing-service-call')).toBe('2027-05-31');
  });

  it('compress the leads when the effective date is close, never the order, and name the tasks at risk', () => {
    const policies = [dental('2027-01-15')];
    const tasks = tasksOf(given(...scheduleEvents('2026-11-24', policies)).state);
    expect(outOfOrder(tasks)).toEqual([]);
    expect(phasesOutOfOrder(tasks, policies)).toEqual([]);
    // Enrollment before the effective date, never before the kickoff.
    expect(dueOf(tasks, 'enrollment-elections', 'p-dental')! < '2027-01-15').toBe(true);
    expect(dueOf(tasks, 'enrollment-resources')! >= dueOf(tasks, 'kickoff-call')!).toBe(true);
    const atRisk = tasksAtRisk({ tasks, policies }).map((t) => `${t.title}${t.policyId ? ' (policy)' : ''}`);
    expect(atRisk).toEqual([
      'Kickoff call',
      'Company profile',
      'Submit company information',
      'Prior carrier certificates',
      'Connect your benefits administration',
      'Prior carrier bills (policy)',
      'Dental rollover (policy)',
      'Deductible and maximum report (policy)',
    ]);
    // Finished work is past risk.
    const done = tasks.map((t) => ({ ...t, status: 'Done' as const }));
    expect(tasksAtRisk({ tasks: done, policies })).toEqual([]);
  });

  it('keep the tasks a client has: a policy added later is dated around them', () => {
    const first = scheduleEvents('2026-11-24', [dental('2027-03-01')]);
    const state = given(...first).state;
    const planned = planDueDates({
      startsOn: '2027-01-20',
      policies: [dental('2027-03-01'), dental('2027-03-01', 'p-second')],
      existing: tasksOf(state),
      adding: [{ taskId: 'enrollment-elections', policyId: 'p-second' }],
    });
    // Not before the plan setup it needs, nor after the service call that needs it.
    expect(planned['enrollment-elections|p-second']).toBe('2027-01-30');
  });
});

describe('moving a due date', () => {
  const tasks = tasksOf(given(...scheduleEvents('2026-11-24', [dental('2027-03-01')])).state);

  it('moves later the tasks that would fall before it, by as many days; the rest stay', () => {
    const moves = dueDateMoves(
      tasks,
      { taskId: 'eif-submit-company-information', policyId: null },
      '2027-01-20',
    );
    expect(moves.map((m) => [m.title, m.from, m.to])).toEqual([
      ['Submit company information', '2026-12-15', '2027-01-20'],
      // Moved 36 days later, the tasks that need it keep their spacing.
      ['Sign onboarding forms', '2026-12-22', '2027-01-27'],
      ['Prior carrier certificates', '2027-01-15', '2027-02-20'],
      ['Connect your benefits administration', '2027-01-15', '2027-02-20'],
      ['Prior carrier bills', '2027-01-15', '2027-02-20'],
      ['Dental rollover', '2027-01-15', '2027-02-20'],
      ['Deductible and maximum report', '2027-01-15', '2027-02-20'],
      ['Enrollment resources', '2027-01-30', '2027-03-07'],
      ['Enrollment elections', '2027-01-30', '2027-03-07'],
    ]);
  });

  it('moves earlier the tasks it needs when it moves before them', () => {
    const moves = dueDateMoves(tasks, { taskId: 'company-profile', policyId: null }, '2026-11-27');
    expect(moves.map((m) => [m.taskId, m.to])).toEqual([
      ['company-profile', '2026-11-27'],
      ['kickoff-call', '2026-11-20'],
    ]);
  });

  it('moves nothing else when the date is cleared or unchanged', () => {
    expect(dueDateMoves(tasks, { taskId: 'kickoff-call', policyId: null }, null)).toMatchObject([
      { taskId: 'kickoff-call', from: '2026-12-01', to: null },
    ]);
    expect(dueDateMoves(tasks, { taskId: 'kickoff-call', policyId: null }, '2026-12-01')).toEqual([]);
  });
});

const day = fc.integer({ min: 0, max: 3 * 365 }).map((n) => plus('2026-01-01', n));
const coverages = fc.constantFrom(
  { slfCoverages: ['Dental'], planBenefitTypes: [] },
  { slfCoverages: ['Life'], planBenefitTypes: [] },
  { slfCoverages: [], planBenefitTypes: ['PFML_CO_FULLY_INS'] },
  { slfCoverages: ['SunAdvisor'], planBenefitTypes: ['VISION'] },
);

describe('the schedule, whatever the dates (property)', () => {
  it('never shows a phase before the one it follows, nor a task before a task it needs', () => {
    fc.assert(
      fc.property(
        day,
        fc.array(fc.tuple(coverages, fc.option(fc.integer({ min: -30, max: 400 }))), {
          minLength: 1,
          maxLength: 3,
        }),
        fc.integer({ min: -10, max: 120 }),
        fc.array(fc.tuple(fc.nat(), fc.option(fc.integer({ min: -200, max: 200 }), { freq: 6 })), {
          maxLength: 8,
        }),
        (startsOn, policySpecs, kickoffAfter, edits) => {
          const policies: SchedulePolicy[] = policySpecs.map(([covered, effectiveAfter], i) => ({
            policyId: `p-${i}`,
            policyEffective: effectiveAfter === null ? null : plus(startsOn, effectiveAfter),
            ...covered,
          }));
          let history: TaskEvent[] = scheduleEvents(startsOn, policies);
          const check = (what: string) => {
            const tasks = tasksOf(given(...history).state);
            expect(outOfOrder(tasks), what).toEqual([]);
            expect(phasesOutOfOrder(tasks, policies), what).toEqual([]);
          };
          check('first due dates');
          // The kickoff is held some day, then staff move any due date (or clear it), agreeing each time.
          const move = (pick: (tasks: ScheduledTask[]) => ScheduledTask) => {
            const task = pick(tasksOf(given(...history).state));
            const data = { clientId: 'acme', ...task, moveOthers: true };
            history = [...history, ...eventsOf(given(...history).when(cmd('ChangeDueDate', data)))];
            check(`after moving ${task.taskId} to ${task.dueDate}`);
          };
          move((tasks) => ({
            ...tasks.find((t) => t.taskId === 'kickoff-call')!,
            dueDate: plus(startsOn, kickoffAfter),
          }));
          for (const [pick, shift] of edits)
            move((tasks) => {
              const task = tasks[pick % tasks.length]!;
              return { ...task, dueDate: shift === null ? null : plus(task.dueDate ?? startsOn, shift) };
            });
        },
      ),
      { numRuns: 150 },
    );
  });

  it('plans in order from any kickoff and effective dates', () => {
    fc.assert(
      fc.property(
        day,
        fc.integer({ min: -30, max: 400 }),
        fc.integer({ min: -10, max: 200 }),
        (startsOn, e, k) => {
          const policies = [dental(plus(startsOn, e)), pfml(plus(startsOn, e + 31))];
          const adding = tasksOf(given(...scheduleEvents(startsOn, policies)).state).map(
            ({ taskId, policyId }) => ({ taskId, policyId }),
          );
          const planned = planDueDates({
            startsOn,
            kickoff: plus(startsOn, k),
            policies,
            existing: [],
            adding,
          });
          const tasks = adding.map((t) => ({ ...t, dueDate: planned[taskRefKey(t)] ?? null }));
          expect(tasks.every((t) => t.dueDate !== null)).toBe(true);
          expect(outOfOrder(tasks)).toEqual([]);
          expect(phasesOutOfOrder(tasks, policies)).toEqual([]);
        },
      ),
      { numRuns: 200 },
    );
  });
});
