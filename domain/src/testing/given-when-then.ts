import { foldWith, type Decider, type Decision, type Refusal } from '../decider.ts';

/**
 * Every decider test reads the same way: given the events so far, when a command arrives, then these
 * events (or this refusal).
 *
 *   const given = givenWhenThen(eifDecider);
 *   expect(given(created).when(changeTaxId('123456789'))).toEqual({ ok: true, events: [...] });
 */
export function givenWhenThen<State, C, Event, R extends Refusal>(decider: Decider<State, C, Event, R>) {
  return (...history: readonly Event[]) => {
    const state = foldWith(decider, history);
    return { state, when: (command: C): Decision<Event, R> => decider.decide(command, state) };
  };
}

/** The events of an accepted decision; a refusal fails the test with its message. */
export function eventsOf<Event, R extends Refusal>(decision: Decision<Event, R>): Event[] {
  if (!decision.ok) throw new Error(`refused: ${decision.error.code} ${decision.error.message}`);
  return decision.events;
}

/** The refusal of a refused decision; an accepted one fails the test. */
export function refusalOf<Event, R extends Refusal>(decision: Decision<Event, R>): R {
  if (decision.ok) throw new Error(`accepted: ${JSON.stringify(decision.events)}`);
  return decision.error;
}

/**
 * A builder of a decider's commands, each asked with the metadata given; a command's own `metadata`
 * changes part of it (who asks, or when):
 *
 *   const cmd = commandBuilder<TaskCommand>({ at, by: staff });
 *   given(...history).when(cmd('TakeTaskAction', { ...ref, action: 'submit' }, { by: benAdmin }));
 */
export function commandBuilder<C extends { type: string; data: unknown; metadata: object }>(
  defaults: C['metadata'],
) {
  return <T extends C['type']>(
    type: T,
    data: Extract<C, { type: T }>['data'],
    metadata: Partial<C['metadata']> = {},
  ): C => ({ type, data, metadata: { ...defaults, ...metadata } }) as unknown as C;
}
