// `npm run bench -- scale`: how Onboard's costs grow with a carrier's book. Per size (1× = 500 clients,
// 10× = 5,000; 100× = 50,000 with BENCH_SCALE_100=1; BENCH_SCALE_SIZES=500,2000 picks others) a fresh
// database gets a generated book (testing/book.ts, through the command handler), then: the append
// throughput; every projection rebuilt from zero beside a raw keyset scan of the same rows; the read
// routes at 50 requests/s each (p50/p99); the server's resident memory; the database's size per 1,000
// clients. Ends with a table of the sizes and each figure's growth from the smallest size.
import pg from 'pg';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { catchUp, eifStream, resetConsumer, type CheckpointedConsumer } from '@onboard/events';
import { createPostgresEventStore } from '@onboard/events/postgres';
import { projections } from '@onboard/projections';
import { migrate } from '@onboard/platform/database/migrations';
import { bookClientId, generateBook } from '@onboard/testing/book';
import { CLIENT_LIST_QUERIES } from './client-list.ts';
import { pct, steady } from './load.ts';
import { signedInBenchClient, startBenchApp } from './app.ts';

const RATE = 50;
const SECONDS = Number(process.env.BENCH_SCALE_SECONDS ?? 8);
const SEED = Number(process.env.BENCH_SCALE_SEED ?? 34);

export const scaleSizes = () =>
  process.env.BENCH_SCALE_SIZES
    ? process.env.BENCH_SCALE_SIZES.split(',').map(Number)
    : [500, 5000, ...(process.env.BENCH_SCALE_100 === '1' ? [50_000] : [])];

const fmt = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 0 });
const ms = (n: number) => n.toFixed(1);

type Latency = { p50: number; p99: number; errors: number };
export type ScaleLine = {
  clients: number;
  events: number;
  generateSeconds: number;
  appendPerSecond: number;
  rebuildPerSecond: number;
  rawScanPerSecond: number;
  reads: Record<ReadName, Latency>;
  rssMb: number;
  databaseMbPer1000: number;
  totalSeconds: number;
};
const READS = [
  'trivial route',
  'client list',
  'hub',
  'EIF sub-step',
  'review page',
  'history as of',
] as const;
type ReadName = (typeof READS)[number];

/** The database's size on disk (the schema alone is subtracted, so small books are not all overhead). */
async function databaseBytes(pool: pg.Pool) {
  const { rows } = await pool.query<{ bytes: string }>(
    'select pg_database_size(current_database())::text as bytes',
  );
  return Number(rows[0]!.bytes);
}

/** The rows a projection reads when it rebuilds, read raw: keyset pages of the same size, no decoding. */
async function rawScan(pool: pg.Pool, consumer: CheckpointedConsumer) {
  const types = consumer.filter?.eventTypes ?? null;
  let after: [string, string] = ['0', '0'];
  let rows = 0;
  for (;;) {
    const page = await pool.query<{ transaction_id: string; global_position: string }>(
      `select * from es_events
        where (transaction_id, global_position) > ($1::xid8, $2::bigint)
          and ($3::text[] is null or event_type = any($3))
        order by transaction_id, global_position limit 2000`,
      [after[0], after[1], types],
    );
    rows += page.rows.length;
    if (page.rows.length < 2000) return rows;
    const last = page.rows.at(-1)!;
    after = [last.transaction_id, last.global_position];
  }
}

/** Every projection from zero, one after another, beside the raw scan of the rows each reads. */
async function rebuildAll(databaseUrl: string) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  const store = createPostgresEventStore({ pool, connectionString: databaseUrl });
  let rebuildMs = 0;
  let scanMs = 0;
  let rows = 0;
  const each: { name: string; rows: number; ratio: number }[] = [];
  try {
    for (const consumer of projections) {
      await resetConsumer(pool, consumer);
      const started = performance.now();
      await catchUp({ store, pool, consumer });
      const took = performance.now() - started;
      rebuildMs += took;
      const scanStarted = performance.now();
      const read = await rawScan(pool, consumer);
      const scanned = performance.now() - scanStarted;
      scanMs += scanned;
      rows += read;
      each.push({ name: consumer.name, rows: read, ratio: scanned / took });
    }
  } finally {
    await store.close();
    await pool.end();
  }
  // The slowest against their own scans: where a rebuild's time goes.
  const slowest = each
    .filter((e) => e.rows > 0)
    .sort((a, b) => a.ratio - b.ratio)
    .slice(0, 4)
    .map((e) => `${e.name} ${e.ratio.toFixed(2)}x of ${fmt(e.rows)} rows`);
  return {
    rows,
    rebuildPerSecond: (rows * 1000) / rebuildMs,
    rawScanPerSecond: (rows * 1000) / scanMs,
    slowest,
  };
}

