import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import {
  emailDigestRunStream,
  handleCommand,
  WrongExpectedRevisionError,
  type EventStore,
} from '@onboard/events';
import { digestRunDecider } from '@onboard/domain/emails/decider';
import type { EmailSender } from '@onboard/command-api/auth';
import { sendDailyDigests } from '@onboard/command-api/emails';
import type { Logger } from '../logger.ts';

const DIGEST_ACTOR = { userId: 'system:email-digest', role: 'SYSTEM' };

/**
 * The daily digest: from `hourUtc` on each day, the first replica to claim the day (an append with
 * no_stream on `email-digest-run-{day}`) sends every held e-mail, one digest per person. Checked every
 * `checkMs`, so a replica that was down at that hour sends the day's digests when it is back.
 */
export function startDailyDigest(options: {
  store: EventStore;
  pool: pg.Pool;
  emailSender: EmailSender;
  now: () => Date;
  hourUtc: number;
  logger: Logger;
  checkMs?: number;
}): { stop: () => void } {
  const run = async () => {
    const now = options.now();
    if (now.getUTCHours() < options.hourUtc) return;
    const day = now.toISOString().slice(0, 10);
    try {
      await handleCommand(options.store, digestRunDecider, {
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
      if (error instanceof WrongExpectedRevisionError) return;
      throw error;
    }
    const sent = await sendDailyDigests(
      {
        store: options.store,
        pool: options.pool,
        emailSender: options.emailSender,
        newId: randomUUID,
        now: options.now,
      },
      DIGEST_ACTOR,
    );
    if (sent.length > 0) options.logger.info({ digests: sent.length }, 'daily digests sent');
  };
  const tick = () =>
    void run().catch((error: unknown) => options.logger.warn({ err: error }, 'daily digest failed'));
  const timer = setInterval(tick, options.checkMs ?? 10 * 60_000);
  tick();
  return { stop: () => clearInterval(timer) };
}
