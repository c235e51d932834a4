import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { EventStore } from '@onboard/events';
import { createAuthApi, createAuthenticate, type AuthDeps } from '@onboard/command-api/auth';
import { createThrottle } from '@onboard/command-api/throttle';
import type { AppConfig } from '../config.ts';
import type { Logger } from '../logger.ts';
import { outboxEmailSender } from '../emails/outbox-sender.ts';

/**
 * Wires the identity provider: its dependencies (the app's clock, the embedded e-mail sender,
 * the public URL known once the server listens) and the Authenticate function every API is given.
 */
export async function createIdentity(options: {
  config: AppConfig;
  store: EventStore;
  pool: pg.Pool;
  logger: Logger;
  now: () => Date;
  printEmail?: (line: string) => void;
  /** Called when an e-mail was queued for the delivery worker (only with SMTP_URL). */
  onEmailQueued?: () => void;
}) {
  const { config, store, pool, logger, now } = options;
  let appUrl = `http://127.0.0.1:${config.port}`;
  const deps: AuthDeps = {
    store,
    pool,
    now,
    newId: randomUUID,
    sessionSecret: config.sessionSecrets,
    emailSender: outboxEmailSender({
      store,
      now,
      newId: randomUUID,
      print: options.printEmail,
      delivery: config.email.smtpUrl ? { onQueued: () => options.onEmailQueued?.() } : null,
      publicUrl: () => config.publicUrl ?? appUrl,
    }),
    publicUrl: () => config.publicUrl ?? appUrl,
    passwordMaxAgeDays: config.passwordMaxAgeDays,
    logger,
    // Counters in PostgreSQL (the rate_limits table): every replica on this database shares them.
    throttle: createThrottle(pool, config.throttle),
  };
  return {
    deps,
    authenticate: createAuthenticate(deps),
    router: () => createAuthApi(deps),
    setAppUrl: (url: string) => {
      appUrl = url;
    },
  };
}
export type Identity = Awaited<ReturnType<typeof createIdentity>>;
