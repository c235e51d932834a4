import { runOnCliDatabase } from '../database/connect-cli.ts';
import { migrate } from '../database/migrations.ts';

/**
 * `npm run migrate`: applies every pending migration (platform/src/database/migrations.ts) to DATABASE_URL,
 * or to the embedded default's database. The distributed topology runs it once before the services start;
 * two runs at once are safe (the second waits for the first, then has nothing to do).
 */
runOnCliDatabase(async ({ pool }) => {
  const applied = await migrate(pool, { log: (line) => console.log(line) });
  const count = applied.reduce((n, owner) => n + owner.applied.length, 0);
  console.log(count === 0 ? 'The database is up to date.' : `Applied ${count} migration(s).`);
});
