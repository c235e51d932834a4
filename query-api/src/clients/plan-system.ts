import { Router } from 'express';
import { eifStream, loadAggregate, type EventStore, type SnapshotStore } from '@onboard/events';
import {
  ForbiddenError,
  NotFoundError,
  eifCodec,
  isInternal,
  type Actor,
  comparePlanSystem,
  eifPlanSystemView,
  lookupKeysOf,
  noCaseMessage,
  type PlanSystemDirectory,
  type TicketSystem,
} from '@onboard/domain';
import { mount, parseInput } from '@onboard/api-contract/express';
import { requireActor, type Authenticate, requireClientReader } from '../http/context.ts';
import { TicketParams, getClientFromQps, getTicketInfo } from './plan-system.contract.ts';

export type PlanSystemQueryDeps = {
  store: EventStore;
  snapshots?: SnapshotStore;
  authenticate: Authenticate;
  planSystem: PlanSystemDirectory;
  tickets: TicketSystem;
};

const STAFF_ONLY = 'Only internal staff can read the plan system and the ticket system';

function requireStaff(actor: Actor) {
  if (!isInternal(actor)) throw new ForbiddenError(STAFF_ONLY);
}

/**
 * Reads through the plan system's and the ticket system's ports (platform §7): a ticket's information, and
 * the plan system's view of a client compared with its EIF. Staff only. The EIF is read from its stream,
 * so a comparison right after an import already sees the import.
 */
export function planSystemQueryRoutes(deps: PlanSystemQueryDeps): Router {
  const router = Router();

  mount(router, getTicketInfo, async (req, res) => {
    const actor = await requireActor(deps.authenticate, req);
    requireStaff(actor);
    const { ticketId } = parseInput(TicketParams, req.params, 'params');
    const ticket = await deps.tickets.ticketInfo(ticketId);
    if (!ticket) throw new NotFoundError(`The ticket system has no ticket ${ticketId}`);
    res.json(ticket);
  });

  mount(router, getClientFromQps, async (req, res) => {
    const { actor, clientId } = await requireClientReader(deps.authenticate, req);
    requireStaff(actor);
    const { state, revision } = await loadAggregate({
      store: deps.store,
      snapshots: deps.snapshots,
      stream: eifStream(clientId),
      codec: eifCodec,
    });
    const eif = eifPlanSystemView(state);
    if (!eif) throw new NotFoundError('Client not found');
    const keys = lookupKeysOf(eif);
    const planSystem = keys.length > 0 ? await deps.planSystem.findClient(keys) : null;
    if (!planSystem) throw new NotFoundError(noCaseMessage(keys));
    res.json({
      clientId,
      version: Number(revision),
      planSystem,
      comparison: comparePlanSystem(eif, planSystem),
    });
  });

  return router;
}
