import {
  type Decider,
  type Intent,
  type Refusal,
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
  fieldConflicts,
  touchedAttributes,
  touchedByEvents,
  type FieldConflict,
  type LaterChange,
  type TouchedAttribute,
  formForEntity,
  attributeLabel,
} from '@onboard/domain';
import {
  eifStream,
  keepAppended,
  keptAggregate,
  loadAggregate,
  WrongExpectedRevisionError,
  withRetries,
  type EifEntity,
  type EifEvent,
  type NewEvent,
} from '@onboard/events';
import type { CommandDeps } from '../http/context.ts';
import { loadUser } from '../auth/users.ts';

/** A question's label for a conflict message (the attribute in words when no form asks it). */
const attributeLabelOf = (entity: EifEntity, attributeKey: string) =>
  formForEntity(entity).find((field) => field.key === attributeKey)?.label ??
  attributeLabel(entity, attributeKey);

export type EifCommandContext = { changeId: string };

/** What a multi-command build gets: the state it decides against, and fresh change ids. */
export type EifBatchContext = {
  /** The stream as loaded: validation against it and the append share one expected revision. */
  state: EifState;
  revision: bigint;
  /** A pending change is known by the id of the event that records it: one per edit command. */
  newChangeId: () => string;
  /** The stream at the version the editor saw, when a field-aware edit asks for it and it is older. */
  seenState: EifState | null;
};

type EifMetadata = EifCommand['metadata'];
type IdentifiedEvent = { id: string; event: EifEvent };

/** A refused EIF decision as the error the API answers (a refused signature lists what is missing). */
const eifRefusal = (error: Refusal & { missing?: unknown }): Error =>
  error.code === 'NOT_FOUND'
    ? new NotFoundError(error.message)
    : new RuleError(error.code, error.message, error.missing ? { missing: error.missing } : {});

type Decided = { events: readonly IdentifiedEvent[]; touched: readonly TouchedAttribute[] };
/**
 * What an edit changes (`touched`, checked before anything else is decided) and how its events are
 * decided; those events may name more it changes (checked too).
 */
type Deciding = { touched: readonly TouchedAttribute[]; decide: () => Decided };

/** How many times a field-aware edit is decided again when another write took the revision it read. */
const MAX_ATTEMPTS = 24;

/** The 409 of a field-aware edit: which answers collide, both values, who changed them and when. */
async function fieldConflictError(deps: CommandDeps, conflicts: readonly FieldConflict[], current: bigint) {
  const names = new Map<string, string>();
  for (const id of new Set(conflicts.map((c) => c.changedBy.userId))) {
    const { state } = await loadUser(deps.store, id).catch(() => ({ state: { status: 'none' } as const }));
    names.set(
      id,
      state.status === 'none' ? 'Someone else' : `${state.user.firstName} ${state.user.lastName}`,
    );
  }
  const described = conflicts.map((c) => ({
    ...c,
    label: c.attributeKey === null ? 'The whole item' : attributeLabelOf(c.entity, c.attributeKey),
    changedBy: { ...c.changedBy, name: names.get(c.changedBy.userId) ?? 'Someone else' },
  }));
  const labels = [...new Set(described.map((c) => c.label))].join(', ');
  return new ConflictError(
    `Someone else changed ${described.length === 1 ? 'this answer' : 'these answers'} while you were editing: ${labels}. Choose which answer to keep.`,
    { currentVersion: Number(current), conflicts: described },
  );
}

/** The changes recorded after the version the editor saw, up to the one just loaded. */
async function laterChanges(
  deps: CommandDeps,
  stream: string,
  seen: bigint,
  current: bigint,
): Promise<LaterChange[]> {
  const later = await deps.store.readStream(stream, {
    fromRevision: seen + 1n,
    maxCount: Number(current - seen),
  });
  return later.map((recorded) => ({
    event: eifCodec.parse(recorded),
    actorId: recorded.metadata.actorId,
    actorRole: recorded.metadata.actorRole,
    at: recorded.metadata.occurredAt,
  }));
}

