import type pg from 'pg';
import { CensusRenamed, CensusUploaded, censusStream, type EventStore } from '@onboard/events';
import type { NotificationNames } from '@onboard/workers';

/**
 * The names the hand-off e-mails use: a census file's, from its own stream (its upload, then its last
 * rename; read there rather than from a read model, which may not have reached it yet), and a person's
 * first and last name from the users read model.
 */
export function notificationNames(deps: { store: EventStore; pool: pg.Pool }): NotificationNames {
  return {
    censusFileName: async (clientId, policyId, documentId) => {
      let name: string | null = null;
      for (const event of await deps.store.readStream(censusStream(clientId, policyId))) {
        if (event.type === 'CensusUploaded') {
          const { data } = CensusUploaded.parse({ type: event.type, data: event.data });
          if (data.documentId === documentId) name = data.fileName;
        } else if (event.type === 'CensusRenamed') {
          const { data } = CensusRenamed.parse({ type: event.type, data: event.data });
          if (data.documentId === documentId) name = data.fileName;
        }
      }
      return name;
    },
    personName: async (userId) => {
      const { rows } = await deps.pool.query<{ name: string }>(
        `select trim(first_name || ' ' || last_name) as name from rm_users where user_id = $1`,
        [userId],
      );
      return rows[0]?.name || null;
    },
  };
}
