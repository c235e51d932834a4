import type { CheckpointedConsumer } from '@onboard/events';
import { ACCESS_LOG_EVENT_TYPES, accessLogEntry } from '@onboard/domain';
import { deleteRows } from './reset.ts';

/**
 * The access log of personal data: one row per look at a client's unmasked personal data (a reveal, an
 * unmasked download, an erasure), as the domain's access-log mapping words it.
 */
export const personalDataAccessProjection: CheckpointedConsumer = {
  name: 'personal-data-access',
  filter: { eventTypes: ACCESS_LOG_EVENT_TYPES },
  reset: deleteRows('rm_personal_data_access'),
  handle: async (events, tx) => {
    for (const recorded of events) {
      const entry = accessLogEntry({ type: recorded.type, data: recorded.data });
      if (!entry) continue;
      await tx.query(
        `insert into rm_personal_data_access (event_id, kind, client_id, at, user_id, role, what, reason)
         values ($1, $2, $3, $4, $5, $6, $7, $8)
         on conflict (event_id) do nothing`,
        [
          recorded.id,
          entry.kind,
          entry.clientId,
          entry.at,
          entry.by.userId,
          entry.by.role,
          entry.what,
          entry.reason,
        ],
      );
    }
  },
};
