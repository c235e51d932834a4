import { existsSync, readdirSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import type pg from 'pg';
import { runner } from 'node-pg-migrate';

/**
 * Versioned schema migrations (node-pg-migrate, plain SQL files), one ordered folder per owner, each with
 * its own table of applied migrations so the owners move independently. Applied in this order: the event
 * store first (read-model migrations may reset checkpoints), then identity, the platform's tables and the
 * read models.
 */
export const MIGRATION_FOLDERS = [
  { owner: 'events', table: 'migrations_event_store' },
  { owner: 'command-api', table: 'migrations_identity' },
  { owner: 'platform', table: 'migrations_platform' },
  { owner: 'projections', table: 'migrations_read_models' },
] as const;
export type MigrationOwner = (typeof MIGRATION_FOLDERS)[number]['owner'];

/** One lock for the whole run: a second replica starting at the same time waits, then finds nothing to do. */
const LOCK = `hashtext('onboard.migrations')`;

/**
 * Where an owner's migrations are: beside the compiled server (`npm run build:server` copies them to
 * platform/dist/migrations/<owner>), else in the owner's package folder when running from the sources.
 */
export function migrationsFolder(owner: MigrationOwner): string {
  const candidates = [
    join(import.meta.dirname, 'migrations', owner),
    join(import.meta.dirname, '..', 'migrations', owner),
    resolve(import.meta.dirname, '../../..', owner, 'migrations'),
  ];
  const found = candidates.find((dir) => existsSync(dir));
  if (!found) throw new Error(`No migrations folder for ${owner} (looked in ${candidates.join(', ')})`);
  return found;
}

export type AppliedMigrations = { owner: MigrationOwner; applied: string[] }[];
type Folders = Partial<Record<MigrationOwner, string>>;

/**
 * Applies every pending migration under the advisory lock. `folders` replaces an owner's folder (tests
 * migrate with an extra read-model migration).
 */
export async function migrate(
  pool: pg.Pool,
  options: { folders?: Folders; log?: (line: string) => void } = {},
): Promise<AppliedMigrations> {
  const client = await pool.connect();
  const applied: AppliedMigrations = [];
  try {
    await client.query(`select pg_advisory_lock(${LOCK})`);
    for (const { owner, table } of MIGRATION_FOLDERS) {
      const ran = await runner({
        dbClient: client,
        dir: options.folders?.[owner] ?? migrationsFolder(owner),
        migrationsTable: table,
        direction: 'up',
        count: Number.POSITIVE_INFINITY,
        // The lock above covers every folder; node-pg-migrate's own lock would fail a waiting replica.
        noLock: true,
        checkOrder: true,
        singleTransaction: true,
        log: () => undefined,
      });
      applied.push({ owner, applied: ran.map((m) => m.name) });
      for (const m of ran) options.log?.(`${owner}: applied ${m.name}`);
    }
  } finally {
    // A connection that cannot unlock is destroyed rather than returned to the pool holding the lock.
    const unlocked = await client.query(`select pg_advisory_unlock(${LOCK})`).then(
      () => undefined,
      (error: Error) => error,
    );
    client.release(unlocked);
  }
  return applied;
}

/** The migrations a database has not applied yet, by owner (empty when it is up to date). */
export async function pendingMigrations(pool: pg.Pool, folders: Folders = {}): Promise<string[]> {
  const pending: string[] = [];
  for (const { owner, table } of MIGRATION_FOLDERS) {
    const dir = folders[owner] ?? migrationsFolder(owner);
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('.sql'))
      .map((f) => basename(f, '.sql'))
      .sort();
    const { rows } = await pool.query<{ exists: boolean }>('select to_regclass($1) is not null as exists', [
      table,
    ]);
    const done = rows[0]?.exists
      ? new Set((await pool.query<{ name: string }>(`select name from ${table}`)).rows.map((r) => r.name))
      : new Set<string>();
    pending.push(...files.filter((f) => !done.has(f)).map((f) => `${owner}/${f}`));
  }
  return pending;
}
