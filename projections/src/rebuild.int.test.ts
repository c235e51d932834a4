import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  catchUp,
  eifStream,
  resetConsumer,
  type EifActor,
  type EifEvent,
  type EventStore,
  type NewEvent,
} from '@onboard/events';
import { createPostgresEventStore } from '@onboard/events/postgres';
import {
  decide,
  fold,
  toDocument,
  toEditingView,
  netChanges,
  type EifCommand,
  type EifState,
  type ChangeRecord,
} from '@onboard/domain';
import { editsToComplete } from '@onboard/domain/testing';
import { migratedDatabase } from '@onboard/testing/db';
import { changeLogProjection, clientViewProjection } from './index.ts';

const CLIENTS = 4;
const COMMANDS_PER_CLIENT = 700;

/** A random but legal history per client, made by the decider itself from random commands. */
function generateHistory(clientId: string, seed: number): EifEvent[] {
  const random = fc.sample(fc.integer({ min: 0, max: 1_000_000 }), {
    numRuns: COMMANDS_PER_CLIENT * 4,
    seed,
  });
  let r = 0;
  const pick = (n: number) => random[r++ % random.length]! % n;
  const events: EifEvent[] = [];
  let state: EifState = fold([]);
  // The generator writes each command flat; the decider takes what is asked apart from who asks and when.
  type Flat = { type: EifCommand['type']; clientId: string; at: string; by: EifActor } & Record<
    string,
    unknown
  >;
  const apply = ({ type, at, by, ...data }: Flat) => {
    const decision = decide({ type, data, metadata: { at, by } } as EifCommand, state);
    if (!decision.ok) return;
    events.push(...decision.events);
    state = fold(decision.events, state);
  };
  const base = (i: number) => ({
    clientId,
    at: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
    by: pick(2) === 0 ? { userId: 'ben', role: 'BEN_ADMIN' } : { userId: 'ic', role: 'SLF_ADMIN' },
  });
  apply({
    type: 'CreateEntity',
    ...base(0),
    entity: 'Client',
    entityId: clientId,
    attributes: { name: clientId },
    changeId: randomUUID(),
  });
  // Every required answer first, so the walk can sign and go through the post-sign paths.
  for (let round = 0; round < 8; round += 1) {
    const view = toEditingView(state, 0n);
    const edits = view ? editsToComplete(view) : [];
    if (edits.length === 0) break;
    edits.forEach((edit, n) =>
      apply({
        type: edit.action === 'create' ? 'CreateEntity' : 'ChangeAttributes',
        ...base(0),
        entity: edit.entity,
        entityId: edit.entityId ?? `required-${round}-${n}`,
        attributes: edit.values,
        changeId: randomUUID(),
      }),
    );
  }
  // Locations the walk adds are answered in full, like the required one, so the form stays signable.
  const answeredLocation =
    state.status === 'empty'
      ? {}
      : ([...state.entities.values()].find((e) => e.entity === 'Location')?.attributes ?? {});
  for (let i = 1; i < COMMANDS_PER_CLIENT; i += 1) {
    const loc = `loc-${pick(6)}`;
    const choice = pick(20);
    const b = base(i);
    if (choice < 8) {
      apply({
        type: 'ChangeAttributes',
        ...b,
        entity: 'Client',
        entityId: clientId,
        attributes: {
          [`q${pick(5)}`]: pick(3) === 0 ? null : `v${pick(4)}`,
          taxId: String(100000000 + pick(50)),
        },
        changeId: randomUUID(),
      });
    } else if (choice < 11) {
      apply({
        type: 'CreateEntity',
        ...b,
        entity: 'Location',
        entityId: loc,
        attributes: { ...answeredLocation, city: `c${pick(4)}` },
        changeId: randomUUID(),
      });
    } else if (choice < 13) {
      apply({
        type: 'ChangeAttributes',
        ...b,
        entity: 'Location',
        entityId: loc,
        attributes: { city: `c${pick(4)}` },
        changeId: randomUUID(),
      });
    } else if (choice < 14) {
      apply({ type: 'DeleteEntity', ...b, entity: 'Location', entityId: loc, changeId: randomUUID() });
    } else if (choice < 15) {
      apply({ type: 'SignEif', ...b, signerKind: 'AUTHORIZED_SIGNER', outsideSignerActionId: null });
    } else if (choice < 17) {
      apply({ type: 'AcceptChanges', ...b, changeIds: 'all' });
    } else if (choice < 18) {
      apply({ type: 'DeclineChanges', ...b, changeIds: 'all', reason: 'Not right' });
    } else if (choice < 19) {
      apply({ type: 'UndoIcEdits', ...b });
    } else {
      apply({ type: 'MarkChangesReadyForReview', ...b });
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
      const toAppend: NewEvent[] = history.map((event) => ({
        // A pending edit's change id is its event id, as the command handler makes it.
        id: 'pending' in event.data && event.data.pending ? event.data.pending.changeId : randomUUID(),
        type: event.type,
        data: event.data,
        metadata: {
          actorId: 'gen',
          actorRole: 'SLF_ADMIN',
          occurredAt: new Date().toISOString(),
          correlationId: randomUUID(),
        },
      }));
      for (let i = 0; i < toAppend.length; i += 400)
        await store.append(eifStream(clientId), toAppend.slice(i, i + 400), 'any');
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
    const referenceNet = netOf(reference.changes);
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 700 }), async (batchSize) => {
        const built = await rebuild(batchSize);
        expect(built).toEqual(reference);
        expect(netOf(built.changes)).toEqual(referenceNet);
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

type Row = Record<string, unknown> & {
  change_id: string;
  client_id: string;
  attribute_key: string;
  status: string;
};

function netOf(rows: Row[]) {
  const records = new Map<string, ChangeRecord>();
  for (const row of rows) {
    let record = records.get(row.change_id);
    if (!record) {
      record = {
        id: row.change_id,
        action: row.action as ChangeRecord['action'],
        entity: `${row.client_id}/${String(row.entity)}`,
        entityId: String(row.entity_id),
        createdAt: String(row.created_at),
        createdByUser: row.created_by_user as ChangeRecord['createdByUser'],
        status: row.status as ChangeRecord['status'],
        changeDetails: [],
      };
      records.set(row.change_id, record);
    }
    if (row.action !== 'delete') {
      record.changeDetails.push({
        attributeKey: row.attribute_key,
        value: row.value,
        previousValue: row.previous_value,
        status: row.status as ChangeRecord['status'],
        createdAt: String(row.created_at),
      });
    }
  }
  return netChanges([...records.values()]);
}
