import { z } from 'zod';
import { defineRoute, json, problem } from '@onboard/api-contract';

export const pushPlanDesign = defineRoute({
  method: 'post',
  path: '/api/clients/{clientId}/qps/async-push',
  tag: 'qps',
  summary: 'Push the plan design to the plan system (staff)',
  request: { params: z.object({ clientId: z.string().min(1) }) },
  responses: {
    202: json(z.object({ apiJobId: z.string(), status: z.literal('IN_PROGRESS') }), 'Push started'),
    403: problem('Not staff'),
    404: problem('No such client'),
  },
});
