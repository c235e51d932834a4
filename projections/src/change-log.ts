import { PARTITIONS, parseEvent, type CheckpointedConsumer } from '@onboard/events';
import { changedAttributes, type EntityEdit } from '@onboard/domain';
import { deleteRows } from './reset.ts';

/**
 * The EIF change records (onboarding §3 "Change record"): one row per attribute of every entity change.
 * Edits made before signing apply directly and are recorded as accepted; edits after signing are pending
 * until an acceptance or a decline names them (by change id, which is the id of the event that recorded
 * the edit). A creation lists every attribute with a null previous value; a deletion lists none.
 */
type Row = {
  attributeKey: string;
  value: unknown;
  previousValue: unknown;
};

/** One rm_change_details row, as jsonb_to_recordset reads it. */
type InsertRow = {
  change_id: string;
  attribute_key: string;
  client_id: string;
  entity: string;
  entity_id: string;
  action: 'create' | 'update' | 'delete';
  value: unknown;
  previous_value: unknown;
  status: 'pending' | 'accepted';
  created_at: string;
  created_by_user: { id: string; role: string };
  position_commit: string;
  position_prepare: string;
};

type Recorded = Parameters<typeof parseEvent>[0];

/** One change record per attribute an edit sets (a deletion, one without attribute), pending or accepted. */
function editRecords(recorded: Recorded, event: EntityEdit): InsertRow[] {
  const action =
    event.type === 'EifEntityCreated' ? 'create' : event.type === 'EifEntityChanged' ? 'update' : 'delete';
  const rows: Row[] =
    event.type === 'EifEntityDeleted'
      ? [{ attributeKey: '', value: null, previousValue: null }]
      : changedAttributes(event);
  const pending = event.data.pending;
  const by = pending?.by ?? { userId: recorded.metadata.actorId, role: recorded.metadata.actorRole };
  return rows.map((row) => ({
    change_id: recorded.id,
    attribute_key: row.attributeKey,
    client_id: event.data.clientId,
    entity: event.data.entity,
    entity_id: event.data.entityId,
    action,
    value: row.value ?? null,
    previous_value: row.previousValue ?? null,
    status: pending ? 'pending' : 'accepted',
    created_at: pending?.at ?? recorded.metadata.occurredAt,
    created_by_user: { id: by.userId, role: by.role },
    position_commit: recorded.position.commit.toString(),
    position_prepare: recorded.position.prepare.toString(),
  }));
}

export const changeLogProjection: CheckpointedConsumer = {
  name: 'change-log',
  // Rows per client: split by client across the processes.
  partitions: PARTITIONS,
  filter: {
    eventTypes: [
      'EifEntityCreated',
      'EifEntityChanged',
      'EifEntityDeleted',
      'EifChangesAccepted',
      'EifChangesDeclined',
      'EifIcEditsUndone',
    ],
  },
  reset: deleteRows('rm_change_details'),
  handle: async (events, tx) => {
    // The records of consecutive edits are inserted together; a decision first flushes them, since it
    // updates the rows of the edits before it.
    let inserts: InsertRow[] = [];
    const flush = async () => {
      if (inserts.length === 0) return;
      const column = <K extends keyof InsertRow>(name: K) => inserts.map((row) => row[name]);
      // A null value is no value (SQL null), as a JSON null read into a jsonb column would be.
      const json = (name: 'value' | 'previous_value' | 'created_by_user') =>
        inserts.map((row) => (row[name] == null ? null : JSON.stringify(row[name])));
      await tx.query(
        `insert into rm_change_details (change_id, attribute_key, client_id, entity, entity_id, action, value,
           previous_value, status, created_at, created_by_user, position_commit, position_prepare)
         select * from unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::jsonb[],
           $8::jsonb[], $9::text[], $10::timestamptz[], $11::jsonb[], $12::numeric[], $13::numeric[])`,
        [
          column('change_id'),
          column('attribute_key'),
          column('client_id'),
          column('entity'),
          column('entity_id'),
          column('action'),
          json('value'),
          json('previous_value'),
          column('status'),
          column('created_at'),
          json('created_by_user'),
          column('position_commit'),
          column('position_prepare'),
        ],
      );
      inserts = [];
    };
    for (const recorded of events) {
      const event = parseEvent(recorded);
      switch (event.type) {
        case 'EifEntityCreated':
        case 'EifEntityChanged':
        case 'EifEntityDeleted':
          inserts.push(...editRecords(recorded, event));
          break;
        case 'EifChangesAccepted':
        case 'EifChangesDeclined':
        case 'EifIcEditsUndone': {
          await flush();
          // Undone edits are withdrawn, which the change record shows as declined.
          const status = event.type === 'EifChangesAccepted' ? 'accepted' : 'declined';
          await tx.query(
            `update rm_change_details set status = $1, decided_at = $2 where change_id = any($3::uuid[]) and status = 'pending'`,
            [status, event.data.at, event.data.changeIds],
          );
          // A decision by the answer settles those answers of a change alone: each by its key (arrays,
          // so the planner knows how few rows it looks up).
          const answers = ('answers' in event.data ? (event.data.answers ?? []) : []).flatMap((answer) =>
            answer.attributeKeys.map((key) => [answer.changeId, key] as const),
          );
          if (answers.length > 0)
            await tx.query(
              `update rm_change_details d set status = $1, decided_at = $2
                 from unnest($3::uuid[], $4::text[]) as a(change_id, attribute_key)
                where d.change_id = a.change_id and d.attribute_key = a.attribute_key and d.status = 'pending'`,
              [status, event.data.at, answers.map(([id]) => id), answers.map(([, key]) => key)],
            );
          break;
        }
        default:
          break;
      }
    }
    await flush();
  },
};
