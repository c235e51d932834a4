/**
 * The one shape of every aggregate's rules (design brief): a command is decided against the state folded
 * from the aggregate's events, and answers the new events or a refusal; `evolve` folds one event in.
 * Commands carry what is asked (`data`) apart from who asks and when (`metadata`): the domain has no clock
 * and makes no ids, so both come in with the command.
 */
export type CommandMetadata<By = { userId: string; role: string }> = { at: string; by: By };

export type Command<Type extends string, Data, Metadata = CommandMetadata> = {
  type: Type;
  data: Data;
  metadata: Metadata;
};

/** A command as a handler builds it, before the request's time and actor are added as its metadata. */
export type Intent<C> = C extends unknown ? Omit<C, 'metadata'> : never;

/** A refusal names its rule by a stable code, with the message the user reads. */
export type Refusal<Code extends string = string> = { code: Code; message: string };

export type Decision<Event, R extends Refusal = Refusal> =
  { ok: true; events: Event[] } | { ok: false; error: R };

export type Decider<State, C, Event, R extends Refusal = Refusal> = {
  initialState: () => State;
  decide: (command: C, state: State) => Decision<Event, R>;
  evolve: (state: State, event: Event) => State;
};

export const accepted = <Event>(...events: Event[]): { ok: true; events: Event[] } => ({ ok: true, events });
export const refused = <R extends Refusal>(error: R): { ok: false; error: R } => ({ ok: false, error });

/**
 * The decider of a stream whose one event happens once (a lead sent, a check used, a day's run claimed):
 * the first command records it; every later one is refused with `refusal`.
 */
export const onceDecider = <C, Event, R extends Refusal>(
  record: (command: C) => Event,
  refusal: R,
): Decider<{ done: boolean }, C, Event, R> => ({
  initialState: () => ({ done: false }),
  decide: (command, state) => (state.done ? refused(refusal) : accepted(record(command))),
  evolve: () => ({ done: true }),
});

/** The state after the events, from the decider's initial state. */
export const foldWith = <State, Event>(
  decider: Pick<Decider<State, never, Event, Refusal>, 'initialState' | 'evolve'>,
  events: readonly Event[],
): State => events.reduce(decider.evolve, decider.initialState());
