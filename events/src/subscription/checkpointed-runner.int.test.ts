import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedDatabase } from '@onboard/testing/db';
import type { EventStore, NewEvent } from '../store/port.ts';
import { createPostgresEventStore } from '../store/postgres.ts';
import {
  readCheckpoint,
  startRunner,
  type CheckpointedConsumer,
  type Runner,
} from './checkpointed-runner.ts';
import { countedEvent } from './testing/recording-consumer.ts';
import { waitFor } from '../testing/wait-for.ts';

const event = countedEvent;

describe('runners of one process', () => {
  let url: string;
  let pool: pg.Pool;
  let store: EventStore;
  const runners: Runner[] = [];

  beforeAll(async () => {
    url = await migratedDatabase('runners');
    pool = new pg.Pool({ connectionString: url, max: 10 });
    store = createPostgresEventStore({ pool, connectionString: url });
    await pool.query('create table seen (consumer text, n int, tx xid8 default pg_current_xact_id())');
  });
  afterAll(async () => {
    await Promise.all(runners.map((r) => r.stop()));
    await store.close();
    await pool.end();
  });

  /** A consumer that records each event it applies with the transaction that applied it. */
  const recorder = (name: string, fails: (n: number) => boolean = () => false): CheckpointedConsumer => ({
    name,
    filter: { eventTypes: ['Counted'] },
    handle: async (events, tx) => {
      const numbers = events.map((e) => (e.data as { n: number }).n);
      if (numbers.some(fails)) throw new Error(`${name} cannot apply ${numbers.join(', ')}`);
      await tx.query('insert into seen (consumer, n) select $1, unnest($2::int[])', [name, numbers]);
    },
  });
  const seen = async (consumer: string) =>
    (
      await pool.query<{ n: number; tx: string }>(
        'select n, tx::text from seen where consumer = $1 order by n',
        [consumer],
      )
    ).rows;

  it('apply the same events in one transaction, each moving its own checkpoint', async () => {
    const names = ['group-a', 'group-b', 'group-c'];
    for (const name of names) runners.push(startRunner({ store, pool, consumer: recorder(name) }));
    await waitFor(async () => runners.every((r) => r.isActive()));
    const appliedBy = async (n: number) => {
      const rows = await Promise.all(names.map(async (name) => (await seen(name)).find((r) => r.n === n)));
      return rows.every((row) => row !== undefined) ? rows.map((row) => row!.tx) : null;
    };
    // Woken together by an append, caught-up runners share one transaction. A runner still busy with the
    // previous group joins the next one, so on a loaded machine one append may be split: of a few appends,
    // at least one is applied by all three in one transaction (one at a time each, it never would be).
    let shared = false;
    for (let n = 1; n <= 5 && !shared; n += 1) {
      await store.append('count-1', [event(n)], n === 1 ? 'no_stream' : BigInt(n - 2));
      let transactions: string[] | null = null;
      await waitFor(async () => (transactions = await appliedBy(n)) !== null);
      shared = new Set(transactions).size === 1;
    }
    expect(shared).toBe(true);
    const head = await store.headPosition();
    for (const name of names) expect(await readCheckpoint(pool, name)).toEqual(head);
  });

  it('a consumer whose batch fails holds back no other: the group is applied again a batch at a time', async () => {
    runners.push(startRunner({ store, pool, consumer: recorder('alone-ok') }));
    runners.push(startRunner({ store, pool, consumer: recorder('alone-failing', (n) => n === 100) }));
    await waitFor(async () => runners.every((r) => r.isActive()));
    // Both catch up on what the first test appended.
    const before = (await seen('group-a')).map((r) => r.n);
    await waitFor(async () => {
      const [ok, failing] = await Promise.all([seen('alone-ok'), seen('alone-failing')]);
      return ok.length === before.length && failing.length === before.length;
    });

    await store.append('count-2', [event(100)], 'no_stream');
    await waitFor(async () => (await seen('alone-ok')).some((r) => r.n === 100));
    await waitFor(async () => (await seen('group-a')).some((r) => r.n === 100));
    expect((await seen('alone-ok')).map((r) => r.n)).toEqual([...before, 100]);
    // The failing consumer keeps its checkpoint before event 100 and applied nothing of it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await seen('alone-failing')).map((r) => r.n)).toEqual(before);
    const failing = await readCheckpoint(pool, 'alone-failing');
    const ok = await readCheckpoint(pool, 'alone-ok');
    expect(failing.commit < ok.commit || failing.prepare < ok.prepare).toBe(true);
  });

  it('keeps what a consumer sets once its batch commits, and forgets it all when a batch fails', async () => {
    // The consumer counts its events in `kept`; it fails once, on event 201, after setting the count.
    const counts: (number | undefined)[] = [];
    let failOnce = true;
    const counter: CheckpointedConsumer = {
      name: 'kept-counter',
      filter: { eventTypes: ['Kept'] },
      handle: async (events, tx, kept) => {
        for (const recorded of events) {
          const n = (recorded.data as { n: number }).n;
          const count = ((kept?.get('count') as number | undefined) ?? 0) + 1;
          counts.push(kept?.get('count') as number | undefined);
          kept?.set('count', count);
          if (n === 201 && failOnce) {
            failOnce = false;
            throw new Error('fails once');
          }
          await tx.query('insert into seen (consumer, n) values ($1, $2)', ['kept-counter', count]);
        }
      },
    };
    const kept = (n: number): NewEvent => ({ ...event(n), type: 'Kept' });
    const runner = startRunner({ store, pool, consumer: counter });
    runners.push(runner);
    await waitFor(async () => runner.isActive());
    for (const n of [199, 200]) {
      await store.append(`kept-${n}`, [kept(n)], 'no_stream');
      await waitFor(async () => (await seen('kept-counter')).length === n - 198);
    }
    // Each batch saw what the one before it kept.
    expect(counts).toEqual([undefined, 1]);
    await store.append('kept-201', [kept(201)], 'no_stream');
    await waitFor(async () => (await seen('kept-counter')).length === 3);
    // The failed batch's count (3) was not kept, and the runner started again with nothing kept.
    expect(counts).toEqual([undefined, 1, 2, undefined]);
    expect((await seen('kept-counter')).map((r) => r.n)).toEqual([1, 1, 2]); // counted 1, 2, then 1 again
  });
});

