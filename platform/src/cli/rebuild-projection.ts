import { catchUp, resetConsumer } from '@onboard/events';
import { projections } from '@onboard/projections';
import { connectEventStore } from '../app.ts';
import { loadConfig } from '../config.ts';
import { runOnCliDatabase } from '../database/connect-cli.ts';
import { migrate } from '../database/migrations.ts';

/**
 * `npm run projections:rebuild -- <name>`: empties one projection's rows and replays it from position
 * zero. A runner that is active elsewhere notices its checkpoint moved and resumes from zero itself.
 */
function main() {
  const name = process.argv[2];
  const projection = projections.find((p) => p.name === name);
  if (!projection) {
    console.error(
      `Usage: npm run projections:rebuild -- <name>\nProjections: ${projections.map((p) => p.name).join(', ')}`,
    );
    process.exit(2);
  }
  runOnCliDatabase(async ({ databaseUrl, pool }) => {
    const config = loadConfig(process.env, databaseUrl);
    await migrate(pool);
    const store = await connectEventStore(config, pool);
    const started = performance.now();
    await resetConsumer(pool, projection);
    const position = await catchUp({ store, pool, consumer: projection });
    console.log(
      `Rebuilt ${projection.name} to ${position.commit}/${position.prepare} in ${Math.round(performance.now() - started)} ms`,
    );
    await store.close();
  });
}

main();
