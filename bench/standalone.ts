import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmbeddedPostgres } from '@onboard/platform/database/embedded-postgres';

/**
 * Runs a bench file on its own (`npx tsx bench/<file>.ts`): a scratch embedded PostgreSQL with one empty
 * database, removed afterwards. Does nothing when the file is imported by `bench/run.ts`.
 */
export function runStandalone(moduleUrl: string, name: string, use: (databaseUrl: string) => Promise<void>) {
  if (process.argv[1] !== fileURLToPath(moduleUrl)) return;
  const run = async () => {
    const dir = mkdtempSync(join(tmpdir(), `onboard-${name}-`));
    chmodSync(dir, 0o777);
    const db = await startEmbeddedPostgres({ dataDir: join(dir, 'data') });
    try {
      await db.createDatabase(name);
      await use(db.url(name));
    } finally {
      await db.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  };
  run().then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