/** One read route at a steady 50 a second for SECONDS, over the given paths in turn. */
async function readsAt(url: string, cookie: string, paths: readonly string[]): Promise<Latency> {
  await steady(
    paths.map((p) => `${url}${p}`),
    cookie,
    1,
    RATE,
  ); // warm-up: JIT, pool connections, plans
  const { times, errors } = await steady(
    paths.map((p) => `${url}${p}`),
    cookie,
    SECONDS,
    RATE,
  );
  return { p50: pct(times, 50), p99: pct(times, 99), errors };
}

export async function benchScaleSize(databaseUrl: string, clients: number): Promise<ScaleLine> {
  const startedAt = performance.now();
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 16 });
  await migrate(pool);
  const emptyBytes = await databaseBytes(pool);
  const store = createPostgresEventStore({ pool, connectionString: databaseUrl });
  const now = new Date();
  const generateStarted = performance.now();
  const book = await generateBook(store, {
    clients,
    seed: SEED,
    now,
    concurrency: 12,
    consultants: ['demo-admin', 'demo-owner'],
  });
  const generateSeconds = (performance.now() - generateStarted) / 1000;
  const { rows: totalRows } = await pool.query<{ n: string }>('select count(*) as n from es_events');
  const events = Number(totalRows[0]!.n);
  console.log(
    `      ${fmt(clients)} clients (${Object.entries(book.phases)
      .map(([phase, n]) => `${fmt(n)} ${phase}`)
      .join(
        ', ',
      )}): ${fmt(book.commands)} commands, ${fmt(book.events)} events in ${generateSeconds.toFixed(1)} s`,
  );
  // Pick the clients the reads open: signed ones (review page, history), the same every run.
  const { rows: signed } = await pool.query<{ stream_name: string; revision: string }>(
    `select stream_name, max(stream_revision)::text as revision from es_events
      where stream_name = any($1) group by stream_name`,
    [Array.from({ length: Math.min(clients, 400) }, (_, i) => eifStream(bookClientId(i)))],
  );
  const { rows: signedOnes } = await pool.query<{ stream_name: string }>(
    `select distinct stream_name from es_events where event_type = 'EifSigned' and stream_name = any($1)`,
    [signed.map((s) => s.stream_name)],
  );
  await store.close();
  await pool.end();

  const rebuild = await rebuildAll(databaseUrl);
  console.log(
    `      rebuild of all ${projections.length} projections from zero: ${fmt(rebuild.rebuildPerSecond)} events/s over ${fmt(rebuild.rows)} rows read; raw keyset scan of the same rows ${fmt(rebuild.rawScanPerSecond)} rows/s (${(rebuild.rebuildPerSecond / rebuild.rawScanPerSecond).toFixed(2)}x); slowest: ${rebuild.slowest.join(', ')}`,
  );

  const app = await startBenchApp(databaseUrl);
  try {
    // The reactors (bus publisher, e-mails, client base) catch up on the book before anything is timed.
    const { cookie } = await signedInBenchClient(app, 'admin@onboard.example');
    const waitUntil = performance.now() + 30 * 60_000;
    for (;;) {
      const health = await fetch(`${app.url}/api/health`);
      const body = (await health.json()) as { consumers?: { isCaughtUp: boolean }[] };
      if ((body.consumers ?? []).every((c) => c.isCaughtUp) || performance.now() > waitUntil) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const rng = xoroshiro128plus(SEED);
    const pick = <T>(items: readonly T[]) => items[uniformInt(rng, 0, items.length - 1)]!;
    const someClients = Array.from({ length: 20 }, () =>
      bookClientId(uniformInt(rng, 0, Math.min(clients, 400) - 1)),
    );
    const signedClients = signedOnes.map((s) => s.stream_name.slice('eif-'.length));
    const revisions = new Map(signed.map((s) => [s.stream_name.slice('eif-'.length), Number(s.revision)]));
    const signedPicked = Array.from({ length: signedClients.length > 0 ? 20 : 0 }, () => pick(signedClients));
    const paths: Record<ReadName, string[]> = {
      // The baseline: what the machine gives any route at this rate right now (it is shared).
      'trivial route': ['/api/health/live'],
      'client list': CLIENT_LIST_QUERIES.map((q) => `/api/clients${q}`),
      hub: someClients.flatMap((c) => [`/api/clients/${c}/tasks`, `/api/clients/${c}/lifecycle`]),
      'EIF sub-step': someClients.map((c) => `/api/clients/${c}?view=editing`),
      'review page': signedPicked.flatMap((c) => [
        `/api/clients/${c}`,
        `/api/clients/${c}/change-log/net-changes`,
      ]),
      'history as of': signedPicked.map(
        (c) => `/api/clients/${c}/eif/history/${Math.floor((revisions.get(c) ?? 0) / 2)}`,
      ),
    };
    const reads = {} as Record<ReadName, Latency>;
    const none = { p50: NaN, p99: NaN, errors: 0 };
    // A book too small to have signed clients has no review page or history to read.
    for (const name of READS)
      reads[name] = paths[name].length === 0 ? none : await readsAt(app.url, cookie, paths[name]);
    console.log(
      `      at ${RATE}/s for ${SECONDS} s, p50 / p99 ms: ${READS.map((n) => `${n} ${ms(reads[n].p50)} / ${ms(reads[n].p99)}${reads[n].errors ? ` (${reads[n].errors} errors)` : ''}`).join('; ')}`,
    );
    const rssMb = process.memoryUsage().rss / 1024 / 1024;
    const databaseMbPer1000 = ((await databaseBytes(app.pool)) - emptyBytes) / 1024 / 1024 / (clients / 1000);
    // What takes the room: the largest tables with their indexes and TOAST.
    const { rows: largest } = await app.pool.query<{ name: string; bytes: string }>(
      `select c.relname as name, pg_total_relation_size(c.oid)::text as bytes from pg_class c
         join pg_namespace n on n.oid = c.relnamespace
        where c.relkind = 'r' and n.nspname = 'public' order by pg_total_relation_size(c.oid) desc limit 5`,
    );
    console.log(
      `      largest tables: ${largest.map((t) => `${t.name} ${fmt(Number(t.bytes) / 1024 / 1024)} MB`).join(', ')}`,
    );
    const totalSeconds = (performance.now() - startedAt) / 1000;
    console.log(
      `      resident memory ${fmt(rssMb)} MB (the server and the bench in one process); database ${fmt(databaseMbPer1000)} MB per 1,000 clients; this size took ${fmt(totalSeconds)} s`,
    );
    return {
      clients,
      events,
      generateSeconds,
      appendPerSecond: book.events / generateSeconds,
      rebuildPerSecond: rebuild.rebuildPerSecond,
      rawScanPerSecond: rebuild.rawScanPerSecond,
      reads,
      rssMb,
      databaseMbPer1000,
      totalSeconds,
    };
  } finally {
    await app.stop();
  }
}

