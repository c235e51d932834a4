import { parseEvent } from './catalogue/index.ts';
import type { AppendResult, EventMetadata, EventStore, NewEvent, RecordedEvent } from './store/port.ts';

/**
 * The one way to write events: every write in Onboard goes through `handleCommand` (lint forbids an
 * `.append(` anywhere else but the store's own adapters). It reads the stream and folds it with the
 * decider, decides the command against that state, and appends the decided events at the revision read,
 * so a concurrent write fails (`WrongExpectedRevisionError`) instead of being overwritten. A refusal
 * appends nothing and comes back as a value, for the caller to answer once (the HTTP wrapper,
 * `decideOnStream` in command-api, maps it to 404, 409 or 400).
 *
 * The decider is typed by its shape only (`@onboard/domain`'s `Decider` fits it): this package imports
 * nothing of ours.
 */
export type StreamDecider<State, Command, Event, Refusal> = {
  initialState: () => State;
  decide: (command: Command, state: State) => { ok: true; events: Event[] } | { ok: false; error: Refusal };
  evolve: (state: State, event: Event) => State;
};

/**
 * Where the decided events go:
 * - `'read'` (the default): at the revision read (`no_stream` when there was none), so a write since is a
 *   conflict;
 * - `'no_stream'`: the stream must not exist yet (a claim: an address, a day's run, an id made once); the
 *   stream is not read, the command is decided on the initial state, and an existing stream is a
 *   conflict;
 * - `'any'`: the events only add up (a chat's messages), so they go on whatever was written since.
 */
export type AppendAt = 'read' | 'no_stream' | 'any';

export type CommandContext = {
  /** The stream's revision when it was read (-1: no stream). */
  revision: bigint;
};

export type HandleCommandOptions<State, Command, Event> = {
  stream: string;
  /**
   * The command, or how to make it from the state read (after any `prelude`). Several commands are decided
   * in turn, each on the state the ones before leave, and appended in one write (or none is).
   */
  command:
    Command | readonly Command[] | ((state: State, context: CommandContext) => Command | readonly Command[]);
  /** The events' metadata: one for all, or per event (`ids` are the ids of every event of this write). */
  metadata: EventMetadata | ((event: Event, index: number, ids: readonly string[]) => EventMetadata);
  newId: () => string;
  /** An event's id when it is not a fresh one (an id derived from its cause makes a repeat idempotent). */
  eventId?: (event: Event, index: number, context: CommandContext) => string;
  appendAt?: AppendAt;
  /** Events derived from the state read, appended before the decided ones in the same write. */
  prelude?: (state: State, context: CommandContext) => Promise<Event[]> | Event[];
  /** How a recorded event becomes the decider's (default: the catalogue's `parseEvent`, upcasters applied). */
  parse?: (recorded: RecordedEvent) => Event;
  /**
   * How the stream is read, when not from its first event (the EIF's `loadAggregate`: the latest state
   * kept or snapshotted, then only the events after it). Ignored with `appendAt: 'no_stream'`.
   */
  read?: () => Promise<{ state: State; revision: bigint }>;
};

export type CommandResult<State, Event, Refusal> =
  | {
      ok: true;
      /** The state the command was decided on. */
      before: State;
      after: State;
      /** The events appended: any prelude's, then the decided ones. */
      events: Event[];
      /** The stream's revision after the write (the revision read when nothing was appended). */
      revision: bigint;
      /** The store's answer; null when there was nothing to append. */
      appended: AppendResult | null;
    }
  | { ok: false; error: Refusal; before: State; revision: bigint };

const defaultParse = <Event>(recorded: RecordedEvent): Event => parseEvent(recorded) as unknown as Event;

export async function handleCommand<State, Command, Event extends { type: string; data: unknown }, Refusal>(
  store: EventStore,
  decider: StreamDecider<State, Command, Event, Refusal>,
  options: HandleCommandOptions<State, Command, Event>,
): Promise<CommandResult<State, Event, Refusal>> {
  const appendAt = options.appendAt ?? 'read';
  const parse = options.parse ?? defaultParse<Event>;
  const { state: read, revision } =
    appendAt === 'no_stream'
      ? { state: decider.initialState(), revision: -1n }
      : options.read
        ? await options.read()
        : await readAndFold(store, decider, options.stream, parse);
  const context: CommandContext = { revision };
  const prelude = (await options.prelude?.(read, context)) ?? [];
  const before = prelude.reduce(decider.evolve, read);
  const given =
    typeof options.command === 'function'
      ? (options.command as (state: State, context: CommandContext) => Command | readonly Command[])(
          before,
          context,
        )
      : options.command;
  const commands: readonly Command[] = Array.isArray(given) ? given : [given as Command];
  const decided: Event[] = [];
  let after = before;
  for (const command of commands) {
    const decision = decider.decide(command, after);
    if (!decision.ok) return { ok: false, error: decision.error, before, revision };
    decided.push(...decision.events);
    after = decision.events.reduce(decider.evolve, after);
  }
  const events = [...prelude, ...decided];
  if (events.length === 0) return { ok: true, before, after, events, revision, appended: null };
  const ids = events.map((event, i) => options.eventId?.(event, i, context) ?? options.newId());
  const toAppend: NewEvent[] = events.map((event, i) => ({
    id: ids[i]!,
    type: event.type,
    data: event.data,
    metadata: typeof options.metadata === 'function' ? options.metadata(event, i, ids) : options.metadata,
  }));
  const expected = appendAt === 'any' ? 'any' : revision < 0n ? ('no_stream' as const) : revision;
  const appended = await store.append(options.stream, toAppend, expected);
  return { ok: true, before, after, events, revision: appended.nextExpectedRevision, appended };
}

async function readAndFold<State, Event>(
  store: EventStore,
  decider: Pick<StreamDecider<State, never, Event, unknown>, 'initialState' | 'evolve'>,
  stream: string,
  parse: (recorded: RecordedEvent) => Event,
) {
  const recorded = await store.readStream(stream);
  return {
    state: recorded.map(parse).reduce(decider.evolve, decider.initialState()),
    revision: BigInt(recorded.length) - 1n,
  };
}
