import { backoffMs, type EmailEvent, type EmailKind } from '@onboard/events';
import { codesOf } from '../one-of.ts';

/**
 * An e-mail's life in the outbox, folded from its stream. QUEUED waits for (another) attempt; SENT was
 * accepted by the mail server; DELIVERED, BOUNCED and OPENED are learnt later where known; FAILED is a
 * permanent refusal or the attempts exhausted.
 */
export const EMAIL_STATUS_LABELS = {
  QUEUED: 'Queued',
  HELD: 'Held for the daily digest',
  SENT: 'Sent',
  IN_DIGEST: 'Sent in the daily digest',
  DELIVERED: 'Delivered',
  BOUNCED: 'Bounced',
  FAILED: 'Failed',
  OPENED: 'Opened',
};
export const EMAIL_STATUSES = codesOf(EMAIL_STATUS_LABELS);
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

export type EmailStatusEntry = { status: EmailStatus; eventAt: string; reason: string | null };

export type OutboxEmail = {
  emailId: string;
  kind: EmailKind;
  to: string[];
  cc: string[];
  subject: string;
  body: string;
  html: string | null;
  clientId: string | null;
  userIds: string[];
  resendOf: string | null;
  heldForDigest: boolean;
  /** The digest e-mail it went out in. */
  digestEmailId: string | null;
  status: EmailStatus;
  attempts: number;
  /**
   * The attempt begun (`EmailSendAttempted`) whose outcome is not recorded: its worker is sending, or died
   * after handing the e-mail over and before recording it. Absent in states folded before it existed.
   */
  attemptInFlight?: number | null;
  /** When the next attempt is due; null when none is (sent, failed). While in flight: the end of the grace. */
  retryAt: string | null;
  lastError: string | null;
  rejected: string[];
  messageId: string | null;
  statusHistory: EmailStatusEntry[];
};

/** The attempts before a temporary failure becomes permanent. */
export const MAX_DELIVERY_ATTEMPTS = 6;

/**
 * Backoff after the nth failed attempt, up to 30 s, 2 min, 8 min, 32 min, ... capped at 2 h, and at least
 * half of that: e-mails refused together are not all sent again in the same instant.
 */
export function retryDelayMs(attempt: number, baseMs = 30_000, random: () => number = Math.random): number {
  return backoffMs(attempt - 1, { baseMs, maxMs: 2 * 60 * 60 * 1000, factor: 4 }, random);
}

/** Whether an SMTP answer code is a permanent refusal (5xx); a missing code (network) is temporary. */
export const isPermanentSmtpCode = (code: number | null | undefined) =>
  typeof code === 'number' && code >= 500 && code < 600;

/** An e-mail queued: to send now, or held for the recipient's digest. */
const queuedEmail = (
  data: Extract<EmailEvent, { type: 'EmailQueued' }>['data'],
  at: string,
): OutboxEmail => ({
  ...data,
  digestEmailId: null,
  status: data.heldForDigest ? 'HELD' : 'QUEUED',
  attempts: 0,
  attemptInFlight: null,
  retryAt: data.heldForDigest ? null : at,
  lastError: null,
  rejected: [],
  messageId: null,
  statusHistory: [],
});

/** An e-mail sent before the outbox, known by its one event. */
const sentBeforeOutbox = (data: Extract<EmailEvent, { type: 'EmailSent' }>['data']): OutboxEmail => ({
  emailId: data.emailId,
  kind: 'OTHER',
  to: data.to,
  cc: [],
  subject: data.subject,
  body: data.body,
  html: null,
  clientId: data.clientId,
  userIds: [],
  resendOf: null,
  heldForDigest: false,
  digestEmailId: null,
  status: 'QUEUED',
  attempts: 0,
  retryAt: null,
  lastError: null,
  rejected: [],
  messageId: null,
  statusHistory: [],
});

/** Applies one event to an e-mail (null before its first event). */
export function evolveEmail(
  current: OutboxEmail | null,
  event: EmailEvent,
  eventAt: string,
): OutboxEmail | null {
  let email: OutboxEmail | null = current ? { ...current, statusHistory: [...current.statusHistory] } : null;
  const push = (status: EmailStatus, reason: string | null = null) =>
    email?.statusHistory.push({ status, eventAt, reason });
  /** The e-mail is now in the status given, and its history says so. */
  const becomes = (status: EmailStatus, reason: string | null = null) => {
    if (email) email.status = status;
    push(status, reason);
  };
  switch (event.type) {
    case 'EmailQueued':
      email = queuedEmail(event.data, eventAt);
      push(email.status);
      break;
    case 'EmailIncludedInDigest':
      if (!email) break;
      email.digestEmailId = event.data.digestEmailId;
      becomes('IN_DIGEST');
      break;
    case 'EmailSendAttempted':
      if (!email) break;
      // An attempt left open means its worker died after handing the e-mail over, perhaps after the server
      // took it: this one may repeat it, with the same Message-ID.
      if (email.attemptInFlight)
        push(
          'QUEUED',
          `Attempt ${email.attemptInFlight} was interrupted before its outcome was recorded; sending again with the same Message-ID`,
        );
      email.attempts = event.data.attempt;
      email.attemptInFlight = event.data.attempt;
      email.retryAt = event.data.resendAfter;
      break;
    case 'EmailSent':
      // An e-mail from before the outbox has only this event.
      email ??= sentBeforeOutbox(event.data);
      email.status = 'SENT';
      // An attempt recorded before sending counted itself already.
      if (!email.attemptInFlight) email.attempts += 1;
      email.attemptInFlight = null;
      email.retryAt = null;
      email.messageId = event.data.messageId;
      push('SENT');
      break;
    case 'EmailDeliveryFailed':
      if (!email) break;
      email.attempts = event.data.attempt;
      email.attemptInFlight = null;
      email.lastError = event.data.reason;
      email.rejected = event.data.rejected;
      if (event.data.permanent) {
        email.retryAt = null;
        becomes('FAILED', event.data.reason);
      } else {
        email.retryAt = event.data.retryAt;
        push('QUEUED', `Attempt ${event.data.attempt} failed: ${event.data.reason}`);
      }
      break;
    case 'EmailDelivered':
      if (!email) break;
      becomes('DELIVERED');
      break;
    case 'EmailBounced':
      if (!email) break;
      email.lastError = event.data.reason;
      becomes('BOUNCED', event.data.reason);
      break;
    case 'EmailOpened':
      if (!email) break;
      becomes('OPENED');
      break;
  }
  return email;
}

/** Folds an e-mail's events (oldest first, each with when it happened); null for an empty stream. */
export function foldEmail(events: readonly { event: EmailEvent; occurredAt: string }[]): OutboxEmail | null {
  return events.reduce<OutboxEmail | null>((email, e) => evolveEmail(email, e.event, e.occurredAt), null);
}

/**
 * How long after an attempt begins a worker may send the e-mail again when that attempt's outcome was
 * never recorded (its worker died mid-send): longer than any live send, so a repeat is never sent while
 * the first may still be on its way, and the repeat carries the same Message-ID.
 */
export const DEFAULT_RESEND_GRACE_MS = 15 * 60 * 1000;

/** Whether the delivery worker should attempt the e-mail now (an attempt in flight: once its grace ended). */
export const isDue = (email: OutboxEmail | null, now: Date): email is OutboxEmail =>
  email !== null &&
  email.status === 'QUEUED' &&
  (email.retryAt === null || email.retryAt <= now.toISOString());

/** The Message-ID an e-mail always leaves with, so a receiver can recognise a repeat. */
export const messageIdFor = (emailId: string, domain: string) => `<${emailId}@${domain}>`;
