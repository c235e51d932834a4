import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { migratedDatabase } from '@onboard/testing/db';
import type { EventStore } from '../store/port.ts';
import { createPostgresEventStore } from '../store/postgres.ts';
import { partitionOfStream } from '../catalogue/partition-key.ts';
import { consumerStatuses, PARTITIONS, startRunner, type Runner } from './checkpointed-runner.ts';
import { partitionLeasesFor } from './partition-leases.ts';
import { countedEvent, recordingConsumer, SEEN_TABLE } from './testing/recording-consumer.ts';
import { waitFor as waitUntil } from '../testing/wait-for.ts';

const event = countedEvent;

/** Partitions move between processes in steps of lease renewals: a wait here allows 20 s. */
const waitFor = (condition: () => Promise<boolean>, timeoutMs = 20_000, stepMs = 20) =>
  waitUntil(condition, timeoutMs, stepMs);

/** Each test is a database of its own, with 40 clients' streams; two pools stand for two processes. */
describe('a consumer split into partitions across processes', () => {
  let url: string;
  let pools: pg.Pool[] = [];
  let store: EventStore;
  let runners: Runner[] = [];
  let child: ChildProcess | null = null;
  const streams = Array.from({ length: 40 }, (_, i) => `client-${i}`);
  let n = 0;
  const versions = new Map<string, bigint>();

  const appendSome = async (count: number) => {
    for (let i = 0; i < count; i += 1) {
      const stream = streams[n % streams.length]!;
      const version = versions.get(stream);
      await store.append(stream, [event((n += 1))], version ?? 'no_stream');
      versions.set(stream, (version ?? -1n) + 1n);
    }
  };
  const pool = (name: string) => {
    const created = new pg.Pool({ connectionString: url, max: 4, application_name: name });
    created.on('error', () => undefined);
    pools.push(created);
    return created;
  };
  /** Who holds each partition's lease now (expired leases held by nobody). */
  const holders = async () => {
    const { rows } = await pools[0]!.query<{ partition: number; process_id: string }>(
      `select partition, process_id from runner_leases where name = 'recorded' and expires_at > now()`,
    );
    return rows;
  };
  const caughtUp = async () =>
    (await consumerStatuses(pools[0]!, store, [recordingConsumer()])).every((s) => s.isCaughtUp);

  /** Every event applied exactly once, each stream's in order, and which processes applied them. */
  const expectExactlyOnceInStreamOrder = async () => {
    const { rows } = await pools[0]!.query<{ n: number; stream: string; process: string }>(
      'select n, stream, process from seen order by id',
    );
    expect(rows.map((r) => r.n).sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
    for (const stream of streams) {
      const ofStream = rows.filter((r) => r.stream === stream).map((r) => r.n);
      expect(ofStream).toEqual([...ofStream].sort((a, b) => a - b));
    }
    return new Set(rows.map((r) => r.process));
  };

  beforeAll(() => {
    // The 40 streams fall in many partitions (a client's streams by the client id).
    expect(new Set(streams.map((s) => partitionOfStream(s, PARTITIONS))).size).toBeGreaterThan(10);
  });
  afterEach(async () => {
    child?.kill('SIGKILL');
    child = null;
    await Promise.all(runners.map((r) => r.stop()));
    runners = [];
    await store?.close();
    await Promise.all(pools.map((p) => p.end()));
    pools = [];
  });
  afterAll(() => child?.kill('SIGKILL'));

  const fresh = async (prefix: string) => {
    url = await migratedDatabase(prefix);
    n = 0;
    versions.clear();
    const first = pool('test');
    store = createPostgresEventStore({ pool: first, connectionString: url });
    await first.query(SEEN_TABLE);
  };

  it('two processes split the partitions and apply every event once, each stream in order', async () => {
    await fresh('partitions_split');
    const a = pool('process-a');
    const b = pool('process-b');
    await appendSome(200);
    runners.push(startRunner({ store, pool: a, consumer: recordingConsumer() }));
    await waitFor(async () => (await holders()).length === PARTITIONS);

    // The second process joins while events keep coming: the first hands it half, between batches.
    runners.push(startRunner({ store, pool: b, consumer: recordingConsumer() }));
    await appendSome(400);
    const [ida, idb] = [partitionLeasesFor(a).processId, partitionLeasesFor(b).processId];
    await waitFor(async () => {
      const rows = await holders();
      const count = (id: string) => rows.filter((r) => r.process_id === id).length;
      return count(ida) === PARTITIONS / 2 && count(idb) === PARTITIONS / 2;
    });
    await appendSome(200);
    await waitFor(caughtUp);
    expect(runners.every((r) => r.isActive())).toBe(true);
    const processes = await expectExactlyOnceInStreamOrder();
    expect(processes).toEqual(new Set(['process-a', 'process-b']));
  });

  it('a process killed mid-catch-up: the other takes its partitions within 2 s and applies each event once', async () => {
    await fresh('partitions_takeover');
    await appendSome(1200);
    // A slow process: 20 events a batch, 150 ms each, so it is far from done when it is killed.
    child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        resolve(import.meta.dirname, 'testing/partitioned-process.ts'),
        url,
        'process-a',
        '150',
      ],
      { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, PGAPPNAME: 'process-a' } },
    );
    await waitFor(async () => (await holders()).length === PARTITIONS);
    const b = pool('process-b');
    runners.push(startRunner({ store, pool: b, consumer: recordingConsumer() }));
    const idb = partitionLeasesFor(b).processId;
    const heldBy = async (id: string) => (await holders()).filter((r) => r.process_id === id).length;
    await waitFor(async () => (await heldBy(idb)) === PARTITIONS / 2);
    await waitFor(async () => {
      const { rows } = await pools[0]!.query<{ count: number }>(
        `select count(*)::int as count from seen where process = 'process-a'`,
      );
      return rows[0]!.count > 0;
    });
    expect(await caughtUp()).toBe(false);

    const killedAt = Date.now();
    child.kill('SIGKILL');
    await waitFor(async () => (await heldBy(idb)) === PARTITIONS, 5_000, 10);
    const takeoverMs = Date.now() - killedAt;
    expect(takeoverMs).toBeLessThan(2_000);

    await appendSome(100);
    await waitFor(caughtUp, 60_000);
    const processes = await expectExactlyOnceInStreamOrder();
    expect(processes).toEqual(new Set(['process-a', 'process-b']));
  });

  it('takes its partitions up again after its database was out of reach for longer than a lease lives', async () => {
    await fresh('partitions_outage');
    const a = pool('process-a');
    const reach = a.query.bind(a) as (...args: unknown[]) => Promise<unknown>;
    let outOfReach = false;
    // As with a frozen server: every statement of the process fails (after its timeout) until it is back.
    a.query = ((...args: unknown[]) =>
      outOfReach ? Promise.reject(new Error('Query read timeout')) : reach(...args)) as typeof a.query;
    runners.push(startRunner({ store, pool: a, consumer: recordingConsumer() }));
    const ida = partitionLeasesFor(a).processId;
    await waitFor(async () => (await holders()).filter((r) => r.process_id === ida).length === PARTITIONS);
    await appendSome(100);
    await waitFor(caughtUp);
    outOfReach = true;
    await new Promise((r) => setTimeout(r, 2_500));
    outOfReach = false;
    await appendSome(100);
    await waitFor(caughtUp, 10_000);
    await expectExactlyOnceInStreamOrder();
  });

  it('hands every partition back to the one process left when the other stops', async () => {
    await fresh('partitions_leave');
    const a = pool('process-a');
    const b = pool('process-b');
    const ra = startRunner({ store, pool: a, consumer: recordingConsumer() });
    const rb = startRunner({ store, pool: b, consumer: recordingConsumer() });
    runners.push(ra, rb);
    const ida = partitionLeasesFor(a).processId;
    await waitFor(
      async () => (await holders()).filter((r) => r.process_id === ida).length === PARTITIONS / 2,
    );
    await appendSome(200);
    await rb.stop();
    await waitFor(async () => (await holders()).filter((r) => r.process_id === ida).length === PARTITIONS);
    // The stopped process left nothing behind.
    const { rows } = await a.query<{ count: number }>('select count(*)::int as count from runner_processes');
    expect(rows[0]!.count).toBe(1);
    await appendSome(100);
    await waitFor(caughtUp);
    await expectExactlyOnceInStreamOrder();
  });
});
