import type pg from 'pg';
import { parseEvent, type CheckpointedConsumer, type EifEvent } from '../../events/src/index.ts';
import { evolve, type EifState } from '../../domain/src/index.ts';

/**
 * One row per client with the EIF's current state as a document, so GET /api/clients/{clientId} is a
 * single indexed read. `version` is the EIF stream revision the row reflects (the If-Match value).
 */
export async function migrateClientView(pool: pg.Pool) {
  await pool.query(`
    create table if not exists rm_clients (
      client_id text primary key,
      name text not null default '',
      version bigint not null,
      entities jsonb not null,
      updated_at timestamptz not null
    )`);
}

type EntityDoc = { entity: string; entityId: string; attributes: Record<string, unknown> };

function toState(clientId: string, entities: Record<string, EntityDoc> | undefined): EifState {
  if (!entities) return { status: 'empty' };
  return { status: 'open', clientId, entities: new Map(Object.entries(entities)) as never };
}

export const clientViewProjection: CheckpointedConsumer = {
  name: 'client-view',
  filter: { eventTypes: ['EifEntityCreated', 'EifEntityChanged', 'EifEntityDeleted'] },
  reset: async (tx) => {
    await tx.query('delete from rm_clients');
  },
  handle: async (events, tx) => {
    // Fold the batch per client in memory, then write each touched client once.
    const touched = new Map<string, { state: EifState; version: bigint; at: Date }>();
    for (const recorded of events) {
      const event = parseEvent(recorded) as EifEvent & { recorded: typeof recorded };
      const clientId = event.data.clientId;
      let current = touched.get(clientId);
      if (!current) {
        const { rows } = await tx.query<{ entities: Record<string, EntityDoc> }>(
          'select entities from rm_clients where client_id = $1',
          [clientId],
        );
        current = { state: toState(clientId, rows[0]?.entities), version: -1n, at: recorded.recordedAt };
        touched.set(clientId, current);
      }
      current.state = evolve(current.state, event);
      current.version = recorded.revision;
      current.at = recorded.recordedAt;
    }
    for (const [clientId, { state, version, at }] of touched) {
      if (state.status !== 'open') continue;
      const entities = Object.fromEntries(state.entities);
      const name = String(state.entities.get(`Client:${clientId}`)?.attributes.name ?? '');
      await tx.query(
        `insert into rm_clients (client_id, name, version, entities, updated_at) values ($1, $2, $3, $4, $5)
         on conflict (client_id) do update set name = $2, version = $3, entities = $4, updated_at = $5`,
        [clientId, name, version.toString(), JSON.stringify(entities), at],
      );
    }
  },
};
