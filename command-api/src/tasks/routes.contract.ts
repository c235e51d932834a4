import { z } from 'zod';
import { defineRoute, json, problem } from '@onboard/api-contract';
import { TASK_STATUSES } from '@onboard/events';

const taskParams = z.object({ clientId: z.string().min(1), taskId: z.string().min(1) });
/** A policy-level task names its policy; a client-level task does not. */
const policyId = z.string().min(1).nullable().default(null);

/** A task after the change. */
const TaskState = z.object({
  taskId: z.string(),
  policyId: z.string().nullable(),
  status: z.enum(TASK_STATUSES),
  dueDate: z.string().nullable(),
  statusUpdatedAt: z.string(),
  reason: z.string().nullable(),
  call: z
    .object({ startsAt: z.string(), durationMinutes: z.number().int(), joinUrl: z.string().nullable() })
    .nullable(),
});

export const scheduleTasks = defineRoute({
  method: 'post',
  path: '/api/clients/{clientId}/tasks/schedule',
  tag: 'tasks',
  summary: 'Create the client’s tasks its policies call for; tasks that exist are kept (staff)',
  request: { params: z.object({ clientId: z.string().min(1) }) },
  responses: {
    200: json(z.object({ scheduled: z.number().int() }), 'How many tasks were added'),
    403: problem('Not staff'),
    404: problem('No such client'),
  },
});

export const TaskStatusBody = z
  .object({
    policyId,
    status: z.enum(TASK_STATUSES, { error: `Choose one of ${TASK_STATUSES.join(', ')}` }),
    reason: z.string().max(2000).nullable().default(null),
  })
  .strict();
export const changeTaskStatus = defineRoute({
  method: 'put',
  path: '/api/clients/{clientId}/tasks/{taskId}/status',
  tag: 'tasks',
  summary: 'Set a task’s status; NIGO needs the reason the client reads (staff)',
  request: { params: taskParams, body: TaskStatusBody },
  responses: {
    200: json(TaskState, 'The task'),
    403: problem('Not staff'),
    404: problem('No such task for this client'),
    400: problem('Invalid fields, or a status change the rules refuse (NOT_ALLOWED, named in the message)'),
  },
});

/** Agreed to move the other tasks this move carries along (GET the tasks and `dueDateMoves` to show them). */
const moveOthers = z
  .boolean()
  .default(false)
  .meta({ description: 'Move too the tasks that would otherwise be due before a task they need' });

export const TaskDueDateBody = z.object({ policyId, dueDate: z.string().nullable(), moveOthers }).strict();
export const changeTaskDueDate = defineRoute({
  method: 'put',
  path: '/api/clients/{clientId}/tasks/{taskId}/due-date',
  tag: 'tasks',
  summary: 'Move a task’s due date, and with `moveOthers` the tasks that must move with it (staff)',
  request: { params: taskParams, body: TaskDueDateBody },
  responses: {
    200: json(TaskState, 'The task'),
    400: problem('A malformed date, or a move that carries other tasks without `moveOthers` (MOVES_OTHERS)'),
    403: problem('Not staff'),
    404: problem('No such task for this client'),
  },
});

export const TaskActionBody = z.object({ policyId }).strict();
export const takeTaskAction = defineRoute({
  method: 'post',
  path: '/api/clients/{clientId}/tasks/{taskId}/actions/{action}',
  tag: 'tasks',
  summary: 'Start a task, submit it for review, or mark it done (the client’s people)',
  request: {
    params: taskParams.extend({ action: z.enum(['start', 'submit', 'complete']) }),
    body: TaskActionBody,
  },
  responses: {
    200: json(TaskState, 'The task'),
    403: problem('Not yours'),
    404: problem('No such task for this client'),
    400: problem('An action the task’s status does not allow (NOT_ALLOWED, named in the message)'),
  },
});

export const TaskCallBody = z
  .object({
    policyId,
    call: z
      .object({
        startsAt: z.iso.datetime({ offset: true, error: 'Enter the date and time of the call' }),
        durationMinutes: z.number().int('Choose from 15 to 240 minutes'),
        joinUrl: z.string().trim().max(500).nullable().default(null),
      })
      .strict()
      .nullable(),
    /** Where the people on the call are (IANA zone): the call's day there becomes the task's due date. */
    timeZone: z.string().max(64).default('UTC'),
    moveOthers,
  })
  .strict();
export const scheduleTaskCall = defineRoute({
  method: 'put',
  path: '/api/clients/{clientId}/tasks/{taskId}/call',
  tag: 'tasks',
  summary:
    'Set (or clear) the call of the kickoff or ongoing service call; its day becomes the due date (staff)',
  request: { params: taskParams, body: TaskCallBody },
  responses: {
    200: json(TaskState, 'The task'),
    400: problem(
      'Invalid fields (body.call.*), not a call task (NOT_ALLOWED), or a new day that carries other tasks without `moveOthers` (MOVES_OTHERS)',
    ),
    403: problem('Not staff'),
    404: problem('No such task for this client'),
  },
});
