import { randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  catchUp,
  comparePositions,
  consumerStatuses,
  eifStream,
  readCheckpoint,
  readPartitionCheckpoints,
  resetConsumer,
  startRunner,
  type CheckpointedConsumer,
  type EventStore,
  type NewEvent,
} from '@onboard/events';
import { createPostgresEventStore } from '@onboard/events/postgres';
import { clientViewProjection } from '@onboard/projections';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './database/embedded-postgres.ts';
import { migrate } from './database/migrations.ts';
import { answerChanged } from '@onboard/testing/eif-events';

/**
 * Projection batches commit asynchronously (events/src/subscription/checkpointed-runner.ts). This test
 * crashes PostgreSQL itself (an immediate shutdown: no WAL flush, recovery at the next start) right after
 * the projections caught up, with the WAL writer slowed so their last commits are surely not yet on disk,
 * and shows that rows and checkpoint are lost together and the runner then converges: every event applied
 * exactly once (a counter that is not idempotent), and the client view equal to a rebuild from zero.
 */

const counter: CheckpointedConsumer = {
  name: 'crash-counter',
  reset: async (tx) => {
    await tx.query('delete from crash_counts');
  },
  handle: async (events, tx) => {
    const perStream = new Map<string, number>();
    for (const e of events) perStream.set(e.streamName, (perStream.get(e.streamName) ?? 0) + 1);
    await tx.query(
      `insert into crash_counts (stream_name, n) select * from unnest($1::text[], $2::int[])
       on conflict (stream_name) do update set n = crash_counts.n + excluded.n`,
      [[...perStream.keys()], [...perStream.values()]],
    );
  },
};

const meta = () => ({
  actorId: 'u',
  actorRole: 'SLF_ADMIN',
  occurredAt: new Date().toISOString(),
  correlationId: randomUUID(),
});

const edits = (clientId: string, from: number, count: number): NewEvent[] =>
  Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    ...answerChanged(clientId, 'Client', clientId, 'taxId', String(100000000 + from + i)),
    metadata: meta(),
  }));

