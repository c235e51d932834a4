import pg from 'pg';
import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';

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
