import { Router } from 'express';
import { mount } from '@onboard/api-contract/express';
import type { TicketSystemStatus } from './port.ts';
import { getServiceStatus } from './routes.contract.ts';

/** GET /api/service-status from the (cached) ticket-system port; anyone may ask (explorer §7). */
export function serviceStatusQueryRoutes(deps: { ticketSystem: TicketSystemStatus }): Router {
  const router = Router();
  mount(router, getServiceStatus, async (_req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json({ jira: await deps.ticketSystem.isUp() });
  });
  return router;
}
