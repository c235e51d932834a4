import type pg from 'pg';
import { parseEvent, type CheckpointedConsumer, type EifEvent } from '../../events/src/index.ts';
import { entityKey } from '../../domain/src/index.ts';

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
type ClientDoc = { name: string; version: bigint; at: Date; entities: Record<string, EntityDoc> };

/**
 * Applies one EIF event to a client document the projection owns. It mutates in place (the batch's
 * documents are private to this transaction): copying the document per event made catch-up slow.
 * The same transitions as the decider's `evolve`, which the rebuild-equals-fold test holds it to.
 */
function apply(doc: ClientDoc, event: EifEvent) {
  switch (event.type) {
    case 'EifEntityCreated': {
      const { entity, entityId, attributes } = event.data;
      doc.entities[entityKey(entity, entityId)] = { entity, entityId, attributes: { ...attributes } };
      break;
    }
    case 'EifEntityChanged': {
      const current = doc.entities[entityKey(event.data.entity, event.data.entityId)];
      if (current)
        for (const change of event.data.changes) current.attributes[change.attributeKey] = change.value;
      break;
    }
    case 'EifEntityDeleted':
      delete doc.entities[entityKey(event.data.entity, event.data.entityId)];
      break;
    default: {
      const unknown: never = event;
      throw new Error(`Unknown event ${JSON.stringify(unknown)}`);
    }
  }
}

export const clientViewProjection: CheckpointedConsumer = {
  name: 'client-view',
  filter: { eventTypes: ['EifEntityCreated', 'EifEntityChanged', 'EifEntityDeleted'] },
  reset: async (tx) => {
    await tx.query('delete from rm_clients');
  },
  handle: async (events, tx) => {
    const parsed = events.map((recorded) => ({ recorded, event: parseEvent(recorded) as EifEvent }));
    const clientIds = [...new Set(parsed.map((p) => p.event.data.clientId))];
    const { rows } = await tx.query<{
      client_id: string;
      name: string;
      version: string;
      entities: Record<string, EntityDoc>;
    }>('select client_id, name, version, entities from rm_clients where client_id = any($1)', [clientIds]);
    const docs = new Map<string, ClientDoc>(
      rows.map((r) => [
        r.client_id,
        { name: r.name, version: BigInt(r.version), at: new Date(0), entities: r.entities },
      ]),
    );
    for (const { recorded, event } of parsed) {
      const clientId = event.data.clientId;
      let doc = docs.get(clientId);
      if (!doc) {
        doc = { name: '', version: -1n, at: recorded.recordedAt, entities: {} };
        docs.set(clientId, doc);
      }
      apply(doc, event);
      doc.version = recorded.revision;
      doc.at = recorded.recordedAt;
    }
    const touched = [...docs].map(([clientId, doc]) => ({
      client_id: clientId,
      name: String(doc.entities[entityKey('Client', clientId)]?.attributes.name ?? ''),
      version: doc.version.toString(),
      entities: doc.entities,
      updated_at: doc.at.toISOString(),
    }));
    // One statement for every client the batch touched.
    await tx.query(
      `insert into rm_clients (client_id, name, version, entities, updated_at)
       select client_id, name, version, entities, updated_at
       from jsonb_to_recordset($1::jsonb) as t(client_id text, name text, version bigint, entities jsonb, updated_at timestamptz)
       on conflict (client_id) do update set name = excluded.name, version = excluded.version,
         entities = excluded.entities, updated_at = excluded.updated_at`,
      [JSON.stringify(touched)],
    );
  },
};