/** The form as it was at a version: its events up to that one, folded. */
async function stateAt(deps: CommandDeps, stream: string, version: bigint): Promise<EifState> {
  const events = await deps.store.readStream(stream, { fromRevision: 0n, maxCount: Number(version) + 1 });
  return fold(
    events.map((recorded) => eifCodec.parse(recorded)),
    eifCodec.initial(),
  );
}

/**
 * Loads the client's EIF stream, lets `decideAll` answer the events against it (throwing a refusal), and
 * appends them as one batch with the expected revision: several entity edits in one call are all written
 * or none. Nothing is written when `decideAll` throws (validation, 404). The version check is one of:
 * - `ifMatch` (the whole-form version): any write since that version is a conflict;
 * - `seen` (field-aware, domain eif/field-conflicts.ts): only a write since that version to an attribute
 *   this edit changes is a conflict (a 409 naming both values); when another write takes the revision
 *   between read and append, the edit is decided again against the new stream, a bounded number of times;
 * - neither: the version just read, so a concurrent write between read and append is a conflict.
 * The stream is not read when this process kept its state at the version named (or none is named) and
 * the append finds the stream still there; otherwise the command is decided again on the stream read.
 */
async function executeOnEif(
  deps: CommandDeps,
  actor: Pick<Actor, 'userId'> & { role: string },
  clientId: string,
  decideAll: (context: EifBatchContext, metadata: EifMetadata) => Deciding,
  ifMatch: bigint | null,
  correlationId: string,
  seen: bigint | null = null,
  needsSeenState = false,
): Promise<{ state: EifState; revision: bigint }> {
  const stream = eifStream(clientId);
  const isFieldAware = ifMatch === null && seen !== null;
  // Decides against `loaded` (the stream read, or the state this process kept of it) and appends.
  const attempt = async (loaded: EifState, current: bigint, progress = { appending: false }) => {
    const occurredAt = deps.now().toISOString();
    if (ifMatch !== null && ifMatch !== current) {
      throw new ConflictError(undefined, { currentVersion: Number(current) });
    }
    const metadata = { at: occurredAt, by: { userId: actor.userId, role: actor.role } };
    const hasLater = isFieldAware && seen < current;
    const seenState = hasLater && needsSeenState ? await stateAt(deps, stream, seen) : null;
    const deciding = decideAll(
      { state: loaded, revision: current, newChangeId: deps.newId, seenState },
      metadata,
    );
    let later: LaterChange[] | null = null;
    const refuseConflicts = async (touched: readonly TouchedAttribute[]) => {
      if (!hasLater || touched.length === 0) return;
      later ??= await laterChanges(deps, stream, seen, current);
      const conflicts = fieldConflicts(touched, later);
      if (conflicts.length > 0) throw await fieldConflictError(deps, conflicts, current);
    };
    await refuseConflicts(deciding.touched);
    const { events: decided, touched } = deciding.decide();
    await refuseConflicts(touched);
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
    progress.appending = true;
    const result = await deps.store.append(stream, toAppend, current < 0n ? 'no_stream' : current);
    keepAppended(
      deps.store,
      stream,
      eifCodec,
      { state: loaded, revision: current },
      toAppend,
      result.position,
    );
    return { state, revision: result.nextExpectedRevision };
  };
  // The state this process kept of the stream, when it may be the stream as it is (the version the editor
  // saw or named, or none named): decided against it without reading, the write stands only if its append
  // finds the stream at that revision. Anything else (a write went first, a refusal, nothing to write) is
  // decided again against the stream read, so no answer rests on a state that may be behind.
  const kept = keptAggregate(deps.store, stream, eifCodec);
  if (kept && (ifMatch ?? seen ?? kept.revision) === kept.revision) {
    const progress = { appending: false };
    const onKept = await attempt(kept.state, kept.revision, progress).catch((error: unknown) => {
      // An append that failed otherwise may have been written: answered as it is, never tried again.
      if (progress.appending && !(error instanceof WrongExpectedRevisionError)) throw error;
      return null;
    });
    if (onKept && progress.appending) return onKept;
  }
  const fromStream = async () => {
    const { state, revision } = await loadAggregate({
      store: deps.store,
      snapshots: deps.snapshots,
      stream,
      codec: eifCodec,
    });
    return attempt(state, revision);
  };
  return withRetries(fromStream, {
    attempts: isFieldAware ? MAX_ATTEMPTS : 1,
    retryOn: (error) => error instanceof WrongExpectedRevisionError,
    backoff: { baseMs: 5, maxMs: 100 },
  }).catch((error: unknown) => {
    throw error instanceof WrongExpectedRevisionError ? new ConflictError() : error;
  });
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
  seen: bigint | null = null,
): Promise<{ state: EifState; revision: bigint }> {
  return executeOnEif(
    deps,
    actor,
    clientId,
    (context, metadata) => {
      const intents = build(context);
      const decideIntents = (): Decided => {
        let state = context.state;
        const decided: IdentifiedEvent[] = [];
        for (const intent of intents) {
          const decision = decide({ ...intent, metadata } as EifCommand, state);
          if (!decision.ok) throw eifRefusal(decision.error);
          const changeId = 'changeId' in intent.data ? intent.data.changeId : null;
          decision.events.forEach((event, i) =>
            decided.push({ id: i === 0 && changeId ? changeId : deps.newId(), event }),
          );
          state = fold(decision.events, state);
        }
        return { events: decided, touched: [] };
      };
      return { touched: touchedAttributes(intents), decide: decideIntents };
    },
    ifMatch,
    correlationId,
    seen,
  );
}

