import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catchUp, eifStream, resetConsumer, type EifEvent, type EventStore } from '@onboard/events';
import { createPostgresEventStore } from '@onboard/events/postgres';
import {
  changeRecordsFromLog,
  effectiveEntities,
  netChanges,
  type ChangeLogRow,
  type EifCommand,
} from '@onboard/domain';
import { migratedDatabase } from '@onboard/testing/db';
import { changeLogProjection } from './change-log.ts';
import { netChangesProjection } from './net-changes.ts';
import { formWalk, toAppend } from './testing/form-walk.ts';

const CLIENTS = 3;
const COMMANDS_PER_CLIENT = 300;

/**
 * A random but legal history per client, made by the decider from random commands: the form is filled
 * and signed, then edited (locations, classes and their plans, client answers) while reviewers accept
 * and decline, one change or all.
 */
function generateHistory(clientId: string, seed: number): EifEvent[] {
  const {
    pick,
    run,
    completeForm,
    events,
    state: current,
  } = formWalk(clientId, seed, COMMANDS_PER_CLIENT * 6);
  const edit = (type: EifCommand['type'], data: Record<string, unknown>) => ({
    type,
    data: { changeId: randomUUID(), ...data },
  });
  run(0, edit('CreateEntity', { entity: 'Client', entityId: clientId, attributes: { name: clientId } }));
  run(
    1,
    edit('ChangeAttributes', { entity: 'Client', entityId: clientId, attributes: { taxId: '123456789' } }),
  );
  // Every required answer first (signing needs them), then the signature, so the walk is post-sign.
  completeForm(1);
  for (let i = 2; i < COMMANDS_PER_CLIENT; i += 1) {
    const st = current();
    const existing =
      st.status === 'empty' ? [] : [...effectiveEntities(st).values()].filter((e) => e.entity !== 'Client');
    const target = existing.length > 0 ? existing[pick(existing.length)] : undefined;
    const classes = existing.filter((e) => e.entity === 'EmployeeClass');
    const choice = pick(20);
    const value = pick(4) === 0 ? null : `v${pick(3)}`;
    if (i === 2)
      run(i, { type: 'SignEif', data: { signerKind: 'AUTHORIZED_SIGNER', outsideSignerActionId: null } });
    else if (choice < 4)
      run(
        i,
        edit('ChangeAttributes', {
          entity: 'Client',
          entityId: clientId,
          attributes: { [`q${pick(3)}`]: value },
        }),
      );
    else if (choice < 6)
      run(
        i,
        edit('CreateEntity', { entity: 'Location', entityId: randomUUID(), attributes: { city: value } }),
      );
    else if (choice < 8)
      run(
        i,
        edit('CreateEntity', {
          entity: 'EmployeeClass',
          entityId: randomUUID(),
          attributes: { name: value },
        }),
      );
    else if (choice < 9 && classes.length > 0)
      run(
        i,
        edit('CreateEntity', {
          entity: 'EmployeeClassPlan',
          entityId: randomUUID(),
          attributes: { employeeClassId: classes[pick(classes.length)]!.entityId, name: value },
        }),
      );
    else if (choice < 12 && target)
      run(
        i,
        edit('ChangeAttributes', {
          entity: target.entity,
          entityId: target.entityId,
          // Often two answers at once, which a decision by the answer splits.
          attributes: pick(2) === 0 ? { name: value } : { name: value, code: `c${pick(3)}` },
        }),
      );
    else if (choice < 13 && target)
      run(i, edit('DeleteEntity', { entity: target.entity, entityId: target.entityId }));
    else if (st.status === 'signed' && st.pending.length > 0 && choice < 19) {
      const one = st.pending[pick(st.pending.length)]!;
      const keys = Object.keys(one.attributes);
      // A third of the decisions are by the answer: one answer of the chosen change's entity.
      const choose =
        pick(3) === 0 && keys.length > 0
          ? {
              changeIds: [],
              answers: [
                { entity: one.entity, entityId: one.entityId, attributeKey: keys[pick(keys.length)]! },
              ],
            }
          : { changeIds: pick(3) === 0 ? ('all' as const) : [one.changeId] };
      if (choice < 16) run(i, { type: 'AcceptChanges', data: choose });
      else run(i, { type: 'DeclineChanges', data: { ...choose, reason: 'Not right' } });
    } else run(i, { type: 'UndoIcEdits', data: {} });
  }
  return events;
}

