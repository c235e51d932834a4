import type { CheckpointedConsumer } from '@onboard/events';

/** A projection's reset: deletes every row of its tables, in the order given. */
export const deleteRows =
  (...tables: string[]): NonNullable<CheckpointedConsumer['reset']> =>
  async (tx) => {
    for (const table of tables) await tx.query(`delete from ${table}`);
  };
