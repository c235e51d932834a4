import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import {
  emailDigestRunStream,
  handleCommand,
  startScheduledJob,
  WrongExpectedRevisionError,
  type EventStore,
  type ScheduledJob,
} from '@onboard/events';
import {
  digestRunDecider,
  signingLinkReminderDue,
  type ReminderPolicy,
  EMAIL_TEMPLATES,
  emailText,
  signingLinkPath,
  waitingLink,
  type ESignatureService,
  type EnvelopeState,
} from '@onboard/domain';
import { v5 as uuidv5 } from 'uuid';
import type { EmailSender } from '@onboard/command-api/auth';
import { clientEmails, sendDailyDigests } from '@onboard/command-api/emails';
import { sendTaskReminders, type DatedTask } from '@onboard/workers';
import type { Logger } from '../logger.ts';

const DIGEST_ACTOR = { userId: 'system:email-digest', role: 'SYSTEM' };

export type DailyEmailDeps = {
  store: EventStore;
  pool: pg.Pool;
  emailSender: EmailSender;
  publicUrl: () => string;
  now: () => Date;
  /** From this hour (UTC) each day the reminders and the digests go out. */
  hourUtc: number;
  reminders: ReminderPolicy;
  /** Issues the signing links the signers' reminders carry. */
  eSignature: Pick<ESignatureService, 'issueToken'>;
  /** How long the digest waits for the e-mails just held to reach the outbox's read model. */
  settleMs?: number;
};

/** Every task not finished that has a due date (rm_tasks). */
async function datedTasks(pool: pg.Pool): Promise<DatedTask[]> {
  const { rows } = await pool.query<DatedTask>(
    `select client_id as "clientId", task_id as "taskId", policy_id as "policyId", status,
            to_char(due_date, 'YYYY-MM-DD') as "dueDate"
       from rm_tasks t
      where due_date is not null and status not in ('Done', 'Voided', 'Declined')
        and not exists (select 1 from rm_client_lifecycle l where l.client_id = t.client_id
                          and (l.deleted_at is not null or l.is_archived or l.release_status = 'LIVE'))
      order by client_id, due_date, task_id, policy_id`,
  );
  return rows;
}

const SIGNER_REMINDERS_ACTOR = { userId: 'system:signing-reminders', role: 'SYSTEM' };
// A signer's reminder is named by the link and its expiry: once per link, again once staff extend it.
const SIGNER_REMINDER_NAMESPACE = '5e7b1c94-2d3f-4a61-9b08-c4f2e6a7d315';

/**
 * Reminds each onboarding-form signer without an account (their link came by e-mail) whose turn it is and
 * whose link waits unused, from the working day before it expires: the reminder carries the same link.
 */
async function sendSignerReminders(deps: DailyEmailDeps, now: Date): Promise<number> {
  const { rows } = await deps.pool.query<{ state: EnvelopeState; client_name: string }>(
    `select f.state, c.name as client_name from rm_onboarding_forms f
       join rm_clients c on c.client_id = f.client_id
      where f.status = 'sent' order by f.created_at, f.envelope_id`,
  );
  let sent = 0;
  for (const { state, client_name: clientName } of rows) {
    for (const recipient of state.recipients) {
      if (recipient.userId !== null || !['sent', 'delivered'].includes(recipient.status)) continue;
      const link = waitingLink(state, recipient.recipientId);
      if (!link || !signingLinkReminderDue(link.expiresAt, now)) continue;
      const token = deps.eSignature.issueToken({
        purpose: 'link',
        envelopeId: state.envelopeId,
        clientId: state.clientId,
        recipientId: recipient.recipientId,
        linkId: link.linkId,
        expiresAt: link.expiresAt,
      });
      const url = `${deps.publicUrl().replace(/\/+$/, '')}${signingLinkPath(state.clientId, state.envelopeId, recipient.recipientId, token)}`;
      const content = EMAIL_TEMPLATES.ONBOARDING_FORM_REMINDER!.build({
        firstName: recipient.name.split(/\s+/)[0] ?? recipient.name,
        formName: state.formName,
        clientName,
        link: url,
        expires: new Date(link.expiresAt).toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' }),
      });
      try {
        await deps.emailSender.send({
          emailId: uuidv5(`${link.linkId}/${link.expiresAt}`, SIGNER_REMINDER_NAMESPACE),
          kind: 'ONBOARDING_FORM_REMINDER',
          to: [recipient.email],
          subject: content.subject,
          body: emailText(content),
          content,
          link: url,
          clientId: state.clientId,
          actor: SIGNER_REMINDERS_ACTOR,
        });
        sent += 1;
      } catch (error) {
        // Sent by an earlier run: the e-mail's stream exists.
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
      }
    }
  }
  return sent;
}

