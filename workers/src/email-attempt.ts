import { v5 as uuidv5 } from 'uuid';
import { emailStream, WrongExpectedRevisionError, type EventStore, type NewEvent } from '@onboard/events';
import { DEFAULT_RESEND_GRACE_MS, type OutboxEmail } from '@onboard/domain/emails/outbox';

const ATTEMPT_NAMESPACE = 'c4a1f7e2-5b3d-4f60-8e2a-7d9b1c0e6f35';

type AttemptMetadata = { actorId: string; actorRole: string; occurredAt: string; correlationId: string };

/**
 * Records that an attempt begins, before the e-mail is handed to the mail server: appended at the revision
 * read, so of two workers only one sends each attempt. A worker killed between the server's acceptance and
 * the outcome leaves this record open; the e-mail is due again only at `resendAfter` (now + the grace), and
 * goes out with the same Message-ID. Returns false when another worker recorded the attempt first.
 */
export async function recordSendAttempt(
  store: EventStore,
  email: OutboxEmail,
  expectedRevision: bigint,
  attempt: { number: number; messageId: string; at: Date; graceMs?: number; metadata: AttemptMetadata },
): Promise<boolean> {
  const graceMs = attempt.graceMs ?? DEFAULT_RESEND_GRACE_MS;
  const event: NewEvent = {
    id: uuidv5(`${email.emailId}:${attempt.number}:attempted`, ATTEMPT_NAMESPACE),
    type: 'EmailSendAttempted',
    data: {
      emailId: email.emailId,
      attempt: attempt.number,
      messageId: attempt.messageId,
      resendAfter: new Date(attempt.at.getTime() + graceMs).toISOString(),
    },
    metadata: attempt.metadata,
  };
  try {
    await store.append(emailStream(email.emailId), [event], expectedRevision);
    return true;
  } catch (error) {
    if (error instanceof WrongExpectedRevisionError) return false;
    throw error;
  }
}

/**
 * An e-mail whose last attempt was interrupted (its worker died mid-send) and whose attempts are used up
 * fails for good instead of going out again: the outcome to record, or null when it may be sent.
 */
export function interruptedAttemptsExhausted(
  email: OutboxEmail,
  maxAttempts: number,
  outcomeId: string,
  metadata: AttemptMetadata,
): NewEvent | null {
  if (!email.attemptInFlight || email.attempts < maxAttempts) return null;
  return {
    id: outcomeId,
    type: 'EmailDeliveryFailed',
    data: {
      emailId: email.emailId,
      attempt: email.attempts,
      reason: `Attempt ${email.attempts} was interrupted before its outcome was recorded, and no attempts are left`,
      permanent: true,
      retryAt: null,
      rejected: [],
    },
    metadata,
  };
}
