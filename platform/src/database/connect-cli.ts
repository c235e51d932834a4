import { resolve } from 'node:path';
import pg from 'pg';
import { parseSettings } from '../settings.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './embedded-postgres.ts';

/**
 * The database a command-line tool works on: DATABASE_URL in the distributed topology, else the embedded
 * default's PostgreSQL under .data/ (started for the tool and stopped with `close`).
 */
async function connectCliDatabase(): Promise<{
  databaseUrl: string;
  pool: pg.Pool;
  close: () => Promise<void>;
}> {
  let embedded: EmbeddedDatabase | null = null;
  const settings = parseSettings(process.env);
  let databaseUrl = settings.DATABASE_URL;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres({ dataDir: resolve(settings.ONBOARD_DATA_DIR) });
    await embedded.createDatabase('onboard');
    databaseUrl = embedded.url('onboard');
  }
  const pool = new pg.Pool({ connectionString: databaseUrl });
  return {
    databaseUrl,
    pool,
    close: async () => {
      await pool.end();
      await embedded?.stop();
    },
  };
}

type CliDatabase = Awaited<ReturnType<typeof connectCliDatabase>>;

/**
 * Runs a command-line tool's work on its database (see `connectCliDatabase`), closed after it; a failure is
 * printed and the process exits with 1.
 */
export function runOnCliDatabase(work: (database: Omit<CliDatabase, 'close'>) => Promise<void>) {
  const run = async () => {
    const { close, ...database } = await connectCliDatabase();
    try {
      await work(database);
    } finally {
      await close();
    }
  };
  run().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
