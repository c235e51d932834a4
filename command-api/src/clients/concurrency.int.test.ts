import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eifStream, parseEvent, type EifEvent, type EventStore } from '@onboard/events';
import { createPostgresEventStore } from '@onboard/events/postgres';
import { ConflictError, fold, type Actor } from '@onboard/domain';
import { migratedDatabase } from '@onboard/testing/db';
import { appendToEif, entityCreated } from '@onboard/testing/eif-events';
import { executeEifCommand } from './routes.ts';

const clientId = 'parallel-client';
const actor: Actor = { userId: 'u-1', role: 'SLF_ADMIN', clientIds: [] };

describe('parallel writers on one client', () => {
  let pool: pg.Pool;
  let store: EventStore;

  beforeAll(async () => {
    const url = await migratedDatabase('parallel');
    pool = new pg.Pool({ connectionString: url, max: 30 });
    store = createPostgresEventStore({ pool, connectionString: url });
    await appendToEif(
      store,
      clientId,
      [entityCreated(clientId, 'Client', clientId, { name: 'Parallel Co.' })],
      'no_stream',
    );
  });

  afterAll(async () => {
    await store?.close();
    await pool?.end();
  });

  it('loses no accepted edit and applies none twice', async () => {
    const deps = { store, authenticate: async () => actor, now: () => new Date(), newId: randomUUID };
    const writers = 12;
    const editsPerWriter = 8;
    let conflicts = 0;
    const accepted: string[] = [];
    await Promise.all(
      Array.from({ length: writers }, async (_, w) => {
        for (let e = 0; e < editsPerWriter; e += 1) {
          const attribute = `answer_${w}_${e}`;
          // Each writer edits its own attribute; a conflict means re-reading and trying again, as the UI does.
          for (;;) {
            try {
              await executeEifCommand(
                deps,
                actor,
                clientId,
                ({ changeId }) => ({
                  type: 'ChangeAttributes',
                  data: {
                    clientId,
                    entity: 'Client',
                    entityId: clientId,
                    attributes: { [attribute]: w * 100 + e },
                    changeId,
                  },
                }),
                null,
                randomUUID(),
              );
              accepted.push(attribute);
              break;
            } catch (error) {
              if (!(error instanceof ConflictError)) throw error;
              conflicts += 1;
            }
          }
        }
      }),
    );
    const events = (await store.readStream(eifStream(clientId))).map((r) => parseEvent(r) as EifEvent);
    const changed = events.flatMap((e) =>
      e.type === 'EifEntityChanged' ? e.data.changes.map((c) => c.attributeKey) : [],
    );
    expect(accepted).toHaveLength(writers * editsPerWriter);
    expect(changed.sort()).toEqual([...accepted].sort());
    expect(new Set(changed).size).toBe(changed.length);
    const state = fold(events);
    const attributes = state.status === 'empty' ? {} : state.entities.get(`Client:${clientId}`)!.attributes;
    for (let w = 0; w < writers; w += 1) {
      for (let e = 0; e < editsPerWriter; e += 1) expect(attributes[`answer_${w}_${e}`]).toBe(w * 100 + e);
    }
    // The writers really did collide: otherwise this test proves nothing about conflicts.
    expect(conflicts).toBeGreaterThan(0);
  });

  it('decides on the stream read when another process wrote after the state this one kept', async () => {
    const url = await migratedDatabase('kept_behind');
    const pools = [new pg.Pool({ connectionString: url }), new pg.Pool({ connectionString: url })];
    // Two stores on one database: two processes, each keeping its own states.
    const [here, there] = pools.map((p) => createPostgresEventStore({ pool: p, connectionString: url }));
    const save = (store: EventStore, attributes: Record<string, unknown>, ifMatch: bigint | null = null) =>
      executeEifCommand(
        { store, authenticate: async () => actor, now: () => new Date(), newId: randomUUID },
        actor,
        'kept-client',
        ({ changeId }) => ({
          type: 'ChangeAttributes',
          data: { clientId: 'kept-client', entity: 'Client', entityId: 'kept-client', attributes, changeId },
        }),
        ifMatch,
        randomUUID(),
      );
    try {
      await appendToEif(
        here!,
        'kept-client',
        [entityCreated('kept-client', 'Client', 'kept-client', { name: 'Kept Co.' })],
        'no_stream',
      );
      const first = await save(here!, { first: 1 });
      const second = await save(there!, { second: 2 });
      expect(second!.version).toBe(first!.version + 1);
      // This process kept the form at the first save's version: named, it is a conflict now.
      await expect(save(here!, { third: 3 }, BigInt(first!.version))).rejects.toBeInstanceOf(ConflictError);
      const third = await save(here!, { third: 3 });
      expect(third!.version).toBe(second!.version + 1);
      const events = (await here!.readStream(eifStream('kept-client'))).map((r) => parseEvent(r) as EifEvent);
      const state = fold(events);
      const attributes = state.status === 'empty' ? {} : state.entities.get('Client:kept-client')!.attributes;
      expect(attributes).toMatchObject({ first: 1, second: 2, third: 3 });
      // What the third save answered is the form with the other process's answer in it.
      expect(JSON.stringify(third)).toContain('"second"');
    } finally {
      await Promise.all([here!.close(), there!.close()]);
      await Promise.all(pools.map((p) => p.end()));
    }
  });
});
