// A projection runner in a child process for the crash test: after each batch's rows are written, but
// before the transaction commits, it prints WRITTEN and lingers, so the parent can kill it mid-batch.
import pg from 'pg';
import { startRunner, type CheckpointedConsumer } from '@onboard/events';
import { createPostgresEventStore } from '@onboard/events/postgres';
import { clientViewProjection } from '../client-view.ts';

const url = process.argv[2]!;
const pool = new pg.Pool({ connectionString: url });
const store = createPostgresEventStore({ pool, connectionString: url });
const consumer: CheckpointedConsumer = {
  ...clientViewProjection,
  handle: async (events, tx) => {
    await clientViewProjection.handle!(events, tx);
    process.stdout.write(`WRITTEN ${events.length}\n`);
    await new Promise((r) => setTimeout(r, 100));
  },
};
startRunner({ store, pool, consumer, batchSize: 50 });
