import type pg from 'pg';
import { parseEvent, type CheckpointedConsumer } from '../../events/src/index.ts';

/**
 * The EIF change records (onboarding §3 "Change record"): one row per attribute change. Edits made
 * before signing apply directly and are recorded as accepted.
 */
export async function migrateChangeLog(pool: pg.Pool) {
  await pool.query(`
    create table if not exists rm_change_details (
      event_id uuid not null,
      attribute_key text not null,
      client_id text not null,
      entity text not null,
      entity_id text not null,
      value jsonb,
      previous_value jsonb,
      status text not null,
      created_at timestamptz not null,
      created_by_user jsonb not null,
      position_commit numeric(20) not null,
      position_prepare numeric(20) not null,
      primary key (event_id, attribute_key)
    );
    create index if not exists rm_change_details_client on rm_change_details (client_id, position_commit, position_prepare);`);
}

export const changeLogProjection: CheckpointedConsumer = {
  name: 'change-log',
  filter: { eventTypes: ['EifEntityChanged'] },
  reset: async (tx) => {
    await tx.query('delete from rm_change_details');
  },
  handle: async (events, tx) => {
    for (const recorded of events) {
      const event = parseEvent(recorded);
      if (event.type !== 'EifEntityChanged') continue;
      const { actorId, actorRole, occurredAt } = recorded.metadata;
      for (const change of event.data.changes) {
        await tx.query(
          `insert into rm_change_details (event_id, attribute_key, client_id, entity, entity_id, value,
             previous_value, status, created_at, created_by_user, position_commit, position_prepare)
           values ($1, $2, $3, $4, $5, $6, $7, 'accepted', $8, $9, $10, $11)`,
          [
            recorded.id,
            change.attributeKey,
            event.data.clientId,
            event.data.entity,
            event.data.entityId,
            JSON.stringify(change.value ?? null),
            JSON.stringify(change.previousValue ?? null),
            occurredAt,
            JSON.stringify({ id: actorId, role: actorRole }),
            recorded.position.commit.toString(),
            recorded.position.prepare.toString(),
          ],
        );
      }
    }
  },
};
