/**
 * Whether the ticket system (Jira) is up, as the portal finds out (explorer §2 banners, §7 service-status).
 * Adapters live in platform/: an HTTP probe of a configured ticket system, or, in the embedded default,
 * the setting staff flip. A probe that cannot tell answers false: an unreachable ticket system is down.
 */
export type TicketSystemStatus = { isUp: () => Promise<boolean> };
