import { EIF_EVENT_TYPES, parseEvent, type CheckpointedConsumer, type EifEvent } from '@onboard/events';
import {
  fold,
  fromDocument,
  initialState,
  toDocument,
  type EifState,
  type EifStateDocument,
} from '@onboard/domain';

/**
 * One row per client holding the EIF state (accepted entities, pending changes, stamps) as a document,
 * folded with the decider's own `evolve`, so GET /api/clients/{clientId} is a single indexed read and
 * the read side can never disagree with the write side on a rule. `version` is the stream revision the
 * row reflects (the If-Match value).
 */
const EIF_TYPES = new Set<string>(EIF_EVENT_TYPES);

export const clientViewProjection: CheckpointedConsumer = {
  name: 'client-view',
  // No store-side filter: nearly every event is an EIF event, and one ordered scan of the all-stream is
  // cheaper than merging a range per event type; other events are skipped here.
  reset: async (tx) => {
    await tx.query('delete from rm_clients');
  },
  handle: async (events, tx) => {
    const parsed = events
      .filter((recorded) => EIF_TYPES.has(recorded.type))
      .map((recorded) => ({ recorded, event: parseEvent(recorded) as EifEvent }));
    if (parsed.length === 0) return;
    const clientIds = [...new Set(parsed.map((p) => p.event.data.clientId))];
    const { rows } = await tx.query<{ client_id: string; version: string; state: EifStateDocument }>(
      'select client_id, version, state from rm_clients where client_id = any($1)',
      [clientIds],
    );
    const folded = new Map<string, { state: EifState; version: bigint; at: Date }>(
      rows.map((r) => [
        r.client_id,
        { state: fromDocument(r.state), version: BigInt(r.version), at: new Date(0) },
      ]),
    );
    // Fold each client's part of the batch in one go (linear in the batch, whatever the form's size).
    const byClient = new Map<string, typeof parsed>();
    for (const p of parsed) {
      const list = byClient.get(p.event.data.clientId);
      if (list) list.push(p);
      else byClient.set(p.event.data.clientId, [p]);
    }
    for (const [clientId, part] of byClient) {
      const current = folded.get(clientId);
      const last = part[part.length - 1]!.recorded;
      folded.set(clientId, {
        state: fold(
          part.map((p) => p.event),
          current?.state ?? initialState(),
        ),
        version: last.revision,
        at: last.recordedAt,
      });
    }
    const touched = [...folded].flatMap(([clientId, { state, version, at }]) => {
      const doc = toDocument(state);
      if (!doc) return [];
      const name = String(doc.entities[`Client:${clientId}`]?.attributes.name ?? '');
      return [
        { client_id: clientId, name, version: version.toString(), state: doc, updated_at: at.toISOString() },
      ];
    });
    // One statement for every client the batch touched.
    await tx.query(
      `insert into rm_clients (client_id, name, version, state, updated_at)
       select client_id, name, version, state, updated_at
       from jsonb_to_recordset($1::jsonb) as t(client_id text, name text, version bigint, state jsonb, updated_at timestamptz)
       on conflict (client_id) do update set name = excluded.name, version = excluded.version,
         state = excluded.state, updated_at = excluded.updated_at`,
      [JSON.stringify(touched)],
    );
  },
};
