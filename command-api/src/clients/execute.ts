import type { Decider, Intent, Refusal } from '@onboard/domain/decider';
import {
  eifStream,
  loadAggregate,
  WrongExpectedRevisionError,
  type EifEvent,
  type NewEvent,
} from '@onboard/events';
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

type EifMetadata = EifCommand['metadata'];
type IdentifiedEvent = { id: string; event: EifEvent };

/** A refused EIF decision as the error the API answers. */
const eifRefusal = (error: Refusal): Error =>
  error.code === 'NOT_FOUND' ? new NotFoundError(error.message) : new RuleError(error.code, error.message);

/**
 * Loads the client's EIF stream, lets `decideAll` answer the events against it (throwing a refusal), and
 * appends them as one batch with the expected revision: several entity edits in one call are all written
 * or none. `ifMatch` is the version the user edited or, without one, the version just read: either way a
 * concurrent write between read and append is a conflict, never an overwrite. Nothing is written when
 * `decideAll` throws (validation, 404).
 */
async function executeOnEif(
  deps: CommandDeps,
  actor: Pick<Actor, 'userId'> & { role: string },
  clientId: string,
  decideAll: (context: EifBatchContext, metadata: EifMetadata) => readonly IdentifiedEvent[],
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
  const metadata = { at: occurredAt, by: { userId: actor.userId, role: actor.role } };
  const decided = decideAll({ state: loaded, revision: current, newChangeId: deps.newId }, metadata);
  const state = fold(
    decided.map(({ event }) => event),
    loaded,
  );
  if (decided.length === 0) return { state, revision: current };
  const toAppend: NewEvent[] = decided.map(({ id, event }) => ({
    id,
    type: event.type,
    data: event.data,
    metadata: { actorId: actor.userId, actorRole: actor.role, occurredAt, correlationId },
  }));
  try {
    const result = await deps.store.append(stream, toAppend, current < 0n ? 'no_stream' : current);
    return { state, revision: result.nextExpectedRevision };
  } catch (error) {
    if (error instanceof WrongExpectedRevisionError) throw new ConflictError();
    throw error;
  }
}

/**
 * Decides every EIF command `build` makes, in order (each against the state the earlier ones left), and
 * appends all their events as one write (executeOnEif). An edit's first event is known by its change id.
 */
export async function executeEifCommands(
  deps: CommandDeps,
  actor: Pick<Actor, 'userId'> & { role: string },
  clientId: string,
  build: (context: EifBatchContext) => readonly EifIntent[],
  ifMatch: bigint | null,
  correlationId: string,
): Promise<{ state: EifState; revision: bigint }> {
  return executeOnEif(
    deps,
    actor,
    clientId,
    (context, metadata) => {
      let state = context.state;
      const decided: IdentifiedEvent[] = [];
      for (const intent of build(context)) {
        const decision = decide({ ...intent, metadata } as EifCommand, state);
        if (!decision.ok) throw eifRefusal(decision.error);
        const changeId = 'changeId' in intent.data ? intent.data.changeId : null;
        decision.events.forEach((event, i) =>
          decided.push({ id: i === 0 && changeId ? changeId : deps.newId(), event }),
        );
        state = fold(decision.events, state);
      }
      return decided;
    },
    ifMatch,
    correlationId,
  );
}

/**
 * Decides one command of a decider over the EIF (the class builder) and appends its events as one write
 * (executeOnEif). A pending edit's event is known by its change id; `refusal` maps a refusal the decider
 * adds to the EIF's own.
 */
export async function executeEifDecider<C, R extends Refusal>(
  deps: CommandDeps,
  actor: Pick<Actor, 'userId'> & { role: string },
  clientId: string,
  decider: Decider<EifState, C, EifEvent, R>,
  intent: Intent<C>,
  options: { ifMatch: bigint | null; correlationId: string; refusal?: (error: R) => Error | null },
): Promise<{ state: EifState; revision: bigint }> {
  return executeOnEif(
    deps,
    actor,
    clientId,
    ({ state }, metadata) => {
      const decision = decider.decide({ ...intent, metadata } as C, state);
      if (!decision.ok) throw options.refusal?.(decision.error) ?? eifRefusal(decision.error);
      return decision.events.map((event) => ({
        id: ('pending' in event.data && event.data.pending?.changeId) || deps.newId(),
        event,
      }));
    },
    options.ifMatch,
    options.correlationId,
  );
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
