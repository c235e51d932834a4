import {
  eventTypesOf,
  type CheckpointedConsumer,
  type ProjectionTx,
  type RecordedEvent,
} from '@onboard/events';
import { deleteRows } from './reset.ts';

type Apply<E> = (event: E, tx: ProjectionTx, recorded: RecordedEvent) => Promise<void>;

/** A projection's handler that applies a batch's events one at a time, each parsed by the schema given. */
export const eachEvent =
  <E>(
    schema: { parse: (event: unknown) => E },
    apply: Apply<E>,
  ): NonNullable<CheckpointedConsumer['handle']> =>
  async (events, tx) => {
    for (const recorded of events)
      await apply(schema.parse({ type: recorded.type, data: recorded.data }), tx, recorded);
  };

/**
 * A projection of every event of one union into its tables, one event at a time: the store sends it the
 * union's types (an event added to the union needs no list kept in step), and a reset deletes the
 * tables' rows in the order given.
 */
export const unionProjection = <E>(
  {
    union,
    tables,
    ...consumer
  }: Pick<CheckpointedConsumer, 'name' | 'partitions'> & {
    union: Parameters<typeof eventTypesOf>[0] & { parse: (event: unknown) => E };
    tables: string[];
  },
  apply: Apply<E>,
): CheckpointedConsumer => ({
  ...consumer,
  filter: { eventTypes: eventTypesOf(union) },
  reset: deleteRows(...tables),
  handle: eachEvent(union, apply),
});
