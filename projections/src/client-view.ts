import { PARTITIONS, type CheckpointedConsumer } from '@onboard/events';
import {
  fold,
  fromDocument,
  initialState,
  toDocument,
  type EifState,
  type EifStateDocument,
} from '@onboard/domain';
import { eifEventsByClient } from './eif-batch.ts';
import { deleteRows } from './reset.ts';

/**
 * One row per client holding the EIF state (accepted entities, pending changes, stamps) as a document,
 * folded with the decider's own `evolve`, so GET /api/clients/{clientId} is a single indexed read and
 * the read side can never disagree with the write side on a rule. `version` is the stream revision the
 * row reflects (the If-Match value).
 */
/** A client's form as this runner last wrote it. */
type KeptForm = { state: EifState; version: bigint };

export const clientViewProjection: CheckpointedConsumer = {
  name: 'client-view',
  // Rows per client: split by client across the processes.
  partitions: PARTITIONS,
  // No store-side filter: nearly every event is an EIF event, and one ordered scan of the all-stream is
  // cheaper than merging a range per event type; other events are skipped here.
  reset: deleteRows('rm_clients'),
  handle: async (events, tx, kept) => {
    const byClient = eifEventsByClient(events);
    if (byClient.size === 0) return;
    const clientIds = [...byClient.keys()];
    // The forms this runner wrote last are kept (the fold never changes a state it is given); the others
    // are read. A kept form is written only over the row of its own version.
    type Current = { state: EifState; version: bigint; keptVersion: bigint | null; at: Date };
    const folded = new Map<string, Current>();
    const toRead: string[] = [];
    for (const clientId of clientIds) {
      const known = kept?.get(clientId) as KeptForm | undefined;
      if (known) folded.set(clientId, { ...known, keptVersion: known.version, at: new Date(0) });
      else toRead.push(clientId);
    }
    if (toRead.length > 0) {
      const { rows } = await tx.query<{ client_id: string; version: string; state: EifStateDocument }>(
        'select client_id, version, state from rm_clients where client_id = any($1)',
        [toRead],
      );
      for (const r of rows)
        folded.set(r.client_id, {
          state: fromDocument(r.state),
          version: BigInt(r.version),
          keptVersion: null,
          at: new Date(0),
        });
    }
    // Fold each client's part of the batch in one go (linear in the batch, whatever the form's size).
    for (const [clientId, part] of byClient) {
      const current = folded.get(clientId);
      const last = part[part.length - 1]!.recorded;
      folded.set(clientId, {
        state: fold(
          part.map((p) => p.event),
          current?.state ?? initialState(),
        ),
        version: last.revision,
        keptVersion: current?.keptVersion ?? null,
        at: last.recordedAt,
      });
    }
    const touched = [...folded].flatMap(([clientId, { state, version, keptVersion, at }]) => {
      const doc = toDocument(state);
      if (!doc) return [];
      const name = String(doc.entities[`Client:${clientId}`]?.attributes.name ?? '');
      return [
        {
          client_id: clientId,
          name,
          version: version.toString(),
          kept_version: keptVersion?.toString() ?? null,
          state: doc,
          updated_at: at.toISOString(),
        },
      ];
    });
    // One statement for every client the batch touched.
    await tx.query(
      `insert into rm_clients (client_id, name, version, state, updated_at)
       select t.client_id, t.name, t.version, t.state, t.updated_at
       from jsonb_to_recordset($1::jsonb) as t(client_id text, name text, version bigint, kept_version bigint,
         state jsonb, updated_at timestamptz)
       left join rm_clients c on c.client_id = t.client_id
       where case when t.kept_version is null then true
         else rm_expect(c.version is not distinct from t.kept_version, 'the client view of ' || t.client_id || ' moved on')
       end
       on conflict (client_id) do update set name = excluded.name, version = excluded.version,
         state = excluded.state, updated_at = excluded.updated_at`,
      [JSON.stringify(touched)],
    );
    const written = new Set(touched.map((row) => row.client_id));
    for (const [clientId, { state, version }] of folded)
      kept?.set(clientId, written.has(clientId) ? ({ state, version } satisfies KeptForm) : undefined);
  },
};
