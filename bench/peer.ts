// Onboard's PostgreSQL event store beside Emmett's (`@event-driven-io/emmett-postgresql`, used through its
// public API), each in its own database of the same embedded PostgreSQL, in the same run, one after the
// other: single-event appends, 10-event batches, 16 concurrent appenders, reading a 10,000-event stream,
// and a checkpointed catch-up of 30,000 events. Both get a pool of 16 connections and the same events.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { getPostgreSQLEventStore, postgreSQLEventStoreConsumer } from '@event-driven-io/emmett-postgresql';
import { catchUp, type NewEvent } from '@onboard/events';
import { createPostgresEventStore } from '@onboard/events/postgres';
import { migrate } from '@onboard/platform/database/migrations';
import type { Report } from './eif.ts';
import { runStandalone } from './standalone.ts';

const APPENDS = Number(process.env.BENCH_PEER_APPENDS ?? 1000);
const CONCURRENT = 16;
const STREAM_EVENTS = 10_000;
const CATCH_UP_EVENTS = Number(process.env.BENCH_CATCH_UP_EVENTS ?? 30_000);
const POOL_SIZE = 16;
// The catch-up reads in pages of this size on both sides (Onboard's default for catch-up).
const CATCH_UP_BATCH = 2000;

const fmt = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 0 });

const event = (i: number): NewEvent => ({
  id: randomUUID(),
  type: 'EifEntityChanged',
  data: {
    clientId: 'peer',
    entity: 'Client',
    entityId: 'peer',
    changes: [{ attributeKey: 'taxId', value: String(100000000 + i), previousValue: null }],
  },
  metadata: {
    actorId: 'bench',
    actorRole: 'SLF_ADMIN',
    occurredAt: new Date().toISOString(),
    correlationId: randomUUID(),
  },
});

/** The two stores behind one shape: append (a new stream), read a whole stream, catch up from zero. */
type Peer = {
  append: (stream: string, events: NewEvent[]) => Promise<void>;
  read: (stream: string) => Promise<number>;
  catchUp: (name: string) => Promise<number>;
  close: () => Promise<void>;
};

async function onboardPeer(url: string): Promise<Peer> {
  const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE });
  pool.on('error', () => undefined);
  await migrate(pool);
  const store = createPostgresEventStore({ pool, connectionString: url });
  return {
    append: async (stream, events) => {
      await store.append(stream, events, 'any');
    },
    read: async (stream) => (await store.readStream(stream)).length,
    catchUp: async (name) => {
      let seen = 0;
      await catchUp({
        store,
        pool,
        batchSize: CATCH_UP_BATCH,
        consumer: {
          name,
          handle: async (events) => {
            seen += events.length;
          },
        },
      });
      return seen;
    },
    close: async () => {
      await store.close();
      await pool.end();
    },
  };
}

async function emmettPeer(url: string): Promise<Peer> {
  const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE });
  pool.on('error', () => undefined);
  const store = getPostgreSQLEventStore(url, { connectionOptions: { pool } });
  const toEmmett = (e: NewEvent) => ({
    type: e.type,
    data: e.data as Record<string, unknown>,
    metadata: { ...e.metadata, messageId: e.id },
  });
  return {
    append: async (stream, events) => {
      await store.appendToStream(stream, events.map(toEmmett));
    },
    read: async (stream) => (await store.readStream(stream)).events.length,
    catchUp: async (name) => {
      let seen = 0;
      const consumer = postgreSQLEventStoreConsumer({
        connectionString: url,
        stopWhen: { noMessagesLeft: true },
        pulling: { batchSize: CATCH_UP_BATCH, pullingFrequencyInMs: 0 },
      });
      consumer.reactor({
        processorId: name,
        startFrom: 'BEGINNING',
        // The reactor takes one message at a time (its runtime has no batch handler) and stores its
        // checkpoint after each.
        eachMessage: async () => {
          seen += 1;
        },
      });
      await consumer.start();
      await consumer.close();
      return seen;
    },
    close: async () => {
      await store.close();
      await pool.end().catch(() => undefined);
    },
  };
}