/**
 * Decides one command of a decider over the EIF (the class builder) and appends its events as one write
 * (executeOnEif). A pending edit's event is known by its change id; `refusal` maps a refusal the decider
 * adds to the EIF's own.
 *
 * Field-aware (`seen`, the version the editor saw): what the command changes is what its events change
 * when it is decided against the form as its editor saw it (so an item deleted since is a conflict for an
 * edit of it), plus what its events change of the form now (so deleting an item added since is one too).
 * `rebase` turns a command that sends values its editor did not change (a whole class) into the same
 * change made to the form now, so it writes nothing back over someone else's other answers.
 */
export async function executeEifDecider<C, R extends Refusal>(
  deps: CommandDeps,
  actor: Pick<Actor, 'userId'> & { role: string },
  clientId: string,
  decider: Decider<EifState, C, EifEvent, R>,
  intent: Intent<C>,
  options: {
    ifMatch: bigint | null;
    correlationId: string;
    refusal?: (error: R) => Error | null;
    seen?: bigint | null;
    rebase?: (intent: Intent<C>, seen: EifState, now: EifState) => Intent<C>;
  },
): Promise<{ state: EifState; revision: bigint }> {
  return executeOnEif(
    deps,
    actor,
    clientId,
    ({ state, seenState }, metadata) => {
      const asSeen = seenState ? decider.decide({ ...intent, metadata } as C, seenState) : null;
      return {
        // A command the rules refuse as its editor saw the form changes nothing there.
        touched: asSeen?.ok ? touchedByEvents(asSeen.events) : [],
        decide: () => {
          const command = seenState && options.rebase ? options.rebase(intent, seenState, state) : intent;
          const decision = decider.decide({ ...command, metadata } as C, state);
          if (!decision.ok) throw options.refusal?.(decision.error) ?? eifRefusal(decision.error);
          return {
            events: decision.events.map((event) => ({
              id: ('pending' in event.data && event.data.pending?.changeId) || deps.newId(),
              event,
            })),
            touched: seenState ? touchedByEvents(decision.events) : [],
          };
        },
      };
    },
    options.ifMatch,
    options.correlationId,
    options.seen ?? null,
    true,
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
