import { eifStream, loadAggregate, WrongExpectedRevisionError, type NewEvent } from '@onboard/events';
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
  type EifIntent,
  type EifState,
} from '@onboard/domain';
import type { CommandDeps } from '../http/context.ts';

export type EifCommandContext = { changeId: string };

/** What a multi-command build gets: the state it decides against, and fresh change ids. */
export type EifBatchContext = {
  /** The stream as loaded: validation against it and the append share one expected revision. */
  state: EifState;
  revision: bigint;
  /** A pending change is known by the id of the event that records it: one per edit command. */
  newChangeId: () => string;
};

/**
 * Loads the client's EIF stream, decides every command in order (each against the state the earlier
 * ones left), and appends all their events as one batch with the expected revision: several entity
 * edits in one call are all written or none. `ifMatch` is the version the user edited or, without one,
 * the version just read: either way a concurrent write between read and append is a conflict, never an
 * overwrite. `build` may throw (validation, 404) and then nothing is written.
 */
export async function executeEifCommands(
  deps: CommandDeps,
  actor: Pick<Actor, 'userId'> & { role: string },
  clientId: string,
  build: (context: EifBatchContext) => readonly EifIntent[],
  ifMatch: bigint | null,
  correlationId: string,
): Promise<{ state: EifState; revision: bigint }> {
  const occurredAt = deps.now().toISOString();
  const stream = eifStream(clientId);
  const { state: loaded, revision: current } = await loadAggregate({
    store: deps.store,
    snapshots: deps.snapshots,
    stream,
    codec: eifCodec,
  });
  if (ifMatch !== null && ifMatch !== current) {
    throw new ConflictError(undefined, { currentVersion: Number(current) });
  }
  const intents = build({
    state: loaded,
    revision: current,
    newChangeId: deps.newId,
  });
  let state = loaded;
  const toAppend: NewEvent[] = [];
  const metadata = { at: occurredAt, by: { userId: actor.userId, role: actor.role } };
  for (const intent of intents) {
    const decision = decide({ ...intent, metadata } as EifCommand, state);
    if (!decision.ok) {
      if (decision.error.code === 'NOT_FOUND') throw new NotFoundError(decision.error.message);
      throw new RuleError(decision.error.code, decision.error.message);
    }
    const changeId = 'changeId' in intent.data ? intent.data.changeId : null;
    decision.events.forEach((event, i) =>
      toAppend.push({
        id: i === 0 && changeId ? changeId : deps.newId(),
        type: event.type,
        data: event.data,
        metadata: { actorId: actor.userId, actorRole: actor.role, occurredAt, correlationId },
      }),
    );
    state = fold(decision.events, state);
  }
  if (toAppend.length === 0) return { state, revision: current };
  try {
    const result = await deps.store.append(stream, toAppend, current < 0n ? 'no_stream' : current);
    return { state, revision: result.nextExpectedRevision };
  } catch (error) {
    if (error instanceof WrongExpectedRevisionError) throw new ConflictError();
    throw error;
  }
}

/** One command, answered with the accepted view (the lifecycle routes and the outside signer). */
export async function executeEifCommand(
  deps: CommandDeps,
  actor: Pick<Actor, 'userId'> & { role: string },
  clientId: string,
  build: (context: EifCommandContext) => EifIntent,
  ifMatch: bigint | null,
  correlationId: string,
) {
  const { state, revision } = await executeEifCommands(
    deps,
    actor,
    clientId,
    ({ newChangeId }) => [build({ changeId: newChangeId() })],
    ifMatch,
    correlationId,
  );
  return toClientView(state, revision);
}
