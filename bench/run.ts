// `npm run bench`: speed figures as ratios against baselines measured in the same run on the same
// embedded PostgreSQL. Not a test: it prints, it does not assert.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { catchUp, eifStream, resetConsumer, type EventStore, type NewEvent } from '@onboard/events';
import { createPostgresEventStore } from '@onboard/events/postgres';
import { clientViewProjection } from '@onboard/projections';
import { migrate } from '@onboard/platform/database/migrations';
import { benchNetChanges, benchReplay, benchReviewers } from './eif.ts';
import { benchExplorerPage } from './explorer.ts';
import { benchLag } from './lag.ts';
import { benchPeer } from './peer.ts';
import { benchClientList } from './client-list.ts';
import { reportPortalFirstPageSizes } from './portal-size.ts';
import { reportExplorerFirstPageSize } from './explorer-size.ts';
import { benchEifHistory } from './eif-history.ts';
import { benchCensus } from './census.ts';
import { benchCensusCorrections } from './census-corrections.ts';
import { benchDataFeed } from './data-feed.ts';
import { benchDocuments } from './documents.ts';
import { benchScaleSize, scaleSizes, scaleTable, type ScaleLine } from './scale.ts';
import { benchFirstContent } from './first-content.ts';
import { exitWhenDone, withScratchPostgres } from './standalone.ts';
import { benchEvent } from './events.ts';
import { answerChanged, entityCreated } from '@onboard/testing/eif-events';

const APPENDS = Number(process.env.BENCH_APPENDS ?? 3000);
const CATCH_UP_EVENTS = Number(process.env.BENCH_CATCH_UP_EVENTS ?? 30000);

const changed = (clientId: string, i: number): NewEvent =>
  benchEvent(answerChanged(clientId, 'Client', clientId, 'taxId', String(100000000 + i)));
const created = (clientId: string): NewEvent =>
  benchEvent(entityCreated(clientId, 'Client', clientId, { name: clientId, taxId: null }));

const perSecond = (count: number, ms: number) => (count * 1000) / ms;
const fmt = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 0 });

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

const main = () =>
  withScratchPostgres('bench', async (db) => {
    await db.createDatabase('bench');
    await db.createDatabase('bench_lag');
    await db.createDatabase('bench_explorer');
    await db.createDatabase('bench_client_list');
    await db.createDatabase('bench_explorer_size');
    await db.createDatabase('bench_portal_size');
    await db.createDatabase('bench_peer_onboard');
    await db.createDatabase('bench_peer_emmett');
    await db.createDatabase('bench_eif_history');
    await db.createDatabase('bench_documents');
    await db.createDatabase('bench_first_content');
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
    await benchPeer(db.url('bench_peer_onboard'), db.url('bench_peer_emmett'), report);
    await benchLag(db.url('bench_lag'), report, async (app, api, clients) => {
      await benchReviewers(
        app.url,
        [...api.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        api.cookies.get('onboard_csrf') ?? '',
        clients[0]!,
        report,
      );
    });
    await benchExplorerPage(db.url('bench_explorer'), report);
    await benchClientList(db.url('bench_client_list'), report);
    await reportExplorerFirstPageSize(db.url('bench_explorer_size'), report);
    await reportPortalFirstPageSizes(db.url('bench_portal_size'), report);
    await benchEifHistory(db.url('bench_eif_history'), report);
    await benchCensus(report);
    await benchCensusCorrections(report);
    await benchDataFeed(report);
    await benchDocuments(db.url('bench_documents'), report);
    await benchFirstContent(db.url('bench_first_content'), report);
  });

const mainScale = () =>
  withScratchPostgres('bench', async (db) => {
    const lines: ScaleLine[] = [];
    console.log('Onboard at scale: a generated book per size (embedded PostgreSQL)\n');
    for (const clients of scaleSizes()) {
      const name = `bench_scale_${clients}`;
      await db.createDatabase(name);
      console.log(`  ${clients.toLocaleString('en-US')} clients`);
      lines.push(await benchScaleSize(db.url(name), clients));
      console.log(`\n${scaleTable(lines)}\n`);
    }
  });

const mainHistory = () =>
  withScratchPostgres('bench', async (db) => {
    await db.createDatabase('bench_eif_history');
    await benchEifHistory(db.url('bench_eif_history'), report);
  });

// `tsx bench/run.ts eif-history`: only the EIF history figure; `scale` (`npm run bench -- scale`): the
// scale bench (bench/scale.ts), its sizes one after another on one embedded PostgreSQL.
const only = process.argv[2];
const run = only === 'eif-history' ? mainHistory : only === 'scale' ? mainScale : main;

exitWhenDone(run());
