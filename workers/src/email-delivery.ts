import { v5 as uuidv5 } from 'uuid';
import {
  EmailEvent,
  emailStream,
  handleCommand,
  WrongExpectedRevisionError,
  type EventStore,
  type RecordedEvent,
} from '@onboard/events';
import { randomUUID } from 'node:crypto';
import {
  type Intent,
  emailDecider,
  type DeliveryOutcome,
  type EmailCommand,
  DEFAULT_RESEND_GRACE_MS,
  foldEmail,
  isDue,
  isPermanentSmtpCode,
  MAX_DELIVERY_ATTEMPTS,
  messageIdFor,
  retryDelayMs,
  type OutboxEmail,
} from '@onboard/domain';

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

/** The e-mail port's delivery side: SMTP (platform/src/emails/smtp.ts) in production. */
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
  maxAttempts?: number;
  /** How long after an interrupted attempt began the e-mail may be sent again (default 15 min). */
  resendGraceMs?: number;
  batchSize?: number;
};

export const EMAIL_DELIVERY_ACTOR = { actorId: 'system:email-delivery', actorRole: 'SYSTEM' } as const;
const ATTEMPT_NAMESPACE = 'c4a1f7e2-5b3d-4f60-8e2a-7d9b1c0e6f35';
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
 * Attempts one e-mail, if its stream says it is due. The attempt is recorded before sending and the
 * outcome after, each through the e-mail's decider at the revision read, with ids derived from the e-mail
 * and the attempt, so two workers cannot both send or record one attempt. Delivery is at least once: a
 * worker killed between the server's acceptance and the outcome leaves the attempt open, and the e-mail
 * is sent again after the grace with the same Message-ID. Returns whether the e-mail was sent.
 */
export async function deliverOne(deps: EmailDeliveryDeps, emailId: string): Promise<boolean> {
  const recorded = await deps.store.readStream(emailStream(emailId));
  const email = fold(recorded);
  const now = deps.now();
  if (!isDue(email, now)) return false;
  const attempt = email.attempts + 1;
  const maxAttempts = deps.maxAttempts ?? MAX_DELIVERY_ATTEMPTS;
  const messageId = messageIdFor(email.emailId, deps.messageIdDomain);
  const resendAfter = new Date(now.getTime() + (deps.resendGraceMs ?? DEFAULT_RESEND_GRACE_MS));
  // Decided on the stream as just read: a write since then is a conflict (another worker began it).
  const read = { state: email, revision: BigInt(recorded.length - 1) };
  const begun = await decide(deps, emailId, now, read, {
    type: 'BeginDeliveryAttempt',
    data: { attempt, messageId, resendAfter: resendAfter.toISOString(), maxAttempts },
  });
  // Another worker began this attempt, or the last one was interrupted with none left (failed for good).
  if (begun?.[0]?.type !== 'EmailSendAttempted') return false;
  let outcome: DeliveryOutcome;
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
    };
  } catch (error) {
    const code = error instanceof TransportError ? error.code : null;
    const reason = error instanceof Error ? error.message : String(error);
    const permanent = isPermanentSmtpCode(code) || attempt >= maxAttempts;
    outcome = {
      type: 'EmailDeliveryFailed',
      data: {
        emailId,
        attempt,
        reason,
        permanent,
        retryAt: permanent
          ? null
          : new Date(deps.now().getTime() + retryDelayMs(attempt, deps.baseDelayMs)).toISOString(),
        rejected: error instanceof TransportError ? error.rejected : [],
      },
    };
  }
  // Recorded only while the e-mail still waits for this attempt (another worker may have recorded it).
  await decide(deps, emailId, deps.now(), null, {
    type: 'RecordDeliveryOutcome',
    data: { attempt, outcome },
  });
  return outcome.type === 'EmailSent';
}

/**
 * Decides the delivery worker's command on the e-mail's stream: the events appended, or null when the
 * e-mail no longer waits for it (refused, or another worker wrote first).
 */
async function decide(
  deps: EmailDeliveryDeps,
  emailId: string,
  at: Date,
  /** The stream's state and revision when already read; null: read it now. */
  read: { state: OutboxEmail | null; revision: bigint } | null,
  intent: Intent<Extract<EmailCommand, { type: 'BeginDeliveryAttempt' | 'RecordDeliveryOutcome' }>>,
) {
  try {
    const result = await handleCommand(deps.store, emailDecider, {
      stream: emailStream(emailId),
      ...(read && { read: () => Promise.resolve(read) }),
      command: {
        ...intent,
        metadata: {
          at: at.toISOString(),
          by: { userId: EMAIL_DELIVERY_ACTOR.actorId, role: EMAIL_DELIVERY_ACTOR.actorRole },
        },
      } as EmailCommand,
      newId: randomUUID,
      // Derived from the e-mail and the attempt, so a repeated write of one attempt is a no-op.
      eventId: (event) =>
        event.type === 'EmailSendAttempted'
          ? uuidv5(`${emailId}:${event.data.attempt}:attempted`, ATTEMPT_NAMESPACE)
          : uuidv5(
              `${emailId}:${'attempt' in event.data ? event.data.attempt : intent.data.attempt}`,
              OUTCOME_NAMESPACE,
            ),
      metadata: { ...EMAIL_DELIVERY_ACTOR, occurredAt: at.toISOString(), correlationId: emailId },
    });
    return result.ok ? result.events : null;
  } catch (error) {
    if (error instanceof WrongExpectedRevisionError) return null;
    throw error;
  }
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
