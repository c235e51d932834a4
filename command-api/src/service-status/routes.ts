import { Router } from 'express';
import { SERVICE_STATUS_STREAM } from '@onboard/events';
import { ForbiddenError, isInternal } from '@onboard/domain';
import { serviceStatusDecider, type ServiceStatusCommand } from '@onboard/domain/service-status/decider';
import { mount } from '@onboard/api-contract/express';
import { requireActor, type CommandDeps } from '../http/context.ts';
import { decideOnStream, requestContext } from '../http/decide.ts';
import { setTicketSystemStatus } from './routes.contract.ts';

export type ServiceStatusCommandDeps = CommandDeps & {
  /** Called after the setting changed: the server's cached service status is forgotten. */
  onChanged: () => void;
};

/** Staff flip the ticket-system setting on the `service-status` stream (explorer §2 Jira banner). */
export function serviceStatusCommandRoutes(deps: ServiceStatusCommandDeps): Router {
  const router = Router();
  mount(router, setTicketSystemStatus, async (req, res, input) => {
    const actor = await requireActor(deps.authenticate, req);
    if (!isInternal(actor)) throw new ForbiddenError('Only internal staff set the service status');
    const { isUp } = input.body();
    const { after } = await decideOnStream(deps, {
      request: { ...requestContext(req, deps.newId), ifMatch: null },
      actor,
      stream: SERVICE_STATUS_STREAM,
      decider: serviceStatusDecider,
      build: (_state, metadata): ServiceStatusCommand => ({
        type: 'SetTicketSystemStatus',
        data: { isUp },
        metadata,
      }),
    });
    deps.onChanged();
    res.json({ jira: after.ticketSystemUp });
  });
  return router;
}
