import type pg from 'pg';
import {
  CensusRenamed,
  CensusUploaded,
  EIF_EVENT_TYPES,
  censusStream,
  eifStream,
  parseEvent,
  signaturesStream,
  type EifEvent,
  type EventStore,
  type SignatureEvent,
} from '@onboard/events';
import { foldWith, sectionLabel, signedFacts, dueConfirmations, signaturesDecider } from '@onboard/domain';
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
    // Read from the form's and its signatures' streams, which hold the acceptance by the time it is heard.
    signersToConfirm: async (clientId, acceptedAt) => {
      const eifTypes: ReadonlySet<string> = new Set(EIF_EVENT_TYPES);
      const eifEvents = (await deps.store.readStream(eifStream(clientId)))
        .map((r) => parseEvent(r))
        .filter((e) => eifTypes.has(e.type)) as EifEvent[];
      const signatureEvents = (await deps.store.readStream(signaturesStream(clientId))).map(
        (r) => parseEvent(r) as SignatureEvent,
      );
      const due = dueConfirmations(signedFacts(eifEvents), foldWith(signaturesDecider, signatureEvents));
      const asked = due
        .map((d) => ({ ...d, answers: d.answers.filter((a) => a.acceptedAt === acceptedAt) }))
        .filter((d) => d.answers.length > 0);
      const answers = asked.flatMap((d) => d.answers);
      return {
        // Outside signers have no account to e-mail by rule: staff invite them again to confirm.
        userIds: asked.map((d) => d.signature.by.userId).filter((id) => !id.startsWith('outside-signer:')),
        sections: [...new Set(answers.map((a) => sectionLabel(a.section)))],
        answers: new Set(answers.map((a) => a.answerId)).size,
      };
    },
  };
}
