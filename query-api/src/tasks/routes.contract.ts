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

export const listClientTasks = defineRoute('GET /api/clients/{clientId}/tasks', {
  tag: 'tasks',
  summary: 'The client’s onboarding tasks, client-level first, then by policy, by due date',
  request: { params: z.object({ clientId: z.string().min(1) }) },
  responses: {
    200: json(z.array(TaskView), 'Every task of the client'),
    403: problem('Not yours'),
  },
});

/** One task that waits on the person, with its client and policy in words. */
export const WorkItem = z
  .object({
    clientId: z.string(),
    clientName: z.string(),
    taskId: z.string(),
    policyId: z.string().nullable(),
    policyLabel: z.string().nullable().meta({ description: 'The policy’s number and coverages' }),
    title: z.string(),
    status: z.enum(TASK_STATUSES),
    pill: z.object({ label: z.string(), tone: z.enum(['info', 'warning', 'error', 'success']) }),
    dueDate: z.string().nullable(),
    action: z.string().meta({ description: 'What the task waits for from the person, in words' }),
  })
  .meta({ id: 'WorkItem' });
export type WorkItem = z.infer<typeof WorkItem>;

export const listUserWork = defineRoute('GET /api/users/{userId}/work', {
  tag: 'tasks',
  summary:
    'What waits on a person across their clients, by due date (undated last): their own, or anyone’s for staff',
  request: { params: z.object({ userId: z.string().min(1) }) },
  responses: {
    200: json(
      z.object({
        person: z.object({ userId: z.string(), name: z.string(), role: z.string() }),
        items: z.array(WorkItem),
      }),
      'The person and the tasks waiting on them',
    ),
    403: problem('Someone else’s work, asked by someone not staff'),
    404: problem('No such user'),
  },
});
