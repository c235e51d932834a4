import { parseEvent, type CheckpointedConsumer, type EmailSent } from '@onboard/events';

/**
 * The embedded mailbox: every e-mail the EmailSender port sent, so tests (and a developer without an
 * SMTP server) can open the activation and reset links. `to` is the comma-joined recipient list.
 */
export const emailsProjection: CheckpointedConsumer = {
  name: 'emails',
  filter: { eventTypes: ['EmailSent'] },
  reset: async (tx) => {
    await tx.query('delete from rm_emails');
  },
  handle: async (events, tx) => {
    const rows = events.map((recorded) => {
      const { data } = parseEvent(recorded) as EmailSent;
      return {
        id: data.emailId,
        to: data.to.join(', '),
        subject: data.subject,
        body: data.body,
        client_id: data.clientId,
        created_at: recorded.metadata.occurredAt,
      };
    });
    await tx.query(
      `insert into rm_emails (id, "to", subject, body, client_id, created_at)
       select id, "to", subject, body, client_id, created_at
       from jsonb_to_recordset($1::jsonb) as t(id text, "to" text, subject text, body text, client_id text, created_at timestamptz)
       on conflict (id) do nothing`,
      [JSON.stringify(rows)],
    );
  },
};
