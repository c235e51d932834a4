import { z } from 'zod';
import { API_JOB_STATUSES } from '../bus/port.ts';
import { eventSchema } from './schema.ts';

/**
 * A member of staff asked for the client's plan design to be pushed to the plan system. Opens the job's
 * stream `apijob-{apiJobId}`; the qps-push worker reacts to it and records the final status.
 */
export const PlanDesignPushRequested = eventSchema('PlanDesignPushRequested', {
  apiJobId: z.string(),
  clientId: z.string(),
  requestedBy: z.object({ userId: z.string(), role: z.string() }),
});
export type PlanDesignPushRequested = z.infer<typeof PlanDesignPushRequested>;

/** A plan-system push job changed status; the bus publisher turns it into QPS_PUSH_STATUS. */
export const ApiJobStatusChanged = eventSchema('ApiJobStatusChanged', {
  apiJobId: z.string(),
  clientId: z.string(),
  apiJobStatus: z.enum(API_JOB_STATUSES),
  reasons: z.array(z.string()).default([]),
});
export type ApiJobStatusChanged = z.infer<typeof ApiJobStatusChanged>;

export type ApiJobStatus = (typeof API_JOB_STATUSES)[number];

/** Every status but IN_PROGRESS ends a job: the worker never records a second one. */
export const isFinalApiJobStatus = (status: ApiJobStatus) => status !== 'IN_PROGRESS';

export const apiJobStream = (apiJobId: string) => `apijob-${apiJobId}`;
