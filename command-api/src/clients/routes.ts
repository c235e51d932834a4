import { Router } from 'express';
import {
  eifStream,
  loadAggregate,
  WrongExpectedRevisionError,
  type NewEvent,
} from '../../../events/src/index.ts';
import {
  ConflictError,
  NotFoundError,
  RuleError,
  decide,
  eifCodec,
  fold,
  toClientView,
  type Actor,
  type EifCommand,
} from '../../../domain/src/index.ts';
import { handle, requireActor, requireClientAccess, type CommandDeps } from '../http/context.ts';
import { parseBody, parseIfMatch } from '../http/validate.ts';
import { UpdateClientBody } from './schemas.ts';

/**
 * Loads the client's EIF stream, decides, and appends with the expected revision. `expected` is the
 * version the user edited (If-Match) or, without one, the version just read: either way a concurrent
 * write between read and append is a conflict, never an overwrite.
 */
export type EifCommandContext = { at: string; by: { userId: string; role: string }; changeId: string };

export async function executeEifCommand(
  deps: CommandDeps,
  actor: Pick<Actor, 'userId'> & { role: string },
  clientId: string,
  build: (context: EifCommandContext) => EifCommand,
  ifMatch: bigint | null,
  correlationId: string,
) {
  const occurredAt = deps.now().toISOString();
  // A pending change is known by the id of the event that records it.
  const changeId = deps.newId();
  const command = build({ at: occurredAt, by: { userId: actor.userId, role: actor.role }, changeId });
  const stream = eifStream(clientId);
  const { state, revision: current } = await loadAggregate({
    store: deps.store,
    snapshots: deps.snapshots,
    stream,
    codec: eifCodec,
  });
  if (ifMatch !== null && ifMatch !== current) {
    throw new ConflictError(undefined, { currentVersion: Number(current) });
  }
  const decision = decide(command, state);
  if (!decision.ok) {
    if (decision.error.code === 'NOT_FOUND') throw new NotFoundError(decision.error.message);
    throw new RuleError(decision.error.code, decision.error.message);
  }
  if (decision.events.length === 0) return toClientView(state, current);
  const toAppend: NewEvent[] = decision.events.map((event, i) => ({
    id: i === 0 ? changeId : deps.newId(),
    type: event.type,
    data: event.data,
    metadata: { actorId: actor.userId, actorRole: actor.role, occurredAt, correlationId },
  }));
  try {
    const result = await deps.store.append(stream, toAppend, current < 0n ? 'no_stream' : current);
    return toClientView(fold(decision.events, state), result.nextExpectedRevision);
  } catch (error) {
    if (error instanceof WrongExpectedRevisionError) throw new ConflictError();
    throw error;
  }
}

export function clientCommandRoutes(deps: CommandDeps): Router {
  const router = Router();

  router.put(
    '/api/clients/:clientId',
    handle(async (req, res) => {
      const actor = await requireActor(deps.authenticate, req);
      const clientId = String(req.params.clientId);
      // Denied fields are refused before the schema sees them: a 403 for a field the role may not touch,
      // not a 400 that would tell a ben-admin the field exists.
      const sent = req.body && typeof req.body === 'object' ? Object.keys(req.body as object) : [];
      requireClientAccess(actor, clientId, 'update', sent);
      const body = parseBody(UpdateClientBody, req.body);
      const ifMatch = parseIfMatch(req.header('if-match'));
      const view = await executeEifCommand(
        deps,
        actor,
        clientId,
        (context) => ({
          type: 'ChangeAttributes',
          clientId,
          entity: 'Client',
          entityId: clientId,
          attributes: body,
          ...context,
        }),
        ifMatch,
        req.header('x-correlation-id') ?? deps.newId(),
      );
      if (!view) throw new NotFoundError('Client not found');
      res.setHeader('ETag', `"${view.version}"`);
      res.json(view);
    }),
  );

  return router;
}
