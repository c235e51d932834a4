import { EMAIL_EVENT_TYPES, parseEvent, type CheckpointedConsumer, type EmailEvent } from '@onboard/events';
import { evolveEmail, type OutboxEmail } from '@onboard/domain';
import { deleteRows } from './reset.ts';

/**
 * The outbox read model: every e-mail with its status history and when the delivery worker owes it the
 * next attempt (`next_attempt_at`, set only while QUEUED). `to` is the comma-joined recipient list; the
 * folded e-mail is kept in `state` so each event applies to it.
 */
export const emailsProjection: CheckpointedConsumer = {
  name: 'emails',
  filter: { eventTypes: EMAIL_EVENT_TYPES },
  reset: deleteRows('rm_emails'),
  handle: async (events, tx) => {
    const ids = [...new Set(events.map((e) => (e.data as { emailId: string }).emailId))];
    const { rows } = await tx.query<{ id: string; state: OutboxEmail; created_at: Date }>(
      'select id, state, created_at from rm_emails where id = any($1)',
      [ids],
    );
    const emails = new Map(
      rows.map((r) => [
        r.id,
        { email: r.state as OutboxEmail | null, createdAt: r.created_at.toISOString(), updatedAt: '' },
      ]),
    );
    for (const recorded of events) {
      const event = parseEvent(recorded) as EmailEvent;
      const at = recorded.metadata.occurredAt;
      const entry = emails.get(event.data.emailId) ?? { email: null, createdAt: at, updatedAt: at };
      entry.email = evolveEmail(entry.email, event, at);
      entry.updatedAt = at;
      emails.set(event.data.emailId, entry);
    }
    const out = [...emails.values()]
      .filter((e): e is { email: OutboxEmail; createdAt: string; updatedAt: string } => e.email !== null)
      .map(({ email, createdAt, updatedAt }) => ({
        id: email.emailId,
        kind: email.kind,
        to: email.to.join(', '),
        cc: email.cc.join(', '),
        subject: email.subject,
        body: email.body,
        html: email.html,
        client_id: email.clientId,
        user_ids: email.userIds,
        resend_of: email.resendOf,
        status: email.status,
        status_history: email.statusHistory,
        attempts: email.attempts,
        next_attempt_at: email.status === 'QUEUED' ? email.retryAt : null,
        last_error: email.lastError,
        rejected: email.rejected,
        message_id: email.messageId,
        state: email,
        created_at: createdAt,
        updated_at: updatedAt || createdAt,
      }));
    if (out.length === 0) return;
    await tx.query(
      `insert into rm_emails (id, kind, "to", cc, subject, body, html, client_id, user_ids, resend_of, status,
         status_history, attempts, next_attempt_at, last_error, rejected, message_id, state, created_at, updated_at)
       select id, kind, "to", cc, subject, body, html, client_id, user_ids, resend_of, status,
         status_history, attempts, next_attempt_at, last_error, rejected, message_id, state, created_at, updated_at
       from jsonb_to_recordset($1::jsonb) as t(id text, kind text, "to" text, cc text, subject text, body text,
         html text, client_id text, user_ids jsonb, resend_of text, status text, status_history jsonb,
         attempts integer, next_attempt_at timestamptz, last_error text, rejected jsonb, message_id text,
         state jsonb, created_at timestamptz, updated_at timestamptz)
       on conflict (id) do update set status = excluded.status, status_history = excluded.status_history,
         attempts = excluded.attempts, next_attempt_at = excluded.next_attempt_at,
         last_error = excluded.last_error, rejected = excluded.rejected, message_id = excluded.message_id,
         state = excluded.state, updated_at = excluded.updated_at`,
      [JSON.stringify(out)],
    );
  },
};