async function waitUntil(condition: () => Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('projections after a PostgreSQL crash', () => {
  let dir: string;
  let db: EmbeddedDatabase;
  let port: number;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'onboard-pg-crash-'));
    chmodSync(dir, 0o777);
    db = await startEmbeddedPostgres({ dataDir: join(dir, 'data') });
    port = Number(new URL(db.url()).port);
    await db.createDatabase('crash');
  });

  afterAll(async () => {
    await db?.stop().catch(() => undefined);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('loses async projection commits only together with their checkpoint, then applies each event once', async () => {
    const url = db.url('crash');
    let pool = new pg.Pool({ connectionString: url, max: 10 });
    // Idle connections report the crash: expected here.
    pool.on('error', () => undefined);
    await migrate(pool);
    await pool.query('create table crash_counts (stream_name text primary key, n int not null)');
    // The WAL writer flushes asynchronous commits every 10 s instead of 0.2 s: the crash comes first.
    await pool.query(`alter system set wal_writer_delay = '10s'`);
    await pool.query('select pg_reload_conf()');
    let store: EventStore = createPostgresEventStore({ pool, connectionString: url });
    const clients = Array.from({ length: 20 }, (_, i) => `crash-${i}`);
    for (const clientId of clients) {
      await store.append(
        eifStream(clientId),
        [
          {
            id: randomUUID(),
            type: 'EifEntityCreated',
            data: {
              clientId,
              entity: 'Client',
              entityId: clientId,
              attributes: { name: clientId, taxId: null },
            },
            metadata: meta(),
          },
        ],
        'no_stream',
      );
    }
    const consumers = [clientViewProjection, counter];
    // Leases renewed once a minute, not every 300 ms: a renewal commits synchronously, which flushes the
    // WAL and with it the projections' asynchronous commits before the crash could take them.
    const rareTicks = { tickMs: 60_000, ttlMs: 120_000 };
    let runners = consumers.map((consumer) => startRunner({ store, pool, consumer, leases: rareTicks }));
    // Appends (synchronous commits) while the runners follow, batch by batch.
    for (let round = 0; round < 10; round += 1)
      for (const clientId of clients)
        await store.append(eifStream(clientId), edits(clientId, round * 3, 3), 'any');
    const caughtUp = async () =>
      (await consumerStatuses(pool, store, consumers)).every((status) => status.isCaughtUp);
    await waitUntil(caughtUp, 30_000, 'the projections to catch up');
    // Every checkpoint of each (a split projection's partitions each have one).
    const checkpointsOf = async (consumer: CheckpointedConsumer) => [
      ...(
        await readPartitionCheckpoints(
          pool,
          consumer,
          Array.from({ length: consumer.partitions ?? 1 }, (_, p) => p),
        )
      ).values(),
    ];
    const before = (await Promise.all(consumers.map(checkpointsOf))).flat();

    // Immediate shutdown: every PostgreSQL process exits at once, the unflushed WAL is gone.
    const pid = Number(readFileSync(join(dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
    process.kill(pid, 'SIGQUIT');
    await waitUntil(async () => !isRunning(pid), 30_000, 'PostgreSQL to exit');
    await Promise.all(runners.map((r) => r.stop()));
    await store.close().catch(() => undefined);
    await pool.end().catch(() => undefined);

    db = await startEmbeddedPostgres({ dataDir: join(dir, 'data'), port });
    pool = new pg.Pool({ connectionString: url, max: 10 });
    // As before the crash: an idle client whose server goes away at the end is not an uncaught error.
    pool.on('error', () => undefined);
    store = createPostgresEventStore({ pool, connectionString: url });
    try {
      const after = (await Promise.all(consumers.map(checkpointsOf))).flat();
      // The crash did take the last projection commits with it...
      expect(after.some((position, i) => comparePositions(position, before[i]!) < 0)).toBe(true);
      // ...and the counter's rows went with its checkpoint: it counts exactly the events up to it.
      const upTo = await readCheckpoint(pool, counter.name);
      const { rows: applied } = await pool.query<{ n: string }>(
        `select count(*) as n from es_events where (transaction_id, global_position) <= ($1::text::xid8, $2::bigint)`,
        [upTo.commit.toString(), upTo.prepare.toString()],
      );
      const { rows: counted } = await pool.query<{ n: string }>(
        'select coalesce(sum(n), 0) as n from crash_counts',
      );
      expect(Number(counted[0]!.n)).toBe(Number(applied[0]!.n));

      // The processes before the crash are gone: their leases would expire; cleared here instead of waited for.
      await pool.query('delete from runner_leases');
      runners = consumers.map((consumer) => startRunner({ store, pool, consumer }));
      await waitUntil(caughtUp, 30_000, 'the projections to catch up after the crash');
      await Promise.all(runners.map((r) => r.stop()));

      // Every event applied exactly once: each stream's count is its length.
      const { rows: counts } = await pool.query<{ stream_name: string; n: number }>(
        'select stream_name, n from crash_counts order by stream_name',
      );
      const { rows: lengths } = await pool.query<{ stream_name: string; n: number }>(
        'select stream_name, count(*)::int as n from es_events group by stream_name order by stream_name',
      );
      expect(counts).toEqual(lengths);
      expect(counts).toHaveLength(clients.length);
      expect(counts.every((row) => row.n === 31)).toBe(true);

      // The client view equals a rebuild from zero.
      const view = async () =>
        (await pool.query('select client_id, version, state from rm_clients order by client_id')).rows;
      const incremental = await view();
      expect(incremental).toHaveLength(clients.length);
      await resetConsumer(pool, clientViewProjection);
      await catchUp({ store, pool, consumer: clientViewProjection });
      expect(await view()).toEqual(incremental);
    } finally {
      await pool.query('alter system reset wal_writer_delay').catch(() => undefined);
      await store.close();
      await pool.end();
    }
  });
});
