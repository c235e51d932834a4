import pg from 'pg';
import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { migrate } from '@onboard/platform/database/migrations';

/** A fresh, empty database in the run's PostgreSQL, so each test owns its rows. */
export async function freshDatabase(prefix = 't'): Promise<string> {
  const adminUrl = inject('pgAdminUrl');
  const name = `${prefix}_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A fresh database with every migration applied (platform/src/database/migrations.ts), as the app has it. */
export async function migratedDatabase(prefix = 't'): Promise<string> {
  const url = await freshDatabase(prefix);
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    await migrate(pool);
  } finally {
    await pool.end();
  }
  return url;
}
