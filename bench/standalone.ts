import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WEB_DIST } from '@onboard/platform/config';
import { startEmbeddedPostgres } from '@onboard/platform/database/embedded-postgres';
import { CHROMIUM_PATH } from '@onboard/testing/backends';
import type { Report } from './eif.ts';

type ScratchPostgres = Awaited<ReturnType<typeof startEmbeddedPostgres>>;

/** A scratch embedded PostgreSQL for `use`, stopped and its folder removed afterwards. */
export async function withScratchPostgres<T>(
  prefix: string,
  use: (db: ScratchPostgres) => Promise<T>,
): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), `onboard-${prefix}-`));
  chmodSync(dir, 0o777);
  const db = await startEmbeddedPostgres({ dataDir: join(dir, 'data') });
  try {
    return await use(db);
  } finally {
    await db.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Ends the process when `run` has: 0 when it succeeded, 1 (with the error printed) when it failed. */
export function exitWhenDone(run: Promise<unknown>): void {
  run.then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}

/** A figure as a line of the run's output: met or missed, its value, its ratio (as `ratio` words it), the target. */
export const printedReport =
  (ratio: (value: number) => string = (r) => `ratio ${r.toFixed(2)}x`): Report =>
  (name, value, ratioValue, target, isMet) =>
    console.log(
      `${isMet ? 'PASS' : 'MISS'}  ${name}: ${value}${ratioValue === null ? '' : `  ${ratio(ratioValue)}`}  (target ${target})`,
    );

/** Runs a bench file that needs no database on its own (`npx tsx bench/<file>.ts`), its figures printed. */
export function runAlone(
  moduleUrl: string,
  bench: (report: Report) => Promise<void>,
  report = printedReport(),
) {
  if (process.argv[1] === fileURLToPath(moduleUrl)) exitWhenDone(bench(report));
}

/**
 * Runs a bench file on its own (`npx tsx bench/<file>.ts`): a scratch embedded PostgreSQL with one empty
 * database, removed afterwards. Does nothing when the file is imported by `bench/run.ts`.
 */
export function runStandalone(moduleUrl: string, name: string, use: (databaseUrl: string) => Promise<void>) {
  if (process.argv[1] !== fileURLToPath(moduleUrl)) return;
  exitWhenDone(
    withScratchPostgres(name, async (db) => {
      await db.createDatabase(name);
      await use(db.url(name));
    }),
  );
}

/**
 * Whether a browser bench cannot run here, said as a SKIP line naming `what`: the web build (its `page`)
 * or Chromium is missing.
 */
export function browserBenchSkipped(what: string, page: 'index.html' | 'explorer.html'): boolean {
  if (!existsSync(join(WEB_DIST, page))) {
    console.log(`SKIP  ${what}: run \`npm run build:web\` first`);
    return true;
  }
  if (!existsSync(CHROMIUM_PATH)) {
    console.log(`SKIP  ${what}: no Chromium at ${CHROMIUM_PATH}`);
    return true;
  }
  return false;
}
