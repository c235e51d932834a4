import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catchUp, eifStream, resetConsumer, type EifEvent, type EventStore } from '@onboard/events';
import { createPostgresEventStore } from '@onboard/events/postgres';
import { fold, toDocument, type EifCommand } from '@onboard/domain';
import { migratedDatabase } from '@onboard/testing/db';
import { changeLogProjection } from './change-log.ts';
import { clientViewProjection } from './client-view.ts';
import { netChangesAcrossClients } from './testing/change-records.ts';
import { formWalk, toAppend } from './testing/form-walk.ts';

const CLIENTS = 4;
const COMMANDS_PER_CLIENT = 700;

/** A random but legal history per client, made by the decider itself from random commands. */
function generateHistory(clientId: string, seed: number): EifEvent[] {
  const { pick, actor, run, completeForm, events, state } = formWalk(clientId, seed, COMMANDS_PER_CLIENT * 4);
  run(0, {
    type: 'CreateEntity',
    data: { entity: 'Client', entityId: clientId, attributes: { name: clientId }, changeId: randomUUID() },
  });
  // Every required answer first, so the walk can sign and go through the post-sign paths.
  completeForm(0);
  // Locations the walk adds are answered in full, like the required one, so the form stays signable.
  const answered = state();
  const answeredLocation =
    answered.status === 'empty'
      ? {}
      : ([...answered.entities.values()].find((e) => e.entity === 'Location')?.attributes ?? {});
  for (let i = 1; i < COMMANDS_PER_CLIENT; i += 1) {
    const loc = `loc-${pick(6)}`;
    const choice = pick(20);
    const by = actor();
    const ask = (type: EifCommand['type'], data: Record<string, unknown> = {}) => run(i, { type, data }, by);
    if (choice < 8) {
      ask('ChangeAttributes', {
        entity: 'Client',
        entityId: clientId,
        attributes: {
          [`q${pick(5)}`]: pick(3) === 0 ? null : `v${pick(4)}`,
          taxId: String(100000000 + pick(50)),
        },
        changeId: randomUUID(),
      });
    } else if (choice < 11) {
      ask('CreateEntity', {
        entity: 'Location',
        entityId: loc,
        attributes: { ...answeredLocation, city: `c${pick(4)}` },
        changeId: randomUUID(),
      });
    } else if (choice < 13) {
      ask('ChangeAttributes', {
        entity: 'Location',
        entityId: loc,
        attributes: { city: `c${pick(4)}` },
        changeId: randomUUID(),
      });
    } else if (choice < 14) {
      ask('DeleteEntity', { entity: 'Location', entityId: loc, changeId: randomUUID() });
    } else if (choice < 15) {
      ask('SignEif', { signerKind: 'AUTHORIZED_SIGNER', outsideSignerActionId: null });
    } else if (choice < 17) {
      ask('AcceptChanges', { changeIds: 'all' });
    } else if (choice < 18) {
      ask('DeclineChanges', { changeIds: 'all', reason: 'Not right' });
    } else if (choice < 19) {
      ask('UndoIcEdits');
    } else {
      ask('MarkChangesReadyForReview');
    }
  }
  return events;
}

describe('EIF read models: rebuilt from zero equals built in batches', () => {
  let pool: pg.Pool;
  let store: EventStore;
  let total = 0;

  beforeAll(async () => {
    const url = await migratedDatabase('rebuild');
    pool = new pg.Pool({ connectionString: url });
    store = createPostgresEventStore({ pool, connectionString: url });
    for (let c = 0; c < CLIENTS; c += 1) {
      const clientId = `gen-${c}`;
      const history = generateHistory(clientId, 1000 + c);
      // The walk signs (every required answer is given first), so the post-sign paths are built too.
      expect(history.some((event) => event.type === 'EifSigned')).toBe(true);
      total += history.length;
      const appended = toAppend(history, new Date().toISOString());
      for (let i = 0; i < appended.length; i += 400)
        await store.append(eifStream(clientId), appended.slice(i, i + 400), 'any');
    }
  });

  afterAll(async () => {
    await store?.close();
    await pool?.end();
  });

  const snapshot = async () => {
    const clients = await pool.query('select client_id, version, state from rm_clients order by client_id');
    const changes = await pool.query(
      `select change_id, attribute_key, client_id, entity, entity_id, action, value, previous_value, status, created_at, created_by_user
       from rm_change_details order by position_commit, position_prepare, attribute_key`,
    );
    return { clients: clients.rows, changes: changes.rows };
  };

  const rebuild = async (batchSize: number) => {
    for (const projection of [clientViewProjection, changeLogProjection]) {
      await resetConsumer(pool, projection);
      await catchUp({ store, pool, consumer: projection, batchSize });
    }
    return snapshot();
  };

  it('holds thousands of generated events', () => {
    expect(total).toBeGreaterThan(2000);
  });

  it('gives the same read models and net changes whatever the batch sizes', async () => {
    const reference = await rebuild(100_000);
    expect(reference.clients).toHaveLength(CLIENTS);
    const referenceNet = netChangesAcrossClients(reference.changes);
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 700 }), async (batchSize) => {
        const built = await rebuild(batchSize);
        expect(built).toEqual(reference);
        expect(netChangesAcrossClients(built.changes)).toEqual(referenceNet);
      }),
      { numRuns: 4 },
    );
  });

  it('matches a plain fold of each stream', async () => {
    const { clients } = await snapshot();
    for (const row of clients) {
      const events = (await store.readStream(eifStream(row.client_id))).map(
        (e) => ({ type: e.type, data: e.data }) as EifEvent,
      );
      expect(toDocument(fold(events))).toEqual(row.state);
    }
  });
});
