import { z } from 'zod';
import { TASK_STATUSES } from './task-statuses.ts';
import { eventSchema, Stamp } from './schema.ts';

export { TASK_STATUSES };

const TaskStatus = z.enum(TASK_STATUSES);
/** A task of the client (policyId null) or of one of its policies. */
const TaskRef = { clientId: z.string(), taskId: z.string(), policyId: z.string().nullable() };

/** A task the client has to do exists from now on, with its first status and due date. */
export const TaskScheduled = eventSchema('TaskScheduled', {
  ...TaskRef,
  status: TaskStatus,
  dueDate: z.string().nullable(),
  ...Stamp,
});
export type TaskScheduled = z.infer<typeof TaskScheduled>;

/** A task's status changed; `reason` is what the client reads when staff mark it NIGO. */
export const TaskStatusChanged = eventSchema('TaskStatusChanged', {
  ...TaskRef,
  from: TaskStatus,
  to: TaskStatus,
  reason: z.string().nullable(),
  ...Stamp,
});
export type TaskStatusChanged = z.infer<typeof TaskStatusChanged>;

/** Staff moved a task's due date (null: no due date). */
export const TaskDueDateChanged = eventSchema('TaskDueDateChanged', {
  ...TaskRef,
  dueDate: z.string().nullable(),
  ...Stamp,
});
export type TaskDueDateChanged = z.infer<typeof TaskDueDateChanged>;

/** When a call task's call takes place (the client's call schedule), how long and how to join. */
export const CallSchedule = z.object({
  startsAt: z.string(),
  durationMinutes: z.number().int(),
  joinUrl: z.string().nullable(),
});
export type CallSchedule = z.infer<typeof CallSchedule>;

/** Staff set (or cleared, null) the call of the kickoff or ongoing service call. */
export const TaskCallScheduled = eventSchema('TaskCallScheduled', {
  ...TaskRef,
  call: CallSchedule.nullable(),
  ...Stamp,
});
export type TaskCallScheduled = z.infer<typeof TaskCallScheduled>;

export const TaskEvent = z.discriminatedUnion('type', [
  TaskScheduled,
  TaskStatusChanged,
  TaskDueDateChanged,
  TaskCallScheduled,
]);
export type TaskEvent = z.infer<typeof TaskEvent>;

/** Every task of one client, client-level and policy-level. */
export const taskStream = (clientId: string) => `tasks-${clientId}`;
