import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { catchUp, eifStream } from '@onboard/events';
import { createPostgresEventStore } from '@onboard/events/postgres';
import { clientViewProjection } from '@onboard/projections';
import { freshDatabase } from '@onboard/testing/db';
import { startApp } from '../app.ts';
import { embeddedTestConfig } from '../config.ts';
import { MIGRATION_FOLDERS, migrate, migrationsFolder, pendingMigrations } from './migrations.ts';

const pools: pg.Pool[] = [];
const open = (connectionString: string) => {
  const pool = new pg.Pool({ connectionString, max: 4 });
  pools.push(pool);
  return pool;
};
afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.end()));
});

const appliedNames = (applied: Awaited<ReturnType<typeof migrate>>) =>
  applied.flatMap((owner) => owner.applied.map((name) => `${owner.owner}/${name}`));

/** Every migration of this release, by owner in the order they apply. */
const EVERY_MIGRATION = MIGRATION_FOLDERS.flatMap(({ owner }) =>
  readdirSync(migrationsFolder(owner))
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => `${owner}/${file.replace(/\.sql$/, '')}`),
);

/**
 * A database as the release before versioned migrations left it, with data in it: that release's start-up
 * functions created exactly the tables each owner's baseline migration creates (the baselines were written
 * from them), so the baselines applied straight from their files, with no migrations tables, are its schema.
 */
const previousRelease = [
  ...MIGRATION_FOLDERS.map(({ owner }) =>
    readFileSync(join(migrationsFolder(owner), '0001_baseline.sql'), 'utf8'),
  ),
  readFileSync(join(import.meta.dirname, 'testing/previous-release-data.sql'), 'utf8'),
].join('\n');

describe('versioned migrations', () => {
  it('migrate an empty database: every owner’s migrations, once', async () => {
    const pool = open(await freshDatabase('mig_empty'));
    expect(await pendingMigrations(pool)).toEqual(EVERY_MIGRATION);

    const first = await migrate(pool);
    expect(appliedNames(first)).toEqual(EVERY_MIGRATION);
    expect(await pendingMigrations(pool)).toEqual([]);
    for (const table of ['es_events', 'auth_sessions', 'bus_messages', 'documents', 'rm_clients']) {
      const { rows } = await pool.query('select to_regclass($1) is not null as exists', [table]);
      expect(rows[0].exists, table).toBe(true);
    }
    expect(appliedNames(await migrate(pool))).toEqual([]);
  });

  it('migrate a database at the previous release’s schema: its data stays and reads back', async () => {
    const url = await freshDatabase('mig_prev');
    const pool = open(url);
    await pool.query(previousRelease);
    expect(await pendingMigrations(pool)).toEqual(EVERY_MIGRATION);

    await migrate(pool);

    expect(await pendingMigrations(pool)).toEqual([]);
    const store = createPostgresEventStore({ pool, connectionString: url });
    try {
      const events = await store.readStream(eifStream('client-before'));
      expect(events.map((e) => e.type)).toEqual(['EifEntityCreated']);
    } finally {
      await store.close();
    }
    const user = await pool.query('select email from rm_users where user_id = $1', ['owner-1']);
    expect(user.rows).toEqual([{ email: 'owner@carrier.example' }]);
    const credentials = await pool.query('select count(*)::int as n from auth_credentials');
    expect(credentials.rows[0].n).toBe(1);
    const document = await pool.query('select name, content from documents');
    expect(document.rows[0].name).toBe('Plan summary.pdf');
    expect(document.rows[0].content.toString()).toBe('%PDF');
    const client = await pool.query('select name from rm_clients');
    expect(client.rows).toEqual([{ name: 'Harbor Bakery' }]);
    const checkpoint = await pool.query('select name from checkpoints');
    expect(checkpoint.rows).toEqual([{ name: 'client-view' }]);
  });

  it('a database with an older read-model layout has those read models dropped and rebuilt, as start-up did', async () => {
    const url = await freshDatabase('mig_older');
    const pool = open(url);
    await pool.query(previousRelease);
    await pool.query(`alter table rm_clients add column entities jsonb`);
    await pool.query(`alter table rm_change_details add column event_id uuid`);
    await pool.query(`insert into checkpoints (name) values ('change-log'), ('users')`);

    await migrate(pool);

    const columns = await pool.query(
      `select column_name from information_schema.columns
       where table_name in ('rm_clients', 'rm_change_details') and column_name in ('entities', 'event_id')`,
    );
    expect(columns.rows).toEqual([]);
    expect((await pool.query('select * from rm_clients')).rows).toEqual([]);
    const checkpoints = await pool.query('select name from checkpoints');
    expect(checkpoints.rows).toEqual([{ name: 'users' }]);
    const events = await pool.query('select count(*)::int as n from es_events');
    expect(events.rows[0].n).toBe(1);
  });

  it('two replicas migrating at once: one applies, the other waits and finds nothing to do', async () => {
    const url = await freshDatabase('mig_race');
    const [a, b] = await Promise.all([migrate(open(url)), migrate(open(url))]);
    const all = [...appliedNames(a), ...appliedNames(b)];
    expect(all.sort()).toEqual([...EVERY_MIGRATION].sort());
    expect(await pendingMigrations(open(url))).toEqual([]);
  });

  it('a read-model migration drops its table and resets its checkpoint; the projection rebuilds it from the events', async () => {
    const url = await freshDatabase('mig_rebuild');
    const pool = open(url);
    await pool.query(previousRelease);
    await migrate(pool);
    // The projection ran split into partitions: each partition has a checkpoint of its own.
    await pool.query(
      `insert into checkpoints (name, commit_position, prepare_position)
       select 'client-view#' || p, 1, 1 from generate_series(0, $1 - 1) as p`,
      [clientViewProjection.partitions],
    );
    const store = createPostgresEventStore({ pool, connectionString: url });

    const folder = mkdtempSync(join(tmpdir(), 'read-models-'));
    try {
      cpSync(migrationsFolder('projections'), folder, { recursive: true });
      writeFileSync(
        join(folder, '0099_client_view_with_name_index.sql'),
        `-- Up Migration
         drop table rm_clients;
         create table rm_clients (
           client_id text primary key,
           name text not null default '',
           version bigint not null,
           state jsonb not null,
           updated_at timestamptz not null
         );
         create index rm_clients_name on rm_clients (lower(name));
         delete from checkpoints where name = 'client-view' or starts_with(name, 'client-view#');`,
      );
      const applied = await migrate(pool, { folders: { projections: folder } });
      expect(appliedNames(applied)).toEqual(['projections/0099_client_view_with_name_index']);
      expect((await pool.query('select * from rm_clients')).rows).toEqual([]);

      await catchUp({ store, pool, consumer: clientViewProjection });
      const { rows } = await pool.query('select client_id, version from rm_clients');
      expect(rows).toEqual([{ client_id: 'client-before', version: '0' }]);
    } finally {
      await store.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('a service that does not migrate refuses a database behind its release', async () => {
    const url = await freshDatabase('mig_behind');
    const config = embeddedTestConfig(url, { webDist: null, migrateOnStart: false });
    await expect(startApp(config)).rejects.toThrow(
      /The database is behind this release \(events\/0001_baseline, .*\): run npm run migrate first/,
    );
  });
});
