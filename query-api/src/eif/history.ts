import { Router } from 'express';
import {
  eifStream,
  loadAggregate,
  parseEvent,
  type EifEvent,
  type EventStore,
  type SnapshotStore,
} from '@onboard/events';
import {
  ForbiddenError,
  NotFoundError,
  ValidationError,
  describeEifEvent,
  diffForms,
  eifCodec,
  isInternal,
  toClientView,
} from '@onboard/domain';
import type { Request } from 'express';
import { mount } from '@onboard/api-contract/express';
import { requireActor, type Authenticate } from '../http/context.ts';
import { getEifAtRevision, getEifHistory } from './routes.contract.ts';

export type HistoryDeps = { store: EventStore; snapshots?: SnapshotStore; authenticate: Authenticate };

/**
 * EIF history replay for staff: the timeline of every event of a client's EIF stream, and the whole form
 * folded up to any revision with its difference from now. Read straight from the stream: the history is
 * the events themselves.
 */
export function eifHistoryRoutes(deps: HistoryDeps): Router {
  const router = Router();

  const load = async (req: Request) => {
    const actor = await requireActor(deps.authenticate, req);
    if (!isInternal(actor)) throw new ForbiddenError('The EIF history is for internal staff');
    const clientId = String(req.params.clientId);
    const recorded = await deps.store.readStream(eifStream(clientId));
    if (recorded.length === 0) throw new NotFoundError('Client not found');
    return { clientId, recorded, events: recorded.map((r) => parseEvent(r) as EifEvent) };
  };

  mount(router, getEifHistory, async (req, res) => {
    const { recorded, events } = await load(req);
    res.json({
      events: events.map((event, i) => ({
        revision: Number(recorded[i]!.revision),
        type: event.type,
        at: recorded[i]!.metadata.occurredAt,
        actor: { userId: recorded[i]!.metadata.actorId, role: recorded[i]!.metadata.actorRole },
        summary: describeEifEvent(event),
      })),
    });
  });

  mount(router, getEifAtRevision, async (req, res) => {
    const actor = await requireActor(deps.authenticate, req);
    if (!isInternal(actor)) throw new ForbiddenError('The EIF history is for internal staff');
    const stream = eifStream(String(req.params.clientId));
    const now = await loadAggregate({
      store: deps.store,
      snapshots: deps.snapshots,
      stream,
      codec: eifCodec,
    });
    if (now.revision < 0n) throw new NotFoundError('Client not found');
    const revision = Number(req.params.revision);
    if (!Number.isInteger(revision) || revision < 0 || BigInt(revision) > now.revision) {
      throw new ValidationError({ 'params.revision': `Choose a revision from 0 to ${now.revision}` });
    }
    const then = await loadAggregate({
      store: deps.store,
      snapshots: deps.snapshots,
      stream,
      codec: eifCodec,
      upTo: BigInt(revision),
    });
    const [atRevision] = await deps.store.readStream(stream, {
      fromRevision: BigInt(revision),
      maxCount: 1,
    });
    res.json({
      revision,
      asOf: atRevision!.metadata.occurredAt,
      form: toClientView(then.state, then.revision),
      current: toClientView(now.state, now.revision),
      differences: diffForms(then.state, now.state),
    });
  });

  return router;
}
