// `npm run bench`: speed figures as ratios against baselines measured in the same run on the same
// embedded PostgreSQL. Not a test: it prints, it does not assert.
import { randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { catchUp, eifStream, resetConsumer, type EventStore, type NewEvent } from '@onboard/events';
import { createPostgresEventStore } from '@onboard/events/postgres';
import { clientViewProjection } from '@onboard/projections';
import { startApp } from '@onboard/platform/app';
import { embeddedTestConfig } from '@onboard/platform/config';
import { startEmbeddedPostgres } from '@onboard/platform/database/embedded-postgres';
import { migrate } from '@onboard/platform/database/migrations';
import { apiClient } from '@onboard/platform/testing/http-client';
import { benchNetChanges, benchReplay, benchReviewers } from './eif.ts';
import { benchExplorerPage } from './explorer.ts';
import { benchClientList } from './client-list.ts';
import { reportPortalFirstPageSizes } from './portal-size.ts';
import { reportExplorerFirstPageSize } from './explorer-size.ts';

const APPENDS = Number(process.env.BENCH_APPENDS ?? 3000);
const CATCH_UP_EVENTS = Number(process.env.BENCH_CATCH_UP_EVENTS ?? 30000);
const LAG_SECONDS = Number(process.env.BENCH_LAG_SECONDS ?? 10);
const LAG_RATE = 200;

const meta = () => ({
  actorId: 'bench',
  actorRole: 'SLF_ADMIN',
  occurredAt: new Date().toISOString(),
  correlationId: randomUUID(),
});
const changed = (clientId: string, i: number): NewEvent => ({
  id: randomUUID(),
  type: 'EifEntityChanged',
  data: {
    clientId,
    entity: 'Client',
    entityId: clientId,
    changes: [{ attributeKey: 'taxId', value: String(100000000 + i), previousValue: null }],
  },
  metadata: meta(),
});
const created = (clientId: string): NewEvent => ({
  id: randomUUID(),
  type: 'EifEntityCreated',
  data: { clientId, entity: 'Client', entityId: clientId, attributes: { name: clientId, taxId: null } },
  metadata: meta(),
});

const perSecond = (count: number, ms: number) => (count * 1000) / ms;
const fmt = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 0 });
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

function report(name: string, value: string, ratio: number | null, target: string, isMet: boolean) {
  const r = ratio === null ? '' : `  ratio ${ratio.toFixed(2)}x`;
  console.log(`${isMet ? 'PASS' : 'MISS'}  ${name}: ${value}${r}  (target ${target})`);
}