/** Waits until no e-mail queued held is missing from the outbox's read model (or `settleMs` passed). */
async function settle(deps: DailyEmailDeps, heldIds: string[]) {
  const until = Date.now() + (deps.settleMs ?? 5_000);
  while (heldIds.length > 0 && Date.now() < until) {
    const { rows } = await deps.pool.query<{ n: number }>(
      'select count(*)::int as n from rm_emails where id = any($1)',
      [heldIds],
    );
    if (rows[0]!.n >= heldIds.length) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * One pass of the day's e-mails, from `hourUtc` on: first the task reminders and escalations owed today
 * and the signers' reminders (each named once, so a pass repeated sends nothing new), then the digests: the first pass to claim the
 * day (an append with no_stream on `email-digest-run-{day}`) sends every held e-mail, reminders included,
 * one digest per person, so nobody gets more than one a day. Returns what it did.
 */
export async function runDailyEmails(
  deps: DailyEmailDeps,
): Promise<{ reminders: number; signers: number; digests: string[] }> {
  const now = deps.now();
  if (now.getUTCHours() < deps.hourUtc) return { reminders: 0, signers: 0, digests: [] };
  const day = now.toISOString().slice(0, 10);
  const emails = clientEmails(deps);
  const held: string[] = [];
  const reminders = await sendTaskReminders({
    tasks: await datedTasks(deps.pool),
    today: day,
    policy: deps.reminders,
    notify: async (notification) => {
      const ids = await emails.notifyClient(notification);
      held.push(...ids);
      return ids;
    },
  });
  const signers = await sendSignerReminders(deps, now);
  await settle(deps, held);
  try {
    await handleCommand(deps.store, digestRunDecider, {
      stream: emailDigestRunStream(day),
      appendAt: 'no_stream',
      newId: randomUUID,
      command: {
        type: 'ClaimDigestRun',
        data: { day },
        metadata: { at: now.toISOString(), by: DIGEST_ACTOR },
      },
      metadata: {
        actorId: DIGEST_ACTOR.userId,
        actorRole: DIGEST_ACTOR.role,
        occurredAt: now.toISOString(),
        correlationId: day,
      },
    });
  } catch (error) {
    if (error instanceof WrongExpectedRevisionError) return { reminders, signers, digests: [] };
    throw error;
  }
  const digests = await sendDailyDigests({ ...deps, newId: randomUUID }, DIGEST_ACTOR);
  return { reminders, signers, digests };
}

/**
 * The day's e-mails as a scheduled job of the workers process, checked every `checkMs`: one process at a
 * time runs it (startScheduledJob, the projections' lock), and a process that was down at that hour sends
 * the day's e-mails when it is back.
 */
export function startDailyEmails(deps: DailyEmailDeps & { logger: Logger; checkMs?: number }): ScheduledJob {
  return startScheduledJob({
    pool: deps.pool,
    name: 'daily-emails',
    intervalMs: deps.checkMs ?? 10 * 60_000,
    run: async () => {
      const { reminders, signers, digests } = await runDailyEmails(deps);
      if (signers > 0) deps.logger.info({ signers }, 'signing reminders handed to the outbox');
      if (reminders > 0) deps.logger.info({ reminders }, 'task reminders handed to the outbox');
      if (digests.length > 0) deps.logger.info({ digests: digests.length }, 'daily digests sent');
    },
    onError: (error) => deps.logger.warn({ err: error }, 'daily e-mails failed'),
  });
}
