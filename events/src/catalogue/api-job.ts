import { z } from 'zod';
import { API_JOB_STATUSES } from '../bus/port.ts';

/** A plan-system push job changed status; the bus publisher turns it into QPS_PUSH_STATUS. */
export const ApiJobStatusChanged = z.object({
  type: z.literal('ApiJobStatusChanged'),
  data: z.object({
    apiJobId: z.string(),
    clientId: z.string(),
    apiJobStatus: z.enum(API_JOB_STATUSES),
    reasons: z.array(z.string()).default([]),
  }),
});
export type ApiJobStatusChanged = z.infer<typeof ApiJobStatusChanged>;

export const apiJobStream = (apiJobId: string) => `apijob-${apiJobId}`;
