import { z } from 'zod';

const By = z.object({ userId: z.string(), role: z.string() });

/**
 * Staff set whether the ticket system (Jira) counts as up. The embedded default has no ticket system to
 * probe, so this setting is its answer to GET /api/service-status (explorer §2, §7).
 */
export const TicketSystemStatusSet = z.object({
  type: z.literal('TicketSystemStatusSet'),
  data: z.object({ isUp: z.boolean(), at: z.string(), by: By }),
});
export type TicketSystemStatusSet = z.infer<typeof TicketSystemStatusSet>;

export const ServiceStatusEvent = z.discriminatedUnion('type', [TicketSystemStatusSet]);
export type ServiceStatusEvent = z.infer<typeof ServiceStatusEvent>;

/** The one stream of the portal's service-status settings. */
export const SERVICE_STATUS_STREAM = 'service-status';
