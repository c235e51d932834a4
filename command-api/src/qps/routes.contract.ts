import { z } from 'zod';
import { defineRoute, errors, json, pathParams } from '@onboard/api-contract';

export const pushPlanDesign = defineRoute('POST /api/clients/{clientId}/qps/async-push', {
  tag: 'qps',
  summary: 'Push the plan design to the plan system (staff)',
  request: { params: pathParams('clientId') },
  responses: {
    202: json(z.object({ apiJobId: z.string(), status: z.literal('IN_PROGRESS') }), 'Push started'),
    ...errors.notStaff,
    ...errors.noClient,
  },
});