async function timed(fn: () => Promise<void>) {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

async function benchAppends(pool: pg.Pool, store: EventStore) {
  await pool.query('create table raw_rows (id uuid primary key, stream text not null, data jsonb not null)');
  const payload = JSON.stringify(changed('raw', 0).data);
  const rawMs = await timed(async () => {
    for (let i = 0; i < APPENDS; i += 1) {
      await pool.query('insert into raw_rows (id, stream, data) values ($1, $2, $3)', [
        randomUUID(),
        `raw-${i}`,
        payload,
      ]);
    }
  });
  const raw = perSecond(APPENDS, rawMs);
  const singleMs = await timed(async () => {
    for (let i = 0; i < APPENDS; i += 1)
      await store.append(`bench-${randomUUID()}`, [changed('b', i)], 'no_stream');
  });
  const single = perSecond(APPENDS, singleMs);
  const batches = Math.ceil(APPENDS / 10);
  const batchMs = await timed(async () => {
    for (let i = 0; i < batches; i += 1) {
      await store.append(
        `bench-${randomUUID()}`,
        Array.from({ length: 10 }, (_, j) => changed('b', j)),
        'no_stream',
      );
    }
  });
  const batched = perSecond(batches * 10, batchMs);
  console.log(`      raw single-row INSERT (autocommit): ${fmt(raw)} rows/s`);
  report(
    'appends, one event to a distinct stream',
    `${fmt(single)} events/s`,
    single / raw,
    '>= 0.5x raw inserts',
    single / raw >= 0.5,
  );
  report(
    'appends, 10-event batches',
    `${fmt(batched)} events/s`,
    batched / raw,
    '>= 0.5x raw inserts',
    batched / raw >= 0.5,
  );
}

async function benchCatchUp(pool: pg.Pool, store: EventStore) {
  const clients = 200;
  for (let c = 0; c < clients; c += 1) {
    const clientId = `catchup-${c}`;
    const perClient = Math.floor(CATCH_UP_EVENTS / clients);
    const events = [
      created(clientId),
      ...Array.from({ length: perClient - 1 }, (_, i) => changed(clientId, i)),
    ];
    for (let i = 0; i < events.length; i += 500)
      await store.append(eifStream(clientId), events.slice(i, i + 500), 'any');
  }
  const { rows } = await pool.query<{ n: string }>(
    `select count(*) as n from es_events where stream_name like 'eif-catchup-%'`,
  );
  const total = Number(rows[0]!.n);
  const scanMs = await timed(async () => {
    await pool.query(`select * from es_events order by transaction_id, global_position`);
  });
  const { rows: all } = await pool.query<{ n: string }>('select count(*) as n from es_events');
  const scan = perSecond(Number(all[0]!.n), scanMs);
  await resetConsumer(pool, clientViewProjection);
  const projectMs = await timed(async () => {
    await catchUp({ store, pool, consumer: clientViewProjection });
  });
  const rate = perSecond(total, projectMs);
  console.log(`      raw SELECT scan of the all-stream: ${fmt(scan)} rows/s`);
  report(
    `projection catch-up (client-view, ${fmt(total)} events)`,
    `${fmt(rate)} events/s`,
    rate / scan,
    '>= 0.3x raw scan',
    rate / scan >= 0.3,
  );
}

async function benchLag(databaseUrl: string) {
  const app = await startApp(
    // The demo users are seeded for the sign-in; the lag clients are counted on their own.
    embeddedTestConfig(databaseUrl, { webDist: null, seedDemoData: true, logLevel: 'error' }),
  );
  const clients = Array.from({ length: 50 }, (_, i) => `lag-${i}`);
  for (const clientId of clients)
    await app.store.append(eifStream(clientId), [created(clientId)], 'no_stream');
  const api = apiClient(app.url);
  await api.signIn('admin@onboard.example');
  // Wait until the projection has the clients.
  for (;;) {
    const { rows } = await app.pool.query(
      `select count(*)::int as n from rm_clients where client_id like 'lag-%'`,
    );
    if (rows[0].n === clients.length) break;
    await new Promise((r) => setTimeout(r, 20));
  }

  const pending = new Map<string, { at: number; version: number }>(); // key: clientId
  const lags: number[] = [];
  let polling = true;
  const poller = (async () => {
    while (polling || pending.size > 0) {
      const { rows } = await app.pool.query<{ client_id: string; version: string }>(
        `select client_id, version from rm_clients where client_id like 'lag-%'`,
      );
      const now = performance.now();
      for (const row of rows) {
        const wait = pending.get(row.client_id);
        if (wait && Number(row.version) >= wait.version) {
          lags.push(now - wait.at);
          pending.delete(row.client_id);
        }
      }
      await new Promise((r) => setTimeout(r, 2));
    }
  })();

  // Warm-up at the same rate, not recorded: JIT, pool connections (each a SCRAM handshake), first pages.
  const warmUp = 2 * LAG_RATE;
  const total = LAG_SECONDS * LAG_RATE + warmUp;
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  let errors = 0;
  for (let i = 0; i < total; i += 1) {
    const due = started + (i * 1000) / LAG_RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const clientId = clients[i % clients.length]!;
    inFlight.push(
      (async () => {
        const res = await api.put(`/api/clients/${clientId}`, { taxId: String(100000000 + i) });
        if (res.status !== 200) {
          errors += 1;
          return;
        }
        if (i < warmUp) return;
        const appendedAt = performance.now();
        const previous = pending.get(clientId);
        // Only the latest command per client is awaited; an older one is already lagging less.
        if (!previous || previous.version < res.body.version)
          pending.set(clientId, { at: appendedAt, version: res.body.version });
      })(),
    );
  }
  await Promise.all(inFlight);
  const sentMs = performance.now() - started;
  const drainDeadline = performance.now() + 10_000;
  while (pending.size > 0 && performance.now() < drainDeadline) await new Promise((r) => setTimeout(r, 10));
  polling = false;
  pending.clear();
  await poller;
  await benchReviewers(
    app.url,
    [...api.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    api.cookies.get('onboard_csrf') ?? '',
    clients[0]!,
    report,
  );
  await app.stop();
  lags.sort((a, b) => a - b);
  const p50 = pct(lags, 50);
  const p99 = pct(lags, 99);
  console.log(
    `      ${total - warmUp} commands (after ${warmUp} warm-up) over ${(sentMs / 1000).toFixed(1)} s (${fmt(perSecond(total, sentMs))}/s), ${errors} conflicts or errors`,
  );
  report('append-to-read-model lag p50', `${p50.toFixed(1)} ms`, null, 'informational', true);
  report('append-to-read-model lag p99', `${p99.toFixed(1)} ms`, null, '< 100 ms', p99 < 100);
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'onboard-bench-'));
  chmodSync(dir, 0o777);
  const db = await startEmbeddedPostgres({ dataDir: join(dir, 'data') });
  try {
    await db.createDatabase('bench');
    await db.createDatabase('bench_lag');
    await db.createDatabase('bench_explorer');
    await db.createDatabase('bench_client_list');
    await db.createDatabase('bench_explorer_size');
    await db.createDatabase('bench_portal_size');
    const pool = new pg.Pool({ connectionString: db.url('bench'), max: 10 });
    await migrate(pool);
    const store = createPostgresEventStore({ pool, connectionString: db.url('bench') });
    console.log('Onboard benchmarks (embedded PostgreSQL, same run baselines)\n');
    await benchAppends(pool, store);
    await benchCatchUp(pool, store);
    await benchReplay(pool, store, report);
    benchNetChanges(report);
    await store.close();
    await pool.end();
    await benchLag(db.url('bench_lag'));
    await benchExplorerPage(db.url('bench_explorer'), report);
    await benchClientList(db.url('bench_client_list'), report);
    await reportExplorerFirstPageSize(db.url('bench_explorer_size'), report);
    await reportPortalFirstPageSizes(db.url('bench_portal_size'), report);
  } finally {
    await db.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
