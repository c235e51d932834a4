import { PARTITIONS, EIF_EVENT_TYPES, type CheckpointedConsumer, type EifEvent } from '@onboard/events';
import { fold, stateOfSnapshot, toDocument, type EifStateDocument } from '@onboard/domain';
import { eifEventsByClient } from './eif-batch.ts';
import { deleteRows } from './reset.ts';

/**
 * The EIF history (staff's replay): one row per EIF event with the entry it belongs to, and the folded
 * form every HISTORY_SNAPSHOT_EVERY revisions. An entry is one save: the consecutive events of a client's
 * stream that share a correlation id (a save of several answers, a class with its plans) read as one line.
 * "As of" starts from the snapshot at or below the revision asked and folds at most
 * HISTORY_SNAPSHOT_EVERY - 1 events, so it answers in the same time on a stream of any length.
 */
export const HISTORY_SNAPSHOT_EVERY = 100;

type Row = {
  client_id: string;
  revision: string;
  correlation_id: string | null;
  at: string;
  actor_id: string;
  actor_role: string;
  type: string;
  event: { type: string; data: unknown };
};

export const eifHistoryProjection: CheckpointedConsumer = {
  name: 'eif-history',
  // Rows per client: split by client across the processes.
  partitions: PARTITIONS,
  filter: { eventTypes: [...EIF_EVENT_TYPES] },
  reset: deleteRows('rm_eif_history', 'rm_eif_history_snapshots'),
  handle: async (events, tx) => {
    const byClient = eifEventsByClient(events);
    if (byClient.size === 0) return;
    const rowsOf = new Map<string, Row[]>();
    for (const [clientId, part] of byClient)
      rowsOf.set(
        clientId,
        part.map(({ event, recorded }) => ({
          client_id: clientId,
          revision: recorded.revision.toString(),
          correlation_id: recorded.metadata.correlationId ?? null,
          at: recorded.metadata.occurredAt,
          actor_id: recorded.metadata.actorId,
          actor_role: recorded.metadata.actorRole,
          type: event.type,
          event: { type: event.type, data: event.data },
        })),
      );
    // The entry is worked out by the insert, from each client's last row and the rows before it in the
    // batch: an event starts an entry unless it follows, at the previous revision, an event of the same
    // correlation id. So the write needs no read first, and is sent with the batch's other writes.
    await tx.query(
      `insert into rm_eif_history (client_id, revision, entry, correlation_id, at, actor_id, actor_role, type, event)
       with batch as (
         select * from jsonb_to_recordset($1::jsonb) as t(client_id text, revision bigint, correlation_id text,
           at timestamptz, actor_id text, actor_role text, type text, event jsonb)
       ), last as (
         select c.client_id, l.revision, l.entry, l.correlation_id
           from (select distinct client_id from batch) c
           cross join lateral (select revision, entry, correlation_id from rm_eif_history h
                                where h.client_id = c.client_id order by revision desc limit 1) l
       ), chain as (
         select client_id, revision, correlation_id, entry as known_entry, false as is_new,
           null::timestamptz as at, null as actor_id, null as actor_role, null as type, null::jsonb as event
           from last
         union all
         select b.client_id, b.revision, b.correlation_id, null, true, b.at, b.actor_id, b.actor_role, b.type,
           b.event
           from batch b left join last l on l.client_id = b.client_id
          where l.revision is null or b.revision > l.revision
       ), starts as (
         select *, case
             when not is_new then known_entry
             when lag(correlation_id) over w = correlation_id and lag(revision) over w = revision - 1 then null
             else revision
           end as start
           from chain window w as (partition by client_id order by revision)
       )
       select client_id, revision, entry, correlation_id, at, actor_id, actor_role, type, event
         from (select *, max(start) over (partition by client_id order by revision) as entry from starts) e
        where is_new
       on conflict do nothing`,
      [JSON.stringify([...rowsOf.values()].flat())],
    );
    for (const [clientId, rows] of rowsOf) await takeSnapshots(tx, clientId, rows);
  },
};

const every = BigInt(HISTORY_SNAPSHOT_EVERY);
/** A snapshot is taken after each revision r with (r + 1) a multiple of HISTORY_SNAPSHOT_EVERY. */
const isSnapshotRevision = (revision: bigint) => (revision + 1n) % every === 0n;

type Tx = Parameters<NonNullable<CheckpointedConsumer['handle']>>[1];

async function takeSnapshots(tx: Tx, clientId: string, rows: readonly Row[]) {
  const first = BigInt(rows[0]!.revision);
  const last = BigInt(rows[rows.length - 1]!.revision);
  if (!rows.some((row) => isSnapshotRevision(BigInt(row.revision)))) return;
  // The form just before this batch: the latest snapshot, then the rows after it.
  const { rows: snaps } = await tx.query<{ revision: string; state: EifStateDocument }>(
    `select revision, state from rm_eif_history_snapshots where client_id = $1 and revision < $2
      order by revision desc limit 1`,
    [clientId, first.toString()],
  );
  let state = stateOfSnapshot(snaps[0]?.state);
  const from = snaps[0] ? BigInt(snaps[0].revision) + 1n : 0n;
  const { rows: between } = await tx.query<{ revision: string; event: EifEvent }>(
    `select revision, event from rm_eif_history where client_id = $1 and revision >= $2 and revision <= $3
      order by revision`,
    [clientId, from.toString(), last.toString()],
  );
  const snapshots: { revision: string; state: EifStateDocument }[] = [];
  for (const row of between) {
    state = fold([row.event], state);
    const revision = BigInt(row.revision);
    if (revision >= first && isSnapshotRevision(revision)) {
      const doc = toDocument(state);
      if (doc) snapshots.push({ revision: row.revision, state: doc });
    }
  }
  if (snapshots.length === 0) return;
  await tx.query(
    `insert into rm_eif_history_snapshots (client_id, revision, state)
     select $1, revision, state from jsonb_to_recordset($2::jsonb) as t(revision bigint, state jsonb)
     on conflict (client_id, revision) do update set state = excluded.state`,
    [clientId, JSON.stringify(snapshots)],
  );
}
