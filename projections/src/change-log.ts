import { parseEvent, type CheckpointedConsumer } from '@onboard/events';

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

export const changeLogProjection: CheckpointedConsumer = {
  name: 'change-log',
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
  reset: async (tx) => {
    await tx.query('delete from rm_change_details');
  },
  handle: async (events, tx) => {
    for (const recorded of events) {
      const event = parseEvent(recorded);
      switch (event.type) {
        case 'EifEntityCreated':
        case 'EifEntityChanged':
        case 'EifEntityDeleted': {
          const action =
            event.type === 'EifEntityCreated'
              ? 'create'
              : event.type === 'EifEntityChanged'
                ? 'update'
                : 'delete';
          const rows: Row[] =
            event.type === 'EifEntityCreated'
              ? Object.entries(event.data.attributes).map(([attributeKey, value]) => ({
                  attributeKey,
                  value,
                  previousValue: null,
                }))
              : event.type === 'EifEntityChanged'
                ? event.data.changes
                : [{ attributeKey: '', value: null, previousValue: null }];
          const pending = event.data.pending;
          const by = pending?.by ?? { userId: recorded.metadata.actorId, role: recorded.metadata.actorRole };
          await tx.query(
            `insert into rm_change_details (change_id, attribute_key, client_id, entity, entity_id, action, value,
               previous_value, status, created_at, created_by_user, position_commit, position_prepare)
             select $1, r.attribute_key, $2, $3, $4, $5, r.value, r.previous_value, $6, $7, $8, $9, $10
             from jsonb_to_recordset($11::jsonb) as r(attribute_key text, value jsonb, previous_value jsonb)`,
            [
              recorded.id,
              event.data.clientId,
              event.data.entity,
              event.data.entityId,
              action,
              pending ? 'pending' : 'accepted',
              pending?.at ?? recorded.metadata.occurredAt,
              JSON.stringify({ id: by.userId, role: by.role }),
              recorded.position.commit.toString(),
              recorded.position.prepare.toString(),
              JSON.stringify(
                rows.map((r) => ({
                  attribute_key: r.attributeKey,
                  value: r.value ?? null,
                  previous_value: r.previousValue ?? null,
                })),
              ),
            ],
          );
          break;
        }
        case 'EifChangesAccepted':
        case 'EifChangesDeclined':
        case 'EifIcEditsUndone': {
          // Undone edits are withdrawn, which the change record shows as declined.
          const status = event.type === 'EifChangesAccepted' ? 'accepted' : 'declined';
          await tx.query(
            `update rm_change_details set status = $1, decided_at = $2 where change_id = any($3::uuid[]) and status = 'pending'`,
            [status, event.data.at, event.data.changeIds],
          );
          break;
        }
        default:
          break;
      }
    }
  },
};
