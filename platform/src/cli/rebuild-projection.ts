import { resolve } from 'node:path';
import pg from 'pg';
import { catchUp, migrateCheckpoints, resetConsumer } from '@onboard/events';
import { migrateReadModels, projections } from '@onboard/projections';
import { connectEventStore } from '../app.ts';
import { loadConfig } from '../config.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../database/embedded-postgres.ts';

/**
 * `npm run projections:rebuild -- <name>`: empties one projection's rows and replays it from position
 * zero. A runner that is active elsewhere notices its checkpoint moved and resumes from zero itself.
 */
async function main() {
  const name = process.argv[2];
  const projection = projections.find((p) => p.name === name);
  if (!projection) {
    console.error(
      `Usage: npm run projections:rebuild -- <name>\nProjections: ${projections.map((p) => p.name).join(', ')}`,
    );
    process.exit(2);
  }
  let embedded: EmbeddedDatabase | null = null;
  let databaseUrl: string | undefined;
  if (!process.env.DATABASE_URL) {
    embedded = await startEmbeddedPostgres({ dataDir: resolve(process.env.ONBOARD_DATA_DIR ?? '.data/pg') });
    await embedded.createDatabase('onboard');
    databaseUrl = embedded.url('onboard');
  }
  const config = loadConfig(process.env, databaseUrl);
  const pool = new pg.Pool({ connectionString: config.databaseUrl });
  try {
    const store = await connectEventStore(config, pool);
    await migrateCheckpoints(pool);
    await migrateReadModels(pool);
    const started = performance.now();
    await resetConsumer(pool, projection);
    const position = await catchUp({ store, pool, consumer: projection });
    console.log(
      `Rebuilt ${projection.name} to ${position.commit}/${position.prepare} in ${Math.round(performance.now() - started)} ms`,
    );
    await store.close();
  } finally {
    await pool.end();
    await embedded?.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
