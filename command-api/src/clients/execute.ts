import type { Decider, Intent, Refusal } from '@onboard/domain/decider';
import {
  eifStream,
  loadAggregate,
  WrongExpectedRevisionError,
  type EifEntity,
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
import {
  fieldConflicts,
  touchedAttributes,
  type FieldConflict,
  type TouchedAttribute,
} from '@onboard/domain/eif/field-conflicts';
import { formForEntity } from '@onboard/domain/eif/forms/definitions';
import { loadUser } from '../auth/users.ts';

/** A question's label for a conflict message (the attribute's own name when no form asks it). */
const attributeLabelOf = (entity: EifEntity, attributeKey: string) =>
  formForEntity(entity).find((field) => field.key === attributeKey)?.label ?? attributeKey;

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

/** A refused EIF decision as the error the API answers (a refused signature lists what is missing). */
const eifRefusal = (error: Refusal & { missing?: unknown }): Error =>
  error.code === 'NOT_FOUND'
    ? new NotFoundError(error.message)
    : new RuleError(error.code, error.message, error.missing ? { missing: error.missing } : {});

type Decided = { events: readonly IdentifiedEvent[]; touched: readonly TouchedAttribute[] };

/** How many times a field-aware edit is decided again when another write took the revision it read. */
const MAX_ATTEMPTS = 24;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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

/**
 * Loads the client's EIF stream, lets `decideAll` answer the events against it (throwing a refusal), and
 * appends them as one batch with the expected revision: several entity edits in one call are all written
 * or none. Nothing is written when `decideAll` throws (validation, 404). The version check is one of:
 * - `ifMatch` (the whole-form version): any write since that version is a conflict;
 * - `seen` (field-aware, domain eif/field-conflicts.ts): only a write since that version to an attribute
 *   this edit changes is a conflict (a 409 naming both values); when another write takes the revision
 *   between read and append, the edit is decided again against the new stream, a bounded number of times;
 * - neither: the version just read, so a concurrent write between read and append is a conflict.
 */
async function executeOnEif(
  deps: CommandDeps,
  actor: Pick<Actor, 'userId'> & { role: string },
  clientId: string,
  decideAll: (context: EifBatchContext, metadata: EifMetadata) => Decided,
  ifMatch: bigint | null,
  correlationId: string,
  seen: bigint | null = null,
): Promise<{ state: EifState; revision: bigint }> {
  const stream = eifStream(clientId);
  const isFieldAware = ifMatch === null && seen !== null;
  for (let attempt = 1; ; attempt++) {
    const occurredAt = deps.now().toISOString();
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
    const { events: decided, touched } = decideAll(
      { state: loaded, revision: current, newChangeId: deps.newId },
      metadata,
    );
    if (isFieldAware && seen < current && touched.length > 0) {
      const later = await deps.store.readStream(stream, {
        fromRevision: seen + 1n,
        maxCount: Number(current - seen),
      });
      const conflicts = fieldConflicts(
        touched,
        later.map((recorded) => ({
          event: eifCodec.parse(recorded),
          actorId: recorded.metadata.actorId,
          actorRole: recorded.metadata.actorRole,
          at: recorded.metadata.occurredAt,
        })),
      );
      if (conflicts.length > 0) throw await fieldConflictError(deps, conflicts, current);
    }
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
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      if (!isFieldAware || attempt >= MAX_ATTEMPTS) throw new ConflictError();
      // Another write took the revision: decide again against the stream as it is now.
      await pause(Math.random() * 5 * attempt);
    }
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
  seen: bigint | null = null,
): Promise<{ state: EifState; revision: bigint }> {
  return executeOnEif(
    deps,
    actor,
    clientId,
    (context, metadata) => {
      let state = context.state;
      const decided: IdentifiedEvent[] = [];
      const intents = build(context);
      for (const intent of intents) {
        const decision = decide({ ...intent, metadata } as EifCommand, state);
        if (!decision.ok) throw eifRefusal(decision.error);
        const changeId = 'changeId' in intent.data ? intent.data.changeId : null;
        decision.events.forEach((event, i) =>
          decided.push({ id: i === 0 && changeId ? changeId : deps.newId(), event }),
        );
        state = fold(decision.events, state);
      }
      return { events: decided, touched: touchedAttributes(intents) };
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
      return {
        events: decision.events.map((event) => ({
          id: ('pending' in event.data && event.data.pending?.changeId) || deps.newId(),
          event,
        })),
        touched: [],
      };
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
