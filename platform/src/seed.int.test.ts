import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { tasksDecider } from '@onboard/domain';
import { handleCommand, taskStream, type EventStore } from '@onboard/events';
import { createPostgresEventStore } from '@onboard/events/postgres';
import { migratedDatabase } from '@onboard/testing/db';
import { createPostgresDocumentStore } from './documents/index.ts';
import { DEMO_CLIENT_ID, seedDemoData } from './seed.ts';

describe('the demo seed beside a starting workers process', () => {
  const pools: pg.Pool[] = [];
  afterAll(async () => {
    await Promise.all(pools.map((p) => p.end()));
  });

  it("leaves a client's tasks as they are when the client-base reactor scheduled them between its look and its write", async () => {
    const url = await migratedDatabase('seed_tasks_race');
    const pool = new pg.Pool({ connectionString: url, max: 4 });
    pools.push(pool);
    const store = createPostgresEventStore({ pool, connectionString: url });
    const now = new Date('2026-11-29T12:00:00Z');
    const documents = createPostgresDocumentStore(pool, () => now);
    // The reactor's own write of the client's tasks (its own event ids), made before the seed writes them.
    const at = now.toISOString();
    const byReactor = await handleCommand(store, tasksDecider, {
      stream: taskStream(DEMO_CLIENT_ID),
      newId: randomUUID,
      command: {
        type: 'ScheduleTasks',
        data: {
          clientId: DEMO_CLIENT_ID,
          implementationType: 'NEW_CASE',
          policies: [],
          startsOn: at.slice(0, 10),
        },
        metadata: { at, by: { userId: 'system:client-base', role: 'SYSTEM' } },
      },
      metadata: {
        actorId: 'system:client-base',
        actorRole: 'SYSTEM',
        occurredAt: at,
        correlationId: randomUUID(),
      },
    });
    expect(byReactor.ok).toBe(true);
    const tasks = await store.readStream(taskStream(DEMO_CLIENT_ID));
    expect(tasks.length).toBeGreaterThan(0);

    // The seed's look at the tasks finds none, as it did when the reactor wrote them just after it.
    const lookedTooSoon = new Proxy(store, {
      get: (target, key) =>
        key === 'readStream'
          ? (((stream, options) =>
              stream === taskStream(DEMO_CLIENT_ID) && options?.maxCount === 1
                ? Promise.resolve([])
                : target.readStream(stream, options)) satisfies EventStore['readStream'])
          : Reflect.get(target, key, target),
    });
    await expect(seedDemoData(lookedTooSoon, now, documents)).resolves.toBeUndefined();
    expect((await store.readStream(taskStream(DEMO_CLIENT_ID))).map((e) => e.id)).toEqual(
      tasks.map((e) => e.id),
    );
  });
});
