import { isValid, parseISO } from 'date-fns';
import type { CallSchedule, TaskEvent } from '@onboard/events';
import { accepted, refused, type Command, type Decider, type Decision, type Intent } from '../decider.ts';
import { unhandled } from '../exhaustive.ts';
import {
  CLIENT_TASK_IDS,
  isTaskId,
  policyTaskIds,
  taskDefinition,
  type PolicyCoverages,
} from './catalogue.ts';
import { clientActionResult, staffStatusRefusal, type ClientTaskAction, type TaskStatus } from './status.ts';
import { dueDateMoves, planDueDates, taskRefKey, type DueDateMove, type PolicyDates } from './schedule.ts';

/** One task of a client as its events leave it. */
export type TaskState = {
  taskId: string;
  policyId: string | null;
  status: TaskStatus;
  dueDate: string | null;
  statusUpdatedAt: string;
  /** Why staff marked it NIGO (what the client reads); null otherwise. */
  reason: string | null;
  /** The call of a call task, once staff set it. */
  call: CallSchedule | null;
};

/** Every task of one client, folded from `tasks-{clientId}`, keyed by task id and policy. */
export type TasksState = { tasks: ReadonlyMap<string, TaskState> };

export const taskKey = (taskId: string, policyId: string | null) => `${taskId}|${policyId ?? ''}`;

type Ref = { clientId: string; taskId: string; policyId: string | null };

/** A policy as the schedule reads it: what it covers and when it takes effect. */
export type SchedulePolicy = PolicyCoverages & PolicyDates;

/**
 * `moveOthers`: the caller has shown which other tasks move with this due date (`dueDateMoves`) and the
 * person agreed; without it a move that would carry others along is refused and nothing changes.
 */
type DueDateChange = { moveOthers?: boolean };

export type TaskCommand =
  | Command<
      'ScheduleTasks',
      {
        clientId: string;
        implementationType: string | null;
        policies: readonly SchedulePolicy[];
        /** The day the onboarding started (YYYY-MM-DD): new tasks are dated from it (schedule.ts). */
        startsOn: string;
      }
    >
  | Command<'ChangeTaskStatus', Ref & { status: TaskStatus; reason: string | null }>
  | Command<'TakeTaskAction', Ref & { action: ClientTaskAction }>
  | Command<'ChangeDueDate', Ref & DueDateChange & { dueDate: string | null }>
  /** `callDay`: the call's calendar day where the client is (the handler knows the zone; the domain not). */
  | Command<'ScheduleCall', Ref & DueDateChange & { call: CallSchedule | null; callDay: string | null }>;
export type TaskIntent = Intent<TaskCommand>;

export type TaskError =
  | { code: 'NOT_FOUND' | 'NOT_ALLOWED'; message: string }
  | { code: 'MOVES_OTHERS'; message: string; moves: DueDateMove[] }
  | { code: 'INVALID'; message: string; fields: Record<string, string> };

type TaskDecision = Decision<TaskEvent, TaskError>;

export const NO_SUCH_TASK = 'No such task for this client';
export const CALL_TASKS: readonly string[] = ['kickoff-call', 'ongoing-service-call'];
export const NOT_A_CALL = 'Only the kickoff call and the ongoing service call have a call schedule';
export const CALL_TIME_MESSAGE = 'Enter the date and time of the call';
export const CALL_DURATION_MESSAGE = 'Choose from 15 to 240 minutes';
export const JOIN_URL_MESSAGE = 'Enter the meeting link as an https:// address';
export const EIF_TASK_FOLLOWS_FORM =
  'The company information task follows its form: it is in progress once answered and done once signed';
export const DUE_DATE_FORMAT_MESSAGE = 'Enter the due date as YYYY-MM-DD';

/** A calendar date written YYYY-MM-DD that exists (no 2026-02-30). */
const isCalendarDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && isValid(parseISO(value));

export const initialTasksState = (): TasksState => ({ tasks: new Map() });

export function decideTasks(command: TaskCommand, state: TasksState): TaskDecision {
  const { at, by } = command.metadata;
  if (command.type === 'ScheduleTasks') {
    const { clientId, implementationType, policies, startsOn } = command.data;
    const wanted = [
      ...CLIENT_TASK_IDS.map((taskId) => ({ taskId, policyId: null as string | null })),
      ...policies.flatMap((policy) =>
        policyTaskIds(policy, implementationType).map((taskId) => ({ taskId, policyId: policy.policyId })),
      ),
    ].filter(({ taskId, policyId }) => !state.tasks.has(taskKey(taskId, policyId)));
    const dueDates = planDueDates({
      startsOn,
      policies,
      existing: [...state.tasks.values()],
      adding: wanted,
    });
    return accepted(
      ...wanted.map(({ taskId, policyId }): TaskEvent => ({
        type: 'TaskScheduled',
        data: {
          clientId,
          taskId,
          policyId,
          status: 'Not Started',
          dueDate: dueDates[taskRefKey({ taskId, policyId })] ?? null,
          at,
          by,
        },
      })),
    );
  }
  const { clientId, taskId, policyId } = command.data;
  const task = state.tasks.get(taskKey(taskId, policyId));
  if (!task || !isTaskId(taskId)) return refused({ code: 'NOT_FOUND', message: NO_SUCH_TASK });
  const ref = { clientId, taskId, policyId };
  if (command.type === 'ScheduleCall') return decideCall(command, state, task, ref);
  if (taskId === 'eif-submit-company-information' && command.type !== 'ChangeDueDate')
    return refused({ code: 'NOT_ALLOWED', message: EIF_TASK_FOLLOWS_FORM });
  const moveTo = (to: TaskStatus, reason: string | null): TaskDecision =>
    accepted({ type: 'TaskStatusChanged', data: { ...ref, from: task.status, to, reason, at, by } });
  switch (command.type) {
    case 'ChangeTaskStatus': {
      const reason = command.data.status === 'NIGO' ? (command.data.reason?.trim() ?? null) : null;
      const refusal = staffStatusRefusal(task.status, command.data.status, reason);
      if (refusal) return refused({ code: 'NOT_ALLOWED', message: refusal });
      return moveTo(command.data.status, reason);
    }
    case 'TakeTaskAction': {
      const result = clientActionResult(command.data.action, task.status, taskDefinition(taskId).completion);
      if ('refusal' in result) return refused({ code: 'NOT_ALLOWED', message: result.refusal });
      return moveTo(result.status, null);
    }
    case 'ChangeDueDate': {
      const { dueDate } = command.data;
      if (dueDate !== null && !isCalendarDate(dueDate))
        return refused({
          code: 'INVALID',
          message: DUE_DATE_FORMAT_MESSAGE,
          fields: { dueDate: DUE_DATE_FORMAT_MESSAGE },
        });
      return moveDueDate(state, ref, dueDate, command.data.moveOthers === true, at, by);
    }
    default:
      return unhandled('command', command);
  }
}