/** The sizes' lines as a Markdown table, each figure with its growth from the first size. */
export function scaleTable(lines: readonly ScaleLine[]) {
  const base = lines[0]!;
  const grow = (value: number, first: number) =>
    lines.length > 1 ? ` (${(value / first).toFixed(2)}×)` : '';
  const header = [
    'clients',
    'events',
    'append events/s',
    'rebuild events/s (× raw scan)',
    ...READS.map((n) => `${n} p99 ms`),
    'RSS MB',
    'DB MB per 1,000 clients',
    'took s',
  ];
  const rows = lines.map((l) => [
    fmt(l.clients),
    fmt(l.events),
    `${fmt(l.appendPerSecond)}${grow(l.appendPerSecond, base.appendPerSecond)}`,
    `${fmt(l.rebuildPerSecond)} (${(l.rebuildPerSecond / l.rawScanPerSecond).toFixed(2)}×)`,
    ...READS.map((n) => `${ms(l.reads[n].p99)}${grow(l.reads[n].p99, base.reads[n].p99)}`),
    `${fmt(l.rssMb)}${grow(l.rssMb, base.rssMb)}`,
    `${fmt(l.databaseMbPer1000)}${grow(l.databaseMbPer1000, base.databaseMbPer1000)}`,
    fmt(l.totalSeconds),
  ]);
  return [header, header.map(() => '---'), ...rows].map((r) => `| ${r.join(' | ')} |`).join('\n');
}