async function timed(fn: () => Promise<void>) {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

type Figures = Record<'single' | 'batched' | 'concurrent' | 'read' | 'catchUp', number>;

/** Throughputs (events per second) of one store; the stream to read is written here, read later. */
async function measure(peer: Peer, tag: string): Promise<Figures> {
  const singleMs = await timed(async () => {
    for (let i = 0; i < APPENDS; i += 1) await peer.append(`${tag}-single-${randomUUID()}`, [event(i)]);
  });
  const batches = Math.ceil(APPENDS / 10);
  const batchedMs = await timed(async () => {
    for (let i = 0; i < batches; i += 1)
      await peer.append(
        `${tag}-batch-${randomUUID()}`,
        Array.from({ length: 10 }, (_, j) => event(j)),
      );
  });
  const perAppender = Math.ceil(APPENDS / CONCURRENT);
  const concurrentMs = await timed(async () => {
    await Promise.all(
      Array.from({ length: CONCURRENT }, async () => {
        for (let i = 0; i < perAppender; i += 1) await peer.append(`${tag}-conc-${randomUUID()}`, [event(i)]);
      }),
    );
  });

  const long = `${tag}-long`;
  for (let i = 0; i < STREAM_EVENTS; i += 500)
    await peer.append(
      long,
      Array.from({ length: 500 }, (_, j) => event(i + j)),
    );

  // Fill up to the catch-up's size: 200 streams of equal length, appended in slices of 150.
  const already = APPENDS + batches * 10 + perAppender * CONCURRENT + STREAM_EVENTS;
  const perStream = Math.max(1, Math.ceil((CATCH_UP_EVENTS - already) / 200));
  for (let s = 0; s < 200; s += 1)
    for (let i = 0; i < perStream; i += 150)
      await peer.append(
        `${tag}-fill-${s}`,
        Array.from({ length: Math.min(150, perStream - i) }, (_, j) => event(i + j)),
      );
  let caughtUp = 0;
  const catchUpMs = await timed(async () => {
    caughtUp = await peer.catchUp(`${tag}-catch-up`);
  });
  if (caughtUp < CATCH_UP_EVENTS) throw new Error(`${tag}: caught up ${caughtUp} events only`);

  return {
    single: (APPENDS * 1000) / singleMs,
    batched: (batches * 10 * 1000) / batchedMs,
    concurrent: (perAppender * CONCURRENT * 1000) / concurrentMs,
    read: 0,
    catchUp: (caughtUp * 1000) / catchUpMs,
  };
}

/**
 * Whole-stream reads of the two stores taken in turn (seven each, after one to warm up), so a change in the
 * machine's load weighs on both alike; the medians.
 */
async function measureReads(a: Peer, b: Peer): Promise<[number, number]> {
  const times: [number[], number[]] = [[], []];
  const peers = [a, b] as const;
  for (let round = 0; round < 8; round += 1)
    for (const [i, peer] of peers.entries()) {
      const ms = await timed(async () => {
        if ((await peer.read(i === 0 ? 'onboard-long' : 'emmett-long')) !== STREAM_EVENTS)
          throw new Error('short read');
      });
      if (round > 0) times[i]!.push(ms);
    }
  const median = (list: number[]) => list.sort((x, y) => x - y)[Math.floor(list.length / 2)]!;
  return [(STREAM_EVENTS * 1000) / median(times[0]), (STREAM_EVENTS * 1000) / median(times[1])];
}

export async function benchPeer(onboardUrl: string, emmettUrl: string, report: Report) {
  const onboard = await onboardPeer(onboardUrl);
  const emmett = await emmettPeer(emmettUrl);
  try {
    // Emmett creates its schema on first use: do that outside the timings.
    await emmett.append(`warm-${randomUUID()}`, [event(0)]);
    await onboard.append(`warm-${randomUUID()}`, [event(0)]);
    const ours = await measure(onboard, 'onboard');
    const theirs = await measure(emmett, 'emmett');
    [ours.read, theirs.read] = await measureReads(onboard, emmett);
    const lines: [keyof Figures, string][] = [
      ['single', 'appends, one event to a new stream'],
      ['batched', 'appends, 10-event batches'],
      ['concurrent', `appends, ${CONCURRENT} concurrent appenders`],
      ['read', `reading a ${fmt(STREAM_EVENTS)}-event stream (median of 7, taken in turn)`],
      ['catchUp', `checkpointed catch-up of ${fmt(CATCH_UP_EVENTS)} events`],
    ];
    for (const [key, name] of lines) {
      const ratio = ours[key] / theirs[key];
      report(
        `peer: ${name}, Onboard/Emmett throughput`,
        `${fmt(ours[key])} vs ${fmt(theirs[key])} events/s`,
        ratio,
        '> 1x',
        ratio > 1,
      );
    }
  } finally {
    await onboard.close();
    await emmett.close();
  }
}

runStandalone(import.meta.url, 'bench_peer', async (url) => {
  const report: Report = (name, value, ratio, target, isMet) =>
    console.log(
      `${isMet ? 'PASS' : 'MISS'}  ${name}: ${value}${ratio === null ? '' : `  ratio ${ratio.toFixed(2)}x`}  (target ${target})`,
    );
  const emmettUrl = url.replace(/\/bench_peer$/, '/bench_peer_emmett');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query('create database bench_peer_emmett');
  await admin.end();
  await benchPeer(url, emmettUrl, report);
});
