import { z } from 'zod';
import { defineRoute, json, problem } from '@onboard/api-contract';
import { TASK_STATUSES } from '@onboard/events';

/** A task as the hub and the task pages read it: what it is, in words, and where it stands. */
export const TaskView = z
  .object({
    taskId: z.string(),
    policyId: z.string().nullable(),
    level: z.enum(['client', 'policy']),
    title: z.string(),
    asks: z.string(),
    owner: z.enum(['client', 'carrier']),
    completion: z.enum(['client', 'review']),
    status: z.enum(TASK_STATUSES),
    pill: z.object({ label: z.string(), tone: z.enum(['info', 'warning', 'error', 'success']) }),
    dueDate: z.string().nullable(),
    statusUpdatedAt: z.string(),
    doneAt: z
      .string()
      .nullable()
      .meta({ description: 'When the task last reached Done; null while it is not Done' }),
    reason: z.string().nullable().meta({ description: 'Why staff marked it NIGO: what the client reads' }),
    call: z
      .object({ startsAt: z.string(), durationMinutes: z.number().int(), joinUrl: z.string().nullable() })
      .nullable()
      .meta({ description: 'The call of the kickoff or ongoing service call, once staff set it' }),
  })
  .meta({ id: 'Task' });
export type TaskView = z.infer<typeof TaskView>;

export const listClientTasks = defineRoute({
  method: 'get',
  path: '/api/clients/{clientId}/tasks',
  tag: 'tasks',
  summary: 'The client’s onboarding tasks, client-level first, then by policy, by due date',
  request: { params: z.object({ clientId: z.string().min(1) }) },
  responses: {
    200: json(z.array(TaskView), 'Every task of the client'),
    403: problem('Not yours'),
  },
});
