import type { CheckpointedConsumer, ProjectionTx, RecordedEvent } from '@onboard/events';

/** A projection's handler that applies a batch's events one at a time, each parsed by the schema given. */
export const eachEvent =
  <E>(
    schema: { parse: (event: unknown) => E },
    apply: (event: E, tx: ProjectionTx, recorded: RecordedEvent) => Promise<void>,
  ): NonNullable<CheckpointedConsumer['handle']> =>
  async (events, tx) => {
    for (const recorded of events)
      await apply(schema.parse({ type: recorded.type, data: recorded.data }), tx, recorded);
  };
