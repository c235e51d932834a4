import { Router } from 'express';
import {
  eifStream,
  WrongExpectedRevisionError,
  parseEvent,
  type EifEvent,
  type NewEvent,
} from '../../../events/src/index.ts';
import {
  ConflictError,
  NotFoundError,
  RuleError,
  decide,
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
export async function executeEifCommand(
  deps: CommandDeps,
  actor: Actor,
  command: EifCommand,
  ifMatch: bigint | null,
  correlationId: string,
) {
  const stream = eifStream(command.clientId);
  const recorded = await deps.store.readStream(stream);
  const events = recorded.map((r) => parseEvent(r) as EifEvent);
  const current = BigInt(recorded.length) - 1n;
  if (ifMatch !== null && ifMatch !== current) {
    throw new ConflictError(undefined, { currentVersion: Number(current) });
  }
  const state = fold(events);
  const decision = decide(command, state);
  if (!decision.ok) {
    if (decision.error.code === 'NOT_FOUND') throw new NotFoundError(decision.error.message);
    throw new RuleError(decision.error.code, decision.error.message);
  }
  if (decision.events.length === 0) return toClientView(state, current);
  const occurredAt = deps.now().toISOString();
  const toAppend: NewEvent[] = decision.events.map((event) => ({
    id: deps.newId(),
    type: event.type,
    data: event.data,
    metadata: { actorId: actor.userId, actorRole: actor.role, occurredAt, correlationId },
  }));
  try {
    const result = await deps.store.append(stream, toAppend, recorded.length === 0 ? 'no_stream' : current);
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
      requireClientAccess(actor, clientId, 'update');
      const body = parseBody(UpdateClientBody, req.body);
      const ifMatch = parseIfMatch(req.header('if-match'));
      const view = await executeEifCommand(
        deps,
        actor,
        { type: 'ChangeAttributes', clientId, entity: 'Client', entityId: clientId, attributes: body },
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