describe('the net-changes read model', () => {
  let pool: pg.Pool;
  let store: EventStore;
  let incremental: Awaited<ReturnType<typeof snapshot>> | null = null;
  let total = 0;

  const snapshot = async () => ({
    rows: (
      await pool.query(
        `select client_id, entity, entity_id, attribute_key, first_position_commit, first_position_prepare, action,
                entity_status, status, value, previous_value, pending_change_ids, changed_at, changed_by
           from rm_net_changes order by client_id, entity, entity_id, attribute_key`,
      )
    ).rows,
    versions: (await pool.query('select client_id, version from rm_net_change_versions order by client_id'))
      .rows,
  });

  /** The rows of one client grouped per entity, in the order the query API reads them. */
  const served = async (clientId: string) => {
    const { rows } = await pool.query<{
      entity: string;
      entity_id: string;
      attribute_key: string;
      action: string;
      entity_status: string;
      status: string;
      value: unknown;
      previous_value: unknown;
      pending_change_ids: string[];
      authors: unknown[];
      answer_changed_at: Date;
    }>(
      `select entity, entity_id, attribute_key, action, entity_status, status, value, previous_value, pending_change_ids,
              authors, answer_changed_at
         from rm_net_changes where client_id = $1
        order by first_position_commit, first_position_prepare, entity, entity_id, attribute_key`,
      [clientId],
    );
    const nets = new Map<string, Record<string, unknown> & { details: unknown[] }>();
    for (const row of rows) {
      const key = `${row.entity}:${row.entity_id}`;
      let net = nets.get(key);
      if (!net) {
        net = {
          entity: row.entity,
          entityId: row.entity_id,
          action: row.action,
          status: row.entity_status,
          details: [],
          pendingChangeIds: row.pending_change_ids,
        };
        nets.set(key, net);
      }
      if (row.attribute_key !== '')
        net.details.push({
          attributeKey: row.attribute_key,
          value: row.value,
          previousValue: row.previous_value,
          status: row.status,
          authors: row.authors,
          changedAt: row.answer_changed_at.toISOString(),
        });
    }
    return [...nets.values()];
  };

  beforeAll(async () => {
    const url = await migratedDatabase('net_changes');
    pool = new pg.Pool({ connectionString: url });
    store = createPostgresEventStore({ pool, connectionString: url });
    const histories = Array.from({ length: CLIENTS }, (_, c) => ({
      clientId: `net-${c}`,
      // Before every command's time, so a record made before signing is older than the signature, as it is
      // when one clock stamps both.
      events: toAppend(generateHistory(`net-${c}`, 500 + c), '2025-12-31T00:00:00.000Z'),
    }));
    // Built incrementally: the clients' events arrive interleaved, a few at a time, and the projection
    // catches up after each arrival, in batches of a few events.
    for (let from = 0; histories.some((h) => from < h.events.length); from += 25) {
      for (const { clientId, events } of histories) {
        const chunk = events.slice(from, from + 25);
        total += chunk.length;
        if (chunk.length > 0) await store.append(eifStream(clientId), chunk, 'any');
      }
      await catchUp({ store, pool, consumer: netChangesProjection, batchSize: 7 });
    }
    incremental = await snapshot();
    await catchUp({ store, pool, consumer: changeLogProjection, batchSize: 10_000 });
  });

  afterAll(async () => {
    await store?.close();
    await pool?.end();
  });

  it('is built from a history with decisions', async () => {
    expect(total).toBeGreaterThan(500);
    const statuses = new Set(incremental!.rows.map((row) => (row as { status: string }).status));
    // Every client's version is its stream's last revision.
    for (const { client_id: clientId, version } of incremental!.versions as {
      client_id: string;
      version: string;
    }[])
      expect(BigInt(version)).toBe(BigInt((await store.readStream(eifStream(clientId))).length - 1));
    expect([...statuses].sort()).toEqual(['accepted', 'declined', 'pending']);
  });

  it('rebuilt from zero equals the one built incrementally', async () => {
    await resetConsumer(pool, netChangesProjection);
    expect(await snapshot()).toEqual({ rows: [], versions: [] });
    await catchUp({ store, pool, consumer: netChangesProjection, batchSize: 100_000 });
    expect(await snapshot()).toEqual(incremental);
  });

  it('holds what the domain’s netChanges makes of the change records since signing', async () => {
    for (let c = 0; c < CLIENTS; c += 1) {
      const clientId = `net-${c}`;
      const signed = (await store.readStream(eifStream(clientId))).find((e) => e.type === 'EifSigned');
      expect(signed).toBeDefined();
      const signedAt = (signed!.data as { at: string }).at;
      // The change records as GET .../change-log/deif-changes serves them, since the signature: what the
      // browser used to fold itself.
      const { rows } = await pool.query<ChangeLogRow>(
        `select change_id, action, entity, entity_id, attribute_key, value, previous_value, status, created_at,
                created_by_user
           from rm_change_details where client_id = $1 and created_at > $2
          order by position_commit, position_prepare, attribute_key`,
        [clientId, signedAt],
      );
      const records = changeRecordsFromLog(rows);
      // A change decided answer by answer is pending while any answer is, else accepted if any was.
      for (const record of records) {
        if (record.action === 'delete') continue;
        const statuses = record.changeDetails.map((d) => d.status);
        record.status = statuses.includes('pending')
          ? 'pending'
          : statuses.includes('accepted')
            ? 'accepted'
            : 'declined';
      }
      const expected = netChanges(records).map((net) => ({
        ...net,
        pendingChangeIds: [...records.values()]
          .filter((r) => r.entity === net.entity && r.entityId === net.entityId && r.status === 'pending')
          .map((r) => r.id),
      }));
      expect(expected.length).toBeGreaterThan(0);
      expect(await served(clientId)).toEqual(expected);
    }
  });
});
