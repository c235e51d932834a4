import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  catchUp,
  consumerStatuses,
  eifStream,
  readPartitionCheckpoints,
  PARTITIONS,
  resetConsumer,
  startRunner,
  START,
  comparePositions,
  type EventStore,
  type NewEvent,
  parseEvent,
  type EifEvent,
} from '@onboard/events';
import { fold, toDocument } from '@onboard/domain';
import { createPostgresEventStore } from '@onboard/events/postgres';
import { migratedDatabase } from '@onboard/testing/db';
import { clientViewProjection } from './client-view.ts';
import { clientAnswerChanged, clientCreated } from './testing/client-events.ts';

async function snapshot(pool: pg.Pool) {
  const { rows } = await pool.query(
    'select client_id, name, version, state from rm_clients order by client_id',
  );
  return rows;
}

describe('projection runner', () => {
  let url: string;
  let pool: pg.Pool;
  let store: EventStore;

  beforeAll(async () => {
    url = await migratedDatabase('crash');
    pool = new pg.Pool({ connectionString: url });
    store = createPostgresEventStore({ pool, connectionString: url });
    // 40 clients, each created and then edited 30 times: 1,240 events.
    for (let c = 0; c < 40; c += 1) {
      const clientId = `client-${c}`;
      const events: NewEvent[] = [
        clientCreated(clientId, { name: `Client ${c}`, taxId: null }),
        ...Array.from({ length: 30 }, (_, i) =>
          clientAnswerChanged(clientId, {
            attributeKey: 'taxId',
            value: String(100000000 + c * 100 + i),
            previousValue: i === 0 ? null : String(100000000 + c * 100 + i - 1),
          }),
        ),
      ];
      await store.append(eifStream(clientId), events, 'no_stream');
    }
  });

  afterAll(async () => {
    await store?.close();
    await pool?.end();
  });

  it('killed mid-batch, restarts and converges to exactly the rebuilt-from-zero state', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', resolve(import.meta.dirname, 'testing/crashing-runner.ts'), url],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let written = 0;
    const killed = new Promise<void>((done) => {
      child.stdout.on('data', (chunk: Buffer) => {
        written += (chunk.toString().match(/WRITTEN/g) ?? []).length;
        // Rows of the fourth batch are written but not committed: kill now.
        if (written >= 4 && !child.killed) child.kill('SIGKILL');
      });
      child.on('exit', () => done());
    });
    await killed;

    // Some partitions moved on, none reached the head.
    const partitions = Array.from({ length: PARTITIONS }, (_, p) => p);
    const atCrash = [...(await readPartitionCheckpoints(pool, clientViewProjection, partitions)).values()];
    expect(atCrash.some((position) => comparePositions(position, START) === 1)).toBe(true);
    const head = await store.headPosition();
    expect(atCrash.every((position) => comparePositions(position, head) === -1)).toBe(true);

    const runner = startRunner({ store, pool, consumer: clientViewProjection });
    try {
      const deadline = Date.now() + 60_000;
      for (;;) {
        const [status] = await consumerStatuses(pool, store, [clientViewProjection]);
        if (status!.isCaughtUp) break;
        if (Date.now() > deadline) throw new Error('runner did not catch up');
        await new Promise((r) => setTimeout(r, 100));
      }
    } finally {
      await runner.stop();
    }
    const incremental = await snapshot(pool);
    expect(incremental).toHaveLength(40);
    expect(incremental[0]).toMatchObject({ client_id: 'client-0', version: '30' });
    expect(incremental[0].state.entities['Client:client-0'].attributes.taxId).toBe('100000029');

    await resetConsumer(pool, clientViewProjection);
    expect(await snapshot(pool)).toHaveLength(0);
    await catchUp({ store, pool, consumer: clientViewProjection });
    expect(await snapshot(pool)).toEqual(incremental);

    // Folding batch by batch (with a crash in between) gives what one fold of the whole stream gives.
    for (const row of incremental) {
      const state = fold(
        (await store.readStream(eifStream(row.client_id))).map((e) => parseEvent(e) as EifEvent),
      );
      expect(toDocument(state)).toEqual(row.state);
    }
  });

  it('lets only one runner per projection be active', async () => {
    const a = startRunner({
      store,
      pool,
      consumer: { name: 'single-active', filter: { eventTypes: ['none'] } },
    });
    const b = startRunner({
      store,
      pool,
      consumer: { name: 'single-active', filter: { eventTypes: ['none'] } },
    });
    try {
      await new Promise((r) => setTimeout(r, 400));
      expect([a.isActive(), b.isActive()].filter(Boolean)).toHaveLength(1);
      const wasActive = a.isActive() ? a : b;
      const standby = wasActive === a ? b : a;
      await wasActive.stop();
      await new Promise((r) => setTimeout(r, 400));
      expect(standby.isActive()).toBe(true);
    } finally {
      await a.stop();
      await b.stop();
    }
  });
});
