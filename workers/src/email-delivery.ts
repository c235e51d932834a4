import { v5 as uuidv5 } from 'uuid';
import {
  EmailEvent,
  emailStream,
  handleCommand,
  WrongExpectedRevisionError,
  type EventStore,
  type RecordedEvent,
} from '@onboard/events';
import { emailDecider, type DeliveryOutcome } from '@onboard/domain/emails/decider';
import {
  foldEmail,
  isDue,
  isPermanentSmtpCode,
  MAX_DELIVERY_ATTEMPTS,
  messageIdFor,
  retryDelayMs,
  type OutboxEmail,
} from '@onboard/domain/emails/outbox';

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
 * Attempts one e-mail, if its stream says it is due. The outcome is appended at the revision read, with
 * an id derived from the e-mail and the attempt, so two attempts of the same e-mail cannot both be
 * recorded and a repeated append is a no-op. Returns whether the e-mail was sent.
 */
export async function deliverOne(deps: EmailDeliveryDeps, emailId: string): Promise<boolean> {
  const stream = emailStream(emailId);
  const events = await deps.store.readStream(stream);
  const email = fold(events);
  const now = deps.now();
  if (!isDue(email, now)) return false;
  const attempt = email.attempts + 1;
  const messageId = messageIdFor(email.emailId, deps.messageIdDomain);
  let outcome: DeliveryOutcome;
  let at: Date;
  const metadata = (at: Date) => ({
    ...EMAIL_DELIVERY_ACTOR,
    occurredAt: at.toISOString(),
    correlationId: emailId,
  });
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
    at = deps.now();
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
    const permanent = isPermanentSmtpCode(code) || attempt >= (deps.maxAttempts ?? MAX_DELIVERY_ATTEMPTS);
    at = deps.now();
    outcome = {
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
    };
  }
  try {
    // Recorded only while the e-mail still waits for this attempt (another worker may have recorded it).
    await handleCommand(deps.store, emailDecider, {
      stream,
      newId: () => uuidv5(`${emailId}:${attempt}`, OUTCOME_NAMESPACE),
      command: {
        type: 'RecordDeliveryOutcome',
        data: { attempt, outcome },
        metadata: {
          at: at.toISOString(),
          by: { userId: EMAIL_DELIVERY_ACTOR.actorId, role: EMAIL_DELIVERY_ACTOR.actorRole },
        },
      },
      metadata: metadata(at),
    });
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
