import { z } from 'zod';
import { defineRoute, json } from '@onboard/api-contract';

/** explorer §7: whether the ticket system is up; internal users see the Jira banner while it is false. */
export const ServiceStatus = z
  .object({ jira: z.boolean().meta({ description: 'The ticket system (Jira) answers' }) })
  .meta({ id: 'ServiceStatus' });

export const getServiceStatus = defineRoute('GET /api/service-status', {
  tag: 'service-status',
  summary: 'Whether the ticket system is up (cached 5 minutes on the server)',
  isSignedIn: false,
  responses: { 200: json(ServiceStatus, 'The status of the services the portal leans on') },
});