/**
 * Staff set the call of a call task: a real instant, 15 to 240 minutes, an https link or none. The call's
 * day becomes the task's due date (the call is when the task is done), so the badge and the call agree.
 */
function decideCall(
  command: Extract<TaskCommand, { type: 'ScheduleCall' }>,
  state: TasksState,
  task: TaskState,
  ref: Ref,
): TaskDecision {
  const { at, by } = command.metadata;
  if (!CALL_TASKS.includes(ref.taskId)) return refused({ code: 'NOT_ALLOWED', message: NOT_A_CALL });
  const { call, callDay } = command.data;
  if (call) {
    const fields: Record<string, string> = {};
    if (!isValid(parseISO(call.startsAt)) || !/T\d{2}:\d{2}/.test(call.startsAt))
      fields['call.startsAt'] = CALL_TIME_MESSAGE;
    if (!Number.isInteger(call.durationMinutes) || call.durationMinutes < 15 || call.durationMinutes > 240)
      fields['call.durationMinutes'] = CALL_DURATION_MESSAGE;
    if (call.joinUrl !== null && !isHttpsUrl(call.joinUrl)) fields['call.joinUrl'] = JOIN_URL_MESSAGE;
    if (callDay !== null && !isCalendarDate(callDay)) fields['call.startsAt'] = CALL_TIME_MESSAGE;
    if (Object.keys(fields).length > 0)
      return refused({ code: 'INVALID', message: Object.values(fields)[0]!, fields });
  }
  const events: TaskEvent[] = [];
  if (JSON.stringify(call) !== JSON.stringify(task.call))
    events.push({ type: 'TaskCallScheduled', data: { ...ref, call, at, by } });
  if (call && callDay && callDay !== task.dueDate) {
    const moved = moveDueDate(state, ref, callDay, command.data.moveOthers === true, at, by);
    if (!moved.ok) return moved;
    events.push(...moved.events);
  }
  return accepted(...events);
}

export const movesOthersMessage = (moves: readonly DueDateMove[]) =>
  `Moving this due date also moves ${moves
    .slice(1)
    .map((m) => m.title)
    .join(', ')}: confirm to move them too`;

/**
 * One due date moved, and with it every task that would otherwise be due before a task it needs
 * (schedule.ts `dueDateMoves`): one event per task that moves. Carrying others along needs `moveOthers`.
 */
function moveDueDate(
  state: TasksState,
  ref: Ref,
  dueDate: string | null,
  moveOthers: boolean,
  at: string,
  by: { userId: string; role: string },
): TaskDecision {
  const moves = dueDateMoves([...state.tasks.values()], ref, dueDate);
  if (moves.length > 1 && !moveOthers)
    return refused({ code: 'MOVES_OTHERS', message: movesOthersMessage(moves), moves });
  return accepted(
    ...moves.map((move): TaskEvent => ({
      type: 'TaskDueDateChanged',
      data: {
        clientId: ref.clientId,
        taskId: move.taskId,
        policyId: move.policyId,
        dueDate: move.to,
        at,
        by,
      },
    })),
  );
}

const isHttpsUrl = (value: string) => {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
};

export function evolveTasks(state: TasksState, event: TaskEvent): TasksState {
  const { taskId, policyId } = event.data;
  const key = taskKey(taskId, policyId);
  const tasks = new Map(state.tasks);
  const current = tasks.get(key);
  switch (event.type) {
    case 'TaskScheduled':
      tasks.set(key, {
        taskId,
        policyId,
        status: event.data.status,
        dueDate: event.data.dueDate,
        statusUpdatedAt: event.data.at,
        reason: null,
        call: null,
      });
      break;
    case 'TaskStatusChanged':
      if (current)
        tasks.set(key, {
          ...current,
          status: event.data.to,
          statusUpdatedAt: event.data.at,
          reason: event.data.reason,
        });
      break;
    case 'TaskDueDateChanged':
      if (current) tasks.set(key, { ...current, dueDate: event.data.dueDate });
      break;
    case 'TaskCallScheduled':
      if (current) tasks.set(key, { ...current, call: event.data.call });
      break;
    default:
      return unhandled('event', event);
  }
  return { tasks };
}

/** A client's tasks as one decider (domain/src/decider.ts). */
export const tasksDecider: Decider<TasksState, TaskCommand, TaskEvent, TaskError> = {
  initialState: initialTasksState,
  decide: decideTasks,
  evolve: evolveTasks,
};
