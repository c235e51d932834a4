import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startApp } from '@onboard/platform/app';
import { embeddedTestConfig } from '@onboard/platform/config';
import { startEmbeddedPostgres } from '@onboard/platform/database/embedded-postgres';
import { migrate } from '@onboard/platform/database/migrations';
import { MIGRATED_TEMPLATE, SEEDED_TEMPLATE } from './templates.ts';

type Shared = { adminUrls: string[]; users: number; stop: () => Promise<void> };
const SHARED = Symbol.for('onboard.test-postgres');
type WithShared = typeof globalThis & { [SHARED]?: Promise<Shared> };

/**
 * One real PostgreSQL per worker of the run (a file runs in one worker at a time), shared by the
 * projects of the run (their global setups run in one process), each with the same two templates, made once: every
 * migration applied, and that plus the demo data as the app leaves it after its first start (seeded,
 * projections and reactors caught up). Each test file copies the one it needs into a database of its own
 * (testing/db.ts), which takes a fraction of a second where migrating takes seconds and seeding more.
 * A server per worker, not one for all: readers of the event store see only events below the oldest
 * running transaction of the whole server (events/src/store/postgres.ts), so files side by side in one
 * server would hold each other's readers back.
 */
export default async function setup(project: TestProject) {
  const global = globalThis as WithShared;
  global[SHARED] ??= startShared(Math.max(1, project.globalConfig.maxWorkers ?? 1));
  const shared = await global[SHARED];
  shared.users += 1;
  project.provide('pgAdminUrls', shared.adminUrls);
  return async () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    delete global[SHARED];
    await shared.stop();
  };
}

async function startShared(servers: number): Promise<Shared> {
  // The first server makes the templates and stops; every server then starts on a copy of its files, the
  // templates in them, instead of each migrating and seeding its own.
  const made = newDataDir();
  try {
    const first = await startServer(made);
    try {
      await makeTemplates(first.adminUrl);
    } finally {
      await first.stop();
    }
  } catch (error) {
    rmSync(made.root, { recursive: true, force: true });
    throw error;
  }
  const dirs = [made, ...Array.from({ length: servers - 1 }, () => newDataDir())];
  // `cp -a` keeps the files' owner: as root, the package runs PostgreSQL as a user of its own.
  for (const dir of dirs.slice(1)) execFileSync('cp', ['-a', made.data, dir.data]);

  const started = await Promise.allSettled(dirs.map((dir) => startServer(dir)));
  const running = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const stop = async () => {
    await Promise.all(running.map((server) => server.stop()));
    for (const dir of dirs) rmSync(dir.root, { recursive: true, force: true });
  };
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    await stop();
    throw failed.reason;
  }
  return { adminUrls: running.map((server) => server.adminUrl), users: 0, stop };
}

type DataDir = { root: string; data: string };

function newDataDir(): DataDir {
  const root = mkdtempSync(join(tmpdir(), 'onboard-test-pg-'));
  chmodSync(root, 0o777);
  return { root, data: join(root, 'data') };
}

/** A PostgreSQL on `dir`'s files (made on the first start); stopping it keeps them. */
async function startServer(dir: DataDir): Promise<{ adminUrl: string; stop: () => Promise<void> }> {
  // Durability is not what tests of this server test: no fsync (a crash of the machine would lose the
  // run, not the data of anyone), so the many short transactions of parallel test files cost less.
  const db = await startEmbeddedPostgres({
    dataDir: dir.data,
    extraFlags: ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off'],
  });
  return {
    adminUrl: db.url('postgres'),
    stop: async () => {
      await db.stop();
    },
  };
}

async function makeTemplates(adminUrl: string): Promise<void> {
  const urlOf = (name: string) => {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return url.toString();
  };
  const started = Date.now();
  const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(1);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${MIGRATED_TEMPLATE}`);
    const pool = new pg.Pool({ connectionString: urlOf(MIGRATED_TEMPLATE), max: 1 });
    try {
      await migrate(pool);
    } finally {
      await pool.end();
    }
    await sealTemplate(admin, MIGRATED_TEMPLATE);
    const migrated = Date.now();

    await admin.query(`create database ${SEEDED_TEMPLATE} template ${MIGRATED_TEMPLATE}`);
    const app = await startApp(embeddedTestConfig(urlOf(SEEDED_TEMPLATE), { webDist: null }));
    try {
      await caughtUp(app.url);
    } finally {
      await app.stop();
    }
    await sealTemplate(admin, SEEDED_TEMPLATE);
    console.log(
      `[test databases] migrated template in ${seconds(started)} s, seeded template in ${seconds(migrated)} s`,
    );
  } finally {
    await admin.end();
  }
}

/** Until every projection and reactor has handled every event, twice in a row (reactors append more). */
async function caughtUp(url: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  let inARow = 0;
  while (inARow < 2) {
    if (Date.now() > deadline) throw new Error('the seeded template did not catch up within 2 minutes');
    const health = (await (await fetch(`${url}/api/health`)).json()) as {
      consumers?: { isCaughtUp: boolean }[];
    };
    inARow = health.consumers?.every((c) => c.isCaughtUp) ? inARow + 1 : 0;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * No connection may be open to a template while it is copied: none are allowed from here on, and the
 * pools of the setup (closed just before) are waited out.
 */
async function sealTemplate(admin: pg.Client, name: string): Promise<void> {
  await admin.query(`alter database ${name} with is_template true allow_connections false`);
  const deadline = Date.now() + 10_000;
  for (;;) {
    const open = await admin.query<{ pid: number; application_name: string; query: string; state: string }>(
      `select pid, application_name, query, state from pg_stat_activity where datname = $1`,
      [name],
    );
    if (open.rows.length === 0) return;
    if (Date.now() > deadline)
      throw new Error(`connections to the template ${name} stay open: ${JSON.stringify(open.rows)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The admin URL of each worker's PostgreSQL (testing/db.ts picks its worker's). */
    pgAdminUrls: string[];
  }
}
