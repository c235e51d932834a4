import { z } from 'zod';
import { errors, json, pathParams, problem, routeFamily } from '@onboard/api-contract';
import { TASK_STATUSES } from '@onboard/events';

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

/** The writes on the client's tasks, most on one task, which they answer as they left it. */
const taskRoute = routeFamily({
  tag: 'tasks',
  params: pathParams('clientId', 'taskId'),
  responses: {
    200: json(TaskState, 'The task'),
    ...errors.notStaff,
    404: problem('No such task for this client'),
  },
});

export const scheduleTasks = taskRoute('POST /api/clients/{clientId}/tasks/schedule', {
  summary: 'Create the client’s tasks its policies call for; tasks that exist are kept (staff)',
  request: { params: pathParams('clientId') },
  responses: {
    200: json(z.object({ scheduled: z.number().int() }), 'How many tasks were added'),
    ...errors.noClient,
  },
});

export const TaskStatusBody = z
  .object({
    policyId,
    status: z.enum(TASK_STATUSES, { error: `Choose one of ${TASK_STATUSES.join(', ')}` }),
    reason: z.string().max(2000).nullable().default(null),
  })
  .strict();
export const changeTaskStatus = taskRoute('PUT /api/clients/{clientId}/tasks/{taskId}/status', {
  summary: 'Set a task’s status; NIGO needs the reason the client reads (staff)',
  request: { body: TaskStatusBody },
  responses: {
    400: problem('Invalid fields, or a status change the rules refuse (NOT_ALLOWED, named in the message)'),
  },
});

/** Agreed to move the other tasks this move carries along (GET the tasks and `dueDateMoves` to show them). */
const moveOthers = z
  .boolean()
  .default(false)
  .meta({ description: 'Move too the tasks that would otherwise be due before a task they need' });

export const TaskDueDateBody = z.object({ policyId, dueDate: z.string().nullable(), moveOthers }).strict();
export const changeTaskDueDate = taskRoute('PUT /api/clients/{clientId}/tasks/{taskId}/due-date', {
  summary: 'Move a task’s due date, and with `moveOthers` the tasks that must move with it (staff)',
  request: { body: TaskDueDateBody },
  responses: {
    400: problem('A malformed date, or a move that carries other tasks without `moveOthers` (MOVES_OTHERS)'),
  },
});

export const TaskActionBody = z.object({ policyId }).strict();
export const takeTaskAction = taskRoute('POST /api/clients/{clientId}/tasks/{taskId}/actions/{action}', {
  summary: 'Start a task, submit it for review, or mark it done (the client’s people)',
  request: {
    params: pathParams('clientId', 'taskId').extend({ action: z.enum(['start', 'submit', 'complete']) }),
    body: TaskActionBody,
  },
  responses: {
    ...errors.notYours,
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
export const scheduleTaskCall = taskRoute('PUT /api/clients/{clientId}/tasks/{taskId}/call', {
  summary:
    'Set (or clear) the call of the kickoff or ongoing service call; its day becomes the due date (staff)',
  request: { body: TaskCallBody },
  responses: {
    400: problem(
      'Invalid fields (body.call.*), not a call task (NOT_ALLOWED), or a new day that carries other tasks without `moveOthers` (MOVES_OTHERS)',
    ),
  },
});
