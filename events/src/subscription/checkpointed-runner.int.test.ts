import { randomUUID } from 'node:crypto';
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

const event = (n: number): NewEvent => ({
  id: randomUUID(),
  type: 'Counted',
  data: { n },
  metadata: {
    actorId: 'u',
    actorRole: 'SLF_ADMIN',
    occurredAt: new Date().toISOString(),
    correlationId: 'c',
  },
});

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

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
    for (const name of ['group-a', 'group-b', 'group-c'])
      runners.push(startRunner({ store, pool, consumer: recorder(name), lockRetryMs: 50 }));
    await waitFor(async () => runners.every((r) => r.isActive()));
    await store.append('count-1', [event(1)], 'no_stream');
    await waitFor(async () => (await seen('group-c')).length === 1 && (await seen('group-a')).length === 1);
    await waitFor(async () => (await seen('group-b')).length === 1);

    const [a, b, c] = await Promise.all(['group-a', 'group-b', 'group-c'].map(seen));
    expect([a![0]!.n, b![0]!.n, c![0]!.n]).toEqual([1, 1, 1]);
    // Woken together by the append, the three batches shared one transaction.
    expect(new Set([a![0]!.tx, b![0]!.tx, c![0]!.tx]).size).toBe(1);
    const head = await store.headPosition();
    for (const name of ['group-a', 'group-b', 'group-c'])
      expect(await readCheckpoint(pool, name)).toEqual(head);
  });

  it('a consumer whose batch fails holds back no other: the group is applied again a batch at a time', async () => {
    runners.push(startRunner({ store, pool, consumer: recorder('alone-ok'), lockRetryMs: 50 }));
    runners.push(
      startRunner({ store, pool, consumer: recorder('alone-failing', (n) => n === 2), lockRetryMs: 50 }),
    );
    await waitFor(async () => runners.every((r) => r.isActive()));
    await waitFor(
      async () => (await seen('alone-ok')).length === 1 && (await seen('alone-failing')).length === 1,
    );

    await store.append('count-1', [event(2)], 0n);
    await waitFor(async () => (await seen('alone-ok')).length === 2);
    await waitFor(async () => (await seen('group-a')).length === 2);
    expect((await seen('alone-ok')).map((r) => r.n)).toEqual([1, 2]);
    // The failing consumer keeps its checkpoint before event 2 and applied nothing of it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await seen('alone-failing')).map((r) => r.n)).toEqual([1]);
    const failing = await readCheckpoint(pool, 'alone-failing');
    const ok = await readCheckpoint(pool, 'alone-ok');
    expect(failing.commit < ok.commit || failing.prepare < ok.prepare).toBe(true);
  });
});
