import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedDatabase } from '@onboard/testing/db';
import { describeEventStoreContract } from './contract.ts';
import { START, type EventStore, type RecordedEvent } from './port.ts';
import { createPostgresEventStore } from './postgres.ts';
import { waitFor } from '../testing/wait-for.ts';

async function openStore(options: { pollIntervalMs?: number } = {}) {
  const connectionString = await migratedDatabase('es');
  const pool = new pg.Pool({ connectionString, max: 10 });
  const store = createPostgresEventStore({ pool, connectionString, ...options });
  return {
    connectionString,
    pool,
    store,
    cleanup: async () => {
      await store.close();
      await pool.end();
    },
  };
}

describeEventStoreContract('PostgreSQL', openStore);

const metadata = {
  actorId: 'u1',
  actorRole: 'admin',
  occurredAt: '2025-01-15T09:30:00.000Z',
  correlationId: 'c1',
};

describe('PostgreSQL event store specifics', () => {
  let connectionString: string;
  let pool: pg.Pool;
  let store: EventStore;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    ({ connectionString, pool, store, cleanup } = await openStore({ pollIntervalMs: 60_000 }));
  });
  afterAll(async () => {
    await cleanup();
  });

  it('hides a committed transaction while an older one is still open (no gaps for readers)', async () => {
    const from = await store.headPosition();
    const a = new pg.Client({ connectionString });
    await a.connect();
    const [streamA, streamB] = [`gap-${randomUUID()}`, `gap-${randomUUID()}`];
    const idA = randomUUID();
    try {
      // Transaction A takes its id and writes first, but commits last.
      await a.query('begin');
      await a.query(`insert into es_streams (stream_name, revision) values ($1, 0)`, [streamA]);
      await a.query(
        `insert into es_events (event_id, stream_name, stream_revision, event_type, data, metadata)
         values ($1, $2, 0, 'GapA', '{}', $3)`,
        [idA, streamA, JSON.stringify(metadata)],
      );
      const b = await store.append(
        streamB,
        [{ id: randomUUID(), type: 'GapB', data: {}, metadata }],
        'no_stream',
      );

      const whileOpen = await store.readAll({ from, maxCount: 100 });
      expect(whileOpen.events).toEqual([]);
      expect(whileOpen.next).toEqual(from);
      expect(await store.headPosition()).toEqual(from);
      // The stream itself is readable at once: command handlers need their own writes.
      expect(await store.readStream(streamB)).toHaveLength(1);

      await a.query('commit');
      const afterCommit = await store.readAll({ from, maxCount: 100 });
      expect(afterCommit.events.map((e) => e.type)).toEqual(['GapA', 'GapB']);
      expect(afterCommit.events[0]!.id).toBe(idA);
      expect(afterCommit.events[1]!.position).toEqual(b.position);
      expect(await store.headPosition()).toEqual(b.position);
    } finally {
      await a.query('rollback').catch(() => undefined);
      await a.end();
    }
  });

  it('moves a filtered page past rows it filtered out', async () => {
    const from = await store.headPosition();
    await store.append(
      `skip-${randomUUID()}`,
      [{ id: randomUUID(), type: 'Other', data: {}, metadata }],
      'no_stream',
    );
    const page = await store.readAll({ from, maxCount: 10, filter: { eventTypes: ['Nothing'] } });
    expect(page.events).toEqual([]);
    expect(page.isEnd).toBe(true);
    expect(page.next).toEqual(await store.headPosition());
  });

  /** A subscription from the head to a type of event of its own, and the events it has seen. */
  async function watchNewType(prefix: string) {
    const type = `${prefix}_${randomUUID().replaceAll('-', '')}`;
    const seen: RecordedEvent[] = [];
    const subscription = store.subscribeToAll({
      from: await store.headPosition(),
      filter: { eventTypes: [type] },
      onBatch: async (events) => {
        seen.push(...events);
      },
    });
    return { type, seen, subscription };
  }

  it('wakes subscriptions by NOTIFY, and catches up after the LISTEN connection is killed', async () => {
    // Polling is set to a minute here, and the events are appended through another store (as another
    // process would), so timely delivery proves the notification path.
    const writer = createPostgresEventStore({ pool, connectionString });
    const { type, seen, subscription } = await watchNewType('Notified');
    const listenerCount = async () =>
      Number(
        (
          await pool.query<{ n: string }>(
            `select count(*) as n from pg_stat_activity where application_name = 'es_events_listener' and datname = current_database()`,
          )
        ).rows[0]!.n,
      );
    try {
      await waitFor(async () => (await listenerCount()) === 1, 10_000);
      await new Promise((resolve) => setTimeout(resolve, 200)); // let the initial catch-up go idle
      await writer.append(
        `n-${randomUUID()}`,
        [{ id: randomUUID(), type, data: { n: 1 }, metadata }],
        'no_stream',
      );
      await waitFor(() => seen.length === 1, 5_000);

      await pool.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'es_events_listener' and datname = current_database()`,
      );
      await writer.append(
        `n-${randomUUID()}`,
        [{ id: randomUUID(), type, data: { n: 2 }, metadata }],
        'no_stream',
      );
      await waitFor(() => seen.length === 2, 15_000);
      await waitFor(async () => (await listenerCount()) === 1, 15_000);
      await writer.append(
        `n-${randomUUID()}`,
        [{ id: randomUUID(), type, data: { n: 3 }, metadata }],
        'no_stream',
      );
      await waitFor(() => seen.length === 3, 5_000);
      expect(seen.map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    } finally {
      await subscription.close();
      await writer.close();
    }
  });

  it('is not held back by a long transaction that writes no events, and never skips an appender', async () => {
    const { type, seen, subscription } = await watchNewType('Horizon');
    const other = new pg.Client({ connectionString });
    const appender = new pg.Client({ connectionString });
    await Promise.all([other.connect(), appender.connect()]);
    const event = (n: number) => ({ id: randomUUID(), type, data: { n }, metadata });
    try {
      await new Promise((resolve) => setTimeout(resolve, 200)); // let the initial catch-up go idle
      // A transaction that holds the oldest transaction id (as a projection's batch does), open throughout.
      await other.query('begin');
      await other.query(`insert into checkpoints (name) values ($1)`, [`long-${randomUUID()}`]);
      await store.append(`h-${randomUUID()}`, [event(1)], 'no_stream');
      // Polling is set to a minute here: delivery within seconds means the long transaction held nothing.
      await waitFor(() => seen.length === 1, 5_000);

      // An appender with a lower transaction id, still open, holds back every later event until it ends.
      const idLow = randomUUID();
      await appender.query('begin');
      await appender.query(
        `with claimed as (insert into es_streams (stream_name, revision) values ($1, 0) returning revision)
         insert into es_events (event_id, stream_name, stream_revision, event_type, data, metadata)
         select $2, $1, 0, $3, '{"n":2}', $4 from claimed`,
        [`h-${randomUUID()}`, idLow, type, JSON.stringify(metadata)],
      );
      await store.append(`h-${randomUUID()}`, [event(3)], 'no_stream');
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(seen).toHaveLength(1);
      await appender.query('commit');
      await store.append(`h-${randomUUID()}`, [event(4)], 'no_stream');
      await waitFor(() => seen.length === 4, 5_000);
      expect(seen.map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }, { n: 4 }]);
      expect(seen[1]!.id).toBe(idLow);
    } finally {
      await subscription.close();
      await appender.query('rollback').catch(() => undefined);
      await other.query('rollback').catch(() => undefined);
      await Promise.all([other.end(), appender.end()]);
    }
  });

  it('hands its own appends to its subscriptions as a read gives them, and never an event out of order', async () => {
    // Counts the feed's reads of the log through a store of its own on a pool that counts them.
    const countingPool = new pg.Pool({ connectionString, max: 10 });
    let feedReads = 0;
    const query = countingPool.query.bind(countingPool) as (...args: unknown[]) => Promise<unknown>;
    (countingPool as unknown as { query: typeof query }).query = (...args) => {
      if ((args[0] as { name?: string }).name === 'es_feed') feedReads += 1;
      return query(...args);
    };
    const own = createPostgresEventStore({ pool: countingPool, connectionString, pollIntervalMs: 60_000 });
    // Another process appending meanwhile, woken by NOTIFY.
    const other = createPostgresEventStore({ pool, connectionString });
    const type = `Handed_${randomUUID().replaceAll('-', '')}`;
    const from = await own.headPosition();
    const seen: RecordedEvent[] = [];
    const subscription = own.subscribeToAll({
      from,
      filter: { eventTypes: [type] },
      onBatch: async (events) => void seen.push(...events),
    });
    const event = (n: number) => ({
      id: randomUUID(),
      type,
      data: { n, nested: { b: 1, a: [true] } },
      metadata,
    });
    try {
      await new Promise((resolve) => setTimeout(resolve, 200)); // let the initial catch-up go idle
      const readsBefore = feedReads;
      // One at a time: each comes right after the last, and is handed over.
      for (let n = 0; n < 20; n += 1) {
        await own.append(`hand-${randomUUID()}`, [event(n), event(n + 0.5)], 'no_stream');
        await waitFor(() => seen.length === 2 * (n + 1), 5_000);
      }
      expect(feedReads - readsBefore).toBeLessThan(10);
      // Both processes at once: this one's appends are handed over only when nothing older can follow.
      await Promise.all(
        [own, other].map(async (writer, w) => {
          for (let n = 0; n < 30; n += 1)
            await writer.append(`hand-${w}-${randomUUID()}`, [event(100 + n)], 'no_stream');
        }),
      );
      await waitFor(() => seen.length === 100, 10_000);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const read = await store.readAll({ from, maxCount: 1000, filter: { eventTypes: [type] } });
      expect(seen).toEqual(read.events);
    } finally {
      await subscription.close();
      await Promise.all([own.close(), other.close()]);
      await countingPool.end();
    }
  });

  it('leaves no LISTEN connection behind after close', async () => {
    const { store: other, pool: otherPool, cleanup: closeOther } = await openStore();
    const sub = other.subscribeToAll({ from: START, onBatch: async () => undefined });
    const count = async () =>
      Number(
        (
          await otherPool.query<{ n: string }>(
            `select count(*) as n from pg_stat_activity where application_name = 'es_events_listener' and datname = current_database()`,
          )
        ).rows[0]!.n,
      );
    await waitFor(async () => (await count()) === 1, 10_000);
    await sub.close();
    await other.close();
    await waitFor(async () => (await count()) === 0, 5_000);
    await closeOther();
  });
});
