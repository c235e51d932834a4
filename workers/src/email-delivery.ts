import { v5 as uuidv5 } from 'uuid';
import {
  EmailEvent,
  emailStream,
  WrongExpectedRevisionError,
  type EventStore,
  type NewEvent,
  type RecordedEvent,
} from '@onboard/events';
import {
  foldEmail,
  isDue,
  isPermanentSmtpCode,
  MAX_DELIVERY_ATTEMPTS,
  messageIdFor,
  retryDelayMs,
  type OutboxEmail,
} from '@onboard/domain/emails/outbox';
import { interruptedAttemptsExhausted, recordSendAttempt } from './email-attempt.ts';

/** One e-mail as the transport sends it. */
export type TransportMessage = {
  messageId: string;
  from: string;
  to: string[];
  cc: string[];
  subject: string;
  text: string;
  html: string | null;
};

/** The mail server's refusal: `code` is the SMTP reply code when the server answered (none for a network error). */
export class TransportError extends Error {
  constructor(
    message: string,
    readonly code: number | null,
    readonly rejected: string[] = [],
  ) {
    super(message);
  }
}

/** The e-mail port's delivery side: SMTP (platform/src/email/smtp.ts) in production. */
export type EmailTransport = { send: (message: TransportMessage) => Promise<{ response: string }> };

export type EmailDeliveryDeps = {
  store: EventStore;
  transport: EmailTransport;
  now: () => Date;
  from: string;
  /** The right-hand side of every Message-ID. */
  messageIdDomain: string;
  /** E-mails due for an attempt, oldest first (the outbox read model; the stream decides). */
  findDue: (now: Date, limit: number) => Promise<string[]>;
  baseDelayMs?: number;
  /** How long after an interrupted attempt began the e-mail may be sent again (default 15 min). */
  resendGraceMs?: number;
  maxAttempts?: number;
  batchSize?: number;
};

export const EMAIL_DELIVERY_ACTOR = { actorId: 'system:email-delivery', actorRole: 'SYSTEM' } as const;
const OUTCOME_NAMESPACE = '6b7f9a3c-2c1e-4e8a-9d55-0e4f3a1b7c21';

function fold(events: readonly RecordedEvent[]): OutboxEmail | null {
  return foldEmail(
    events.map((recorded) => ({
      event: EmailEvent.parse({ type: recorded.type, data: recorded.data }),
      occurredAt: recorded.metadata.occurredAt,
    })),
  );
}

/**
 * Attempts one e-mail, if its stream says it is due. The attempt is recorded before sending
 * (email-attempt.ts) and the outcome after, each at the revision expected, with ids derived from the
 * e-mail and the attempt, so two workers cannot both send or record one attempt. Delivery is at least
 * once: a worker killed between the server's acceptance and the outcome leaves the attempt open, and the
 * e-mail is sent again after the grace with the same Message-ID. Returns whether the e-mail was sent.
 */
export async function deliverOne(deps: EmailDeliveryDeps, emailId: string): Promise<boolean> {
  const stream = emailStream(emailId);
  const events = await deps.store.readStream(stream);
  const email = fold(events);
  const now = deps.now();
  if (!isDue(email, now)) return false;
  const attempt = email.attempts + 1;
  const messageId = messageIdFor(email.emailId, deps.messageIdDomain);
  let outcome: NewEvent;
  const metadata = (at: Date) => ({
    ...EMAIL_DELIVERY_ACTOR,
    occurredAt: at.toISOString(),
    correlationId: emailId,
  });
  let revision = BigInt(events.length - 1);
  const exhausted = interruptedAttemptsExhausted(
    email,
    deps.maxAttempts ?? MAX_DELIVERY_ATTEMPTS,
    uuidv5(`${emailId}:${email.attempts}`, OUTCOME_NAMESPACE),
    metadata(now),
  );
  if (exhausted) return record(deps.store, stream, exhausted, revision);
  const attemptRecorded = await recordSendAttempt(deps.store, email, revision, {
    number: attempt,
    messageId,
    at: now,
    graceMs: deps.resendGraceMs,
    metadata: metadata(now),
  });
  if (!attemptRecorded) return false;
  revision += 1n;
  try {
    const { response } = await deps.transport.send({
      messageId,
      from: deps.from,
      to: email.to,
      cc: email.cc,
      subject: email.subject,
      text: email.body,
      html: email.html,
    });
    outcome = {
      id: uuidv5(`${emailId}:${attempt}`, OUTCOME_NAMESPACE),
      type: 'EmailSent',
      data: {
        emailId,
        to: email.to,
        subject: email.subject,
        body: email.body,
        clientId: email.clientId,
        messageId,
        response,
      },
      metadata: metadata(deps.now()),
    };
  } catch (error) {
    const code = error instanceof TransportError ? error.code : null;
    const reason = error instanceof Error ? error.message : String(error);
    const permanent = isPermanentSmtpCode(code) || attempt >= (deps.maxAttempts ?? MAX_DELIVERY_ATTEMPTS);
    const at = deps.now();
    outcome = {
      id: uuidv5(`${emailId}:${attempt}`, OUTCOME_NAMESPACE),
      type: 'EmailDeliveryFailed',
      data: {
        emailId,
        attempt,
        reason,
        permanent,
        retryAt: permanent
          ? null
          : new Date(at.getTime() + retryDelayMs(attempt, deps.baseDelayMs)).toISOString(),
        rejected: error instanceof TransportError ? error.rejected : [],
      },
      metadata: metadata(at),
    };
  }
  return record(deps.store, stream, outcome, revision);
}

/** Appends an attempt's outcome; returns whether the e-mail was sent. */
async function record(store: EventStore, stream: string, outcome: NewEvent, revision: bigint) {
  try {
    await store.append(stream, [outcome], revision);
  } catch (error) {
    // Another worker recorded this attempt first: the e-mail is its, not ours to record again.
    if (!(error instanceof WrongExpectedRevisionError)) throw error;
  }
  return outcome.type === 'EmailSent';
}

/** One pass over the due e-mails, one at a time (so a crash interrupts at most the one in flight). */
export async function deliverDue(deps: EmailDeliveryDeps): Promise<number> {
  const due = await deps.findDue(deps.now(), deps.batchSize ?? 50);
  let sent = 0;
  for (const emailId of due) if (await deliverOne(deps, emailId)) sent += 1;
  return sent;
}

export type EmailDeliveryLoop = { wake: () => void; stop: () => Promise<void> };

/**
 * Runs passes every `intervalMs`, or at once when woken (an e-mail was queued in this process). Passes
 * never overlap; `runPass` lets the caller wrap one (the platform holds a lock so one worker delivers).
 */
export function startEmailDeliveryLoop(options: {
  intervalMs: number;
  runPass: () => Promise<void>;
  onError: (error: unknown) => void;
}): EmailDeliveryLoop {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  const schedule = (ms: number) => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(tick, ms);
  };
  const tick = () => {
    timer = null;
    if (running) {
      again = true;
      return;
    }
    running = options
      .runPass()
      .catch(options.onError)
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          schedule(0);
        } else schedule(options.intervalMs);
      });
  };
  schedule(0);
  return {
    wake: () => schedule(0),
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
