import { z } from 'zod';
import { defineRoute, json, problem } from '@onboard/api-contract';

/** What staff set: whether the ticket system counts as up (the embedded default's answer, explorer §7). */
export const TicketSystemStatusBody = z
  .object({ isUp: z.boolean({ error: 'Say whether Jira is up (true or false)' }) })
  .strict()
  .meta({ id: 'TicketSystemStatusBody' });

export const setTicketSystemStatus = defineRoute({
  method: 'put',
  path: '/api/service-status/jira',
  tag: 'service-status',
  summary:
    'Set whether the ticket system counts as up, the answer of GET /api/service-status where no ticket system is probed (staff)',
  request: { body: TicketSystemStatusBody },
  responses: {
    200: json(z.object({ jira: z.boolean() }), 'The setting as it now is'),
    400: problem('isUp missing or not a boolean'),
    403: problem('Not staff'),
  },
});
