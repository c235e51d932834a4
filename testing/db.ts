import pg from 'pg';
import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { MIGRATED_TEMPLATE, SEEDED_TEMPLATE } from './templates.ts';

async function createDatabase(prefix: string, template: string | null): Promise<string> {
  // This worker's own PostgreSQL (testing/global-setup.ts); VITEST_POOL_ID counts the workers from 1.
  const servers = inject('pgAdminUrls');
  const adminUrl = servers[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % servers.length]!;
  const name = `${prefix}_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A fresh, empty database in the run's PostgreSQL, so each test owns its rows (and migrates them itself). */
export function freshDatabase(prefix = 't'): Promise<string> {
  return createDatabase(prefix, null);
}

/**
 * A fresh database with every migration applied (platform/src/database/migrations.ts), as the app has it:
 * a copy of the run's migrated template (testing/global-setup.ts).
 */
export function migratedDatabase(prefix = 't'): Promise<string> {
  return createDatabase(prefix, MIGRATED_TEMPLATE);
}

/**
 * A fresh database as the app leaves it after its first start with the demo data (the default of
 * embeddedTestConfig): migrated, seeded, every projection and reactor caught up. A copy of the run's
 * seeded template; the app started on it finds nothing to migrate or seed.
 */
export function seededDatabase(prefix = 't'): Promise<string> {
  return createDatabase(prefix, SEEDED_TEMPLATE);
}
