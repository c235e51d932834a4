// Onboard's PostgreSQL event store beside Emmett's (`@event-driven-io/emmett-postgresql`, used through its
// public API), each in its own database of the same embedded PostgreSQL, in the same run, taking turns: single-event appends, 10-event batches, 16 concurrent appenders, reading a 10,000-event stream,
// and a checkpointed catch-up of 30,000 events. Both get a pool of 16 connections and the same events.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { getPostgreSQLEventStore, postgreSQLEventStoreConsumer } from '@event-driven-io/emmett-postgresql';
import { catchUp, type NewEvent } from '@onboard/events';
import { createPostgresEventStore } from '@onboard/events/postgres';
import { migrate } from '@onboard/platform/database/migrations';
import type { Report } from './eif.ts';
import { printedReport, runStandalone } from './standalone.ts';

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

/**
 * Emmett's driver layer sets pg's process-wide parsers for bigint, json and jsonb when its pool starts
 * (bigint to BigInt, its own JSON reader). Onboard's pool here keeps the parsers it runs with, and the
 * process gets them back after the peer lines, so neither the comparison nor the benches after it run
 * on Emmett's.
 */
const SHARED_PARSERS = [pg.types.builtins.INT8, pg.types.builtins.JSON, pg.types.builtins.JSONB];

function ownParsers() {
  const own = new Map(SHARED_PARSERS.map((oid) => [oid, pg.types.getTypeParser(oid, 'text')]));
  return {
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        (format ?? 'text') === 'text' && own.has(oid)
          ? own.get(oid)!
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
    restore: () => {
      for (const [oid, parser] of own) pg.types.setTypeParser(oid, parser);
    },
  };
}

async function onboardPeer(url: string, types: pg.CustomTypesConfig): Promise<Peer> {
  const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE, types });
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

type Figures = Record<'single' | 'batched' | 'concurrent' | 'read' | 'catchUp', number>;
const ROUNDS = 10;

/**
 * Runs `work(peer, round)` for both stores in turn, ROUNDS times, and sums each one's time: the machine's
 * load (it is shared) then weighs on both alike.
 */
async function inTurn(
  peers: readonly [Peer, Peer],
  work: (peer: Peer, tag: string, round: number) => Promise<void>,
): Promise<[number, number]> {
  const totals: [number, number] = [0, 0];
  for (let round = 0; round < ROUNDS; round += 1)
    for (const [i, peer] of peers.entries()) {
      const start = performance.now();
      await work(peer, i === 0 ? 'onboard' : 'emmett', round);
      totals[i as 0 | 1] += performance.now() - start;
    }
  return totals;
}

/** Throughputs in events per second of both stores, each phase taken in turn. */
async function measure(peers: readonly [Peer, Peer]): Promise<[Figures, Figures]> {
  const perRound = Math.ceil(APPENDS / ROUNDS);
  const single = await inTurn(peers, async (peer, tag) => {
    for (let i = 0; i < perRound; i += 1) await peer.append(`${tag}-single-${randomUUID()}`, [event(i)]);
  });
  const batchesPerRound = Math.ceil(perRound / 10);
  const batched = await inTurn(peers, async (peer, tag) => {
    for (let i = 0; i < batchesPerRound; i += 1)
      await peer.append(
        `${tag}-batch-${randomUUID()}`,
        Array.from({ length: 10 }, (_, j) => event(j)),
      );
  });
  const perAppender = Math.ceil(perRound / CONCURRENT);
  const concurrent = await inTurn(peers, async (peer, tag) => {
    await Promise.all(
      Array.from({ length: CONCURRENT }, async () => {
        for (let i = 0; i < perAppender; i += 1) await peer.append(`${tag}-conc-${randomUUID()}`, [event(i)]);
      }),
    );
  });

  // The long stream, then 200 streams of equal length up to the catch-up's size (slices of 150).
  const written = ROUNDS * (perRound + batchesPerRound * 10 + perAppender * CONCURRENT) + STREAM_EVENTS;
  const perStream = Math.max(1, Math.ceil((CATCH_UP_EVENTS - written) / 200));
  for (const [i, peer] of peers.entries()) {
    const tag = i === 0 ? 'onboard' : 'emmett';
    for (let n = 0; n < STREAM_EVENTS; n += 500)
      await peer.append(
        `${tag}-long`,
        Array.from({ length: 500 }, (_, j) => event(n + j)),
      );
    for (let s = 0; s < 200; s += 1)
      for (let n = 0; n < perStream; n += 150)
        await peer.append(
          `${tag}-fill-${s}`,
          Array.from({ length: Math.min(150, perStream - n) }, (_, j) => event(n + j)),
        );
  }

  // Whole-stream reads in turn (one each to warm up first); the medians.
  const reads: [number[], number[]] = [[], []];
  for (let round = 0; round < 16; round += 1)
    for (const [i, peer] of peers.entries()) {
      const start = performance.now();
      if ((await peer.read(i === 0 ? 'onboard-long' : 'emmett-long')) !== STREAM_EVENTS)
        throw new Error('short read');
      if (round > 0) reads[i as 0 | 1].push(performance.now() - start);
    }
  const median = (list: number[]) => list.sort((x, y) => x - y)[Math.floor(list.length / 2)]!;

  // The catch-up from zero, once each, Onboard first, then Emmett, then Onboard again (the mean of two).
  const caughtUp = async (peer: Peer, name: string) => {
    const start = performance.now();
    const seen = await peer.catchUp(name);
    if (seen < CATCH_UP_EVENTS) throw new Error(`${name}: caught up ${seen} events only`);
    return { seen, ms: performance.now() - start };
  };
  const first = await caughtUp(peers[0], 'onboard-catch-up-1');
  const theirs = await caughtUp(peers[1], 'emmett-catch-up');
  const second = await caughtUp(peers[0], 'onboard-catch-up-2');

  const figures = (i: 0 | 1, catchUp: number): Figures => ({
    single: (ROUNDS * perRound * 1000) / single[i],
    batched: (ROUNDS * batchesPerRound * 10 * 1000) / batched[i],
    concurrent: (ROUNDS * perAppender * CONCURRENT * 1000) / concurrent[i],
    read: (STREAM_EVENTS * 1000) / median(reads[i]),
    catchUp,
  });
  return [
    figures(0, ((first.seen + second.seen) * 1000) / (first.ms + second.ms)),
    figures(1, (theirs.seen * 1000) / theirs.ms),
  ];
}

export async function benchPeer(onboardUrl: string, emmettUrl: string, report: Report) {
  const parsers = ownParsers();
  const onboard = await onboardPeer(onboardUrl, parsers.types);
  const emmett = await emmettPeer(emmettUrl);
  try {
    // Emmett creates its schema on first use: do that outside the timings.
    await emmett.append(`warm-${randomUUID()}`, [event(0)]);
    await onboard.append(`warm-${randomUUID()}`, [event(0)]);
    const [ours, theirs] = await measure([onboard, emmett]);
    const lines: [keyof Figures, string][] = [
      ['single', 'appends, one event to a new stream'],
      ['batched', 'appends, 10-event batches'],
      ['concurrent', `appends, ${CONCURRENT} concurrent appenders`],
      ['read', `reading a ${fmt(STREAM_EVENTS)}-event stream (median of 15)`],
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
    parsers.restore();
  }
}

runStandalone(import.meta.url, 'bench_peer', async (url) => {
  const report = printedReport();
  const emmettUrl = url.replace(/\/bench_peer$/, '/bench_peer_emmett');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query('create database bench_peer_emmett');
  await admin.end();
  await benchPeer(url, emmettUrl, report);
});