describe('runners of two processes', () => {
  // Two pools stand for two processes: each has its own lock connection (lockSessionFor is per pool).
  let url: string;
  const pools: pg.Pool[] = [];
  let store: EventStore;
  const names = Array.from({ length: 8 }, (_, i) => `shared-${i}`);

  beforeAll(async () => {
    url = await migratedDatabase('runners_shared');
    for (const name of ['process-a', 'process-b']) {
      const pool = new pg.Pool({ connectionString: url, max: 6, application_name: name });
      // The second process's idle connections are terminated with it.
      pool.on('error', () => undefined);
      pools.push(pool);
    }
    store = createPostgresEventStore({ pool: pools[0]!, connectionString: url });
    await pools[0]!.query(
      'create table seen (consumer text, n int, stream text, tx xid8 default pg_current_xact_id())',
    );
  });
  afterAll(async () => {
    await store.close();
    await Promise.all(pools.map((p) => p.end()));
  });

  const recorder = (name: string): CheckpointedConsumer => ({
    name,
    filter: { eventTypes: ['Counted'] },
    handle: async (events, tx) => {
      await tx.query(
        'insert into seen (consumer, n, stream) select $1, unnest($2::int[]), unnest($3::text[])',
        [name, events.map((e) => (e.data as { n: number }).n), events.map((e) => e.streamName)],
      );
    },
  });
  const start = (pool: pg.Pool) =>
    names.map((name) => startRunner({ store, pool, consumer: recorder(name) }));
  const activeCount = (runners: Runner[]) => runners.filter((r) => r.isActive()).length;

  it('share the runners, take over a dead process within seconds, and apply each event once, in stream order', async () => {
    const streams = ['client-1', 'client-2', 'client-3'];
    const versions = new Map<string, bigint>();
    let n = 0;
    const appendSome = async (count: number) => {
      for (let i = 0; i < count; i += 1) {
        const stream = streams[i % streams.length]!;
        const version = versions.get(stream);
        await store.append(stream, [event((n += 1))], version === undefined ? 'no_stream' : version);
        versions.set(stream, (version ?? -1n) + 1n);
      }
    };

    const a = start(pools[0]!);
    await waitFor(async () => activeCount(a) === names.length);
    await appendSome(30);

    // A second process joins: the first hands over half, between batches, while events keep coming.
    const b = start(pools[1]!);
    const appending = appendSome(60);
    await waitFor(async () => activeCount(a) === 4 && activeCount(b) === 4, 15_000);
    await appending;

    // The second process dies (its lock connection with it): the first takes everything back.
    const { rows } = await pools[0]!.query<{ pid: number }>(
      `select pid from pg_stat_activity where application_name = 'process-b' and datname = current_database()`,
    );
    const diedAt = Date.now();
    for (const b2 of b) void b2.stop();
    await pools[0]!.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [
      rows.map((r) => r.pid),
    ]);
    await waitFor(async () => activeCount(a) === names.length, 10_000);
    const takeoverMs = Date.now() - diedAt;
    await appendSome(30);

    const head = await store.headPosition();
    await waitFor(async () => {
      const checkpoints = await Promise.all(names.map((name) => readCheckpoint(pools[0]!, name)));
      return checkpoints.every((c) => c.commit === head.commit && c.prepare === head.prepare);
    }, 20_000);
    for (const name of names) {
      const { rows: applied } = await pools[0]!.query<{ n: number; stream: string }>(
        'select n, stream from seen where consumer = $1 order by tx::text::bigint, n',
        [name],
      );
      // Exactly once each.
      expect(applied.map((r) => r.n).sort((x, y) => x - y)).toEqual(
        Array.from({ length: n }, (_, i) => i + 1),
      );
      // In stream order: each stream's numbers ascend in the order they were applied.
      for (const stream of streams) {
        const ofStream = applied.filter((r) => r.stream === stream).map((r) => r.n);
        expect(ofStream).toEqual([...ofStream].sort((x, y) => x - y));
      }
    }
    expect(takeoverMs).toBeLessThan(10_000);
    await Promise.all(a.map((r) => r.stop()));
  });
});
