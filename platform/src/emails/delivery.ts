import type pg from 'pg';
import type { EventStore } from '@onboard/events';
import {
  deliverDue,
  startEmailDeliveryLoop,
  type EmailDeliveryLoop,
  type EmailTransport,
} from '@onboard/workers/email-delivery';
import type { AppConfig } from '../config.ts';
import type { Logger } from '../logger.ts';

/** Any number of worker replicas may run; this lock lets one deliver at a time. */
const DELIVERY_LOCK = 7_214_003;

/** E-mails owed an attempt, oldest first, from the outbox read model (the stream decides). */
const findDueEmails = (pool: pg.Pool) => async (now: Date, limit: number) => {
  const { rows } = await pool.query<{ id: string }>(
    `select id from rm_emails where status = 'QUEUED' and (next_attempt_at is null or next_attempt_at <= $1)
     order by created_at, id limit $2`,
    [now, limit],
  );
  return rows.map((r) => r.id);
};

/**
 * The delivery worker of the outbox: passes every `pollMs`, or at once when woken, under a session
 * advisory lock held by one replica. A standby retries the lock on each pass.
 */
export function startEmailDelivery(options: {
  config: AppConfig;
  pool: pg.Pool;
  store: EventStore;
  transport: EmailTransport;
  now: () => Date;
  logger: Logger;
}): EmailDeliveryLoop {
  const { config, pool, logger } = options;
  let lockClient: pg.PoolClient | null = null;
  const domain = (config.email.from.match(/@([^>\s]+)/)?.[1] ?? 'onboard.example').toLowerCase();
  const deps = {
    store: options.store,
    transport: options.transport,
    now: options.now,
    from: config.email.from,
    messageIdDomain: domain,
    findDue: findDueEmails(pool),
    baseDelayMs: config.email.retryBaseMs,
    resendGraceMs: config.email.resendGraceMs,
  };
  const loop = startEmailDeliveryLoop({
    intervalMs: config.email.pollMs,
    onError: (error) => logger.warn({ err: error }, 'e-mail delivery pass failed'),
    runPass: async () => {
      if (!lockClient) {
        const client = await pool.connect();
        const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [
          DELIVERY_LOCK,
        ]);
        if (!rows[0]!.ok) {
          client.release();
          return;
        }
        client.on('error', () => {
          lockClient = null;
        });
        lockClient = client;
      }
      const sent = await deliverDue(deps);
      if (sent > 0) logger.info({ sent }, 'e-mails sent');
    },
  });
  return {
    wake: loop.wake,
    stop: async () => {
      await loop.stop();
      if (lockClient) {
        await lockClient.query('select pg_advisory_unlock($1)', [DELIVERY_LOCK]).catch(() => undefined);
        lockClient.release();
        lockClient = null;
      }
    },
  };
}
