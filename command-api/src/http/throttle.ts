import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import type pg from 'pg';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '@onboard/domain';

/** At most `points` attempts per `seconds`-long window (a fixed window that starts with the first). */
export type Limit = { points: number; seconds: number };

/**
 * What is throttled. The identity calls count per address and per account (the e-mail typed, or the user
 * a state token or link names); the anonymous Explorer writes per address.
 */
export type ThrottleScope =
  | 'signInAddress'
  | 'signInAccountAddress'
  | 'signInAccount'
  | 'signInLinkAddress'
  | 'signInLinkAccount'
  | 'mfaAddress'
  | 'mfaAccount'
  | 'passwordResetAddress'
  | 'passwordResetAccount'
  | 'activationAddress'
  | 'activationAccount'
  | 'explorerWriteAddress'
  | 'errorReportAddress'
  | 'analyticsAddress';

export type ThrottleLimits = Record<ThrottleScope, Limit>;

const MINUTES = 60;

/**
 * The defaults. Sign-in and MFA count failures (every try is counted before the password or code is
 * checked, and a success gives its point back), so people who sign in often never meet them; 70 wrong
 * passwords in a row do. A password-reset request sends an e-mail, so every request counts. Explorer
 * writes are anonymous: generous for a visitor chatting, far below a script.
 */
export const DEFAULT_THROTTLE_LIMITS: ThrottleLimits = {
  signInAddress: { points: 50, seconds: 15 * MINUTES },
  // Wrong passwords for one account from one address: what holds a guesser, never the owner elsewhere.
  signInAccountAddress: { points: 10, seconds: 15 * MINUTES },
  // For one account from everywhere: a slow-down that the owner gets past with an e-mailed sign-in link.
  signInAccount: { points: 30, seconds: 15 * MINUTES },
  // Sign-in links asked for: each sends an e-mail.
  signInLinkAddress: { points: 20, seconds: 60 * MINUTES },
  signInLinkAccount: { points: 10, seconds: 60 * MINUTES },
  mfaAddress: { points: 50, seconds: 15 * MINUTES },
  mfaAccount: { points: 10, seconds: 15 * MINUTES },
  passwordResetAddress: { points: 20, seconds: 60 * MINUTES },
  passwordResetAccount: { points: 5, seconds: 60 * MINUTES },
  activationAddress: { points: 30, seconds: 15 * MINUTES },
  activationAccount: { points: 10, seconds: 15 * MINUTES },
  explorerWriteAddress: { points: 30, seconds: 5 * MINUTES },
  // The browser SDK sends an envelope per error: a page in a loop of errors stays far below, a script not.
  errorReportAddress: { points: 30, seconds: 5 * MINUTES },
  // The web batches its analytics (a batch a second at most while someone clicks about), and an office
  // behind one address shares the count: generous, while a script filling the table meets it.
  analyticsAddress: { points: 300, seconds: 5 * MINUTES },
};

/** The environment variable of each limit, e.g. ONBOARD_THROTTLE_SIGN_IN_ADDRESS=50/15m. */
export const throttleEnvName = (scope: ThrottleScope) =>
  `ONBOARD_THROTTLE_${scope.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600 };

/** `50/15m` (50 per 15 minutes); the window in s, m or h. */
export function parseLimit(name: string, value: string): Limit {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*([smh])\s*$/.exec(value);
  const points = Number(match?.[1]);
  const seconds = Number(match?.[2]) * (UNIT_SECONDS[match?.[3] ?? ''] ?? NaN);
  if (!match || !(points > 0) || !(seconds > 0))
    throw new Error(`${name}: expected attempts per window such as 50/15m, got ${value}`);
  return { points, seconds };
}

export const TOO_MANY_ATTEMPTS = 'TOO_MANY_ATTEMPTS';

/** The words of a 429: the wait rounded up to whole minutes. */
export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}

export class TooManyAttemptsError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    /** The limit that refused (not in the answer). */
    readonly scope: ThrottleScope | null = null,
    details: Record<string, unknown> = {},
  ) {
    super(429, TOO_MANY_ATTEMPTS, tooManyAttemptsMessage(retryAfterSeconds), {
      retryAfterSeconds,
      ...details,
    });
  }
}

/** One throttled key: the scope and whose it is. */
export type ThrottleKey = readonly [ThrottleScope, string];

export type Throttle = {
  /**
   * Counts one attempt on every key, before the work it guards. Over a limit it sets Retry-After and
   * throws a 429 (TooManyAttemptsError).
   */
  consume: (res: Response, ...keys: ThrottleKey[]) => Promise<void>;
  /** Gives a counted attempt back (a success). */
  reward: (...keys: ThrottleKey[]) => Promise<void>;
  /** Forgets a key's count (an account that signed in: its failures start again). */
  forget: (...keys: ThrottleKey[]) => Promise<void>;
};

/**
 * The client's address as Express sees it: behind a proxy, the `trust proxy` setting (TRUST_PROXY)
 * decides how much of X-Forwarded-For to believe.
 */
export const addressOf = (req: Request) => req.ip ?? req.socket.remoteAddress ?? 'unknown';

/** Accounts are keyed by a hash of the lower-cased e-mail or id, so the table holds no addresses. */
export const accountKey = (account: string) =>
  createHash('sha256').update(account.trim().toLowerCase()).digest('hex').slice(0, 32);

/**
 * The throttle over rate-limiter-flexible's PostgreSQL store on the app's pool: the counters live in the
 * `rate_limits` table (platform migration 0005), so every replica on the database shares them.
 */
export function createThrottle(pool: pg.Pool, limits: ThrottleLimits): Throttle {
  const limiters = new Map<ThrottleScope, RateLimiterPostgres>();
  let first = true;
  for (const [scope, limit] of Object.entries(limits) as [ThrottleScope, Limit][]) {
    limiters.set(
      scope,
      new RateLimiterPostgres({
        storeClient: pool,
        tableName: 'rate_limits',
        tableCreated: true,
        keyPrefix: scope,
        points: limit.points,
        duration: limit.seconds,
        // One sweep of expired rows per process is enough: they share the table.
        clearExpiredByTimeout: first,
        // A key over its limit is refused from memory until its window ends: a flood of throttled tries
        // costs this process no database round trip either.
        inMemoryBlockOnConsumed: limit.points + 1,
      }),
    );
    first = false;
  }
  const limiter = (scope: ThrottleScope) => limiters.get(scope)!;
  return {
    consume: async (res, ...keys) => {
      for (const [scope, key] of keys) {
        try {
          await limiter(scope).consume(key);
        } catch (refusal) {
          if (!(refusal instanceof RateLimiterRes)) throw refusal;
          const retryAfterSeconds = Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
          res.setHeader('Retry-After', String(retryAfterSeconds));
          throw new TooManyAttemptsError(retryAfterSeconds, scope);
        }
      }
    },
    reward: async (...keys) => {
      await Promise.all(keys.map(([scope, key]) => limiter(scope).reward(key)));
    },
    forget: async (...keys) => {
      await Promise.all(keys.map(([scope, key]) => limiter(scope).delete(key)));
    },
  };
}

/**
 * A table anyone may write to is capped by its total bytes: past `maxBytes` (the sum of `size_bytes`,
 * newest first) the oldest rows are dropped. The sum reads the whole table, so one process trims at most
 * once a second (what arrives meanwhile is bounded by the throttle); `table` and `id` are constants.
 */
export function tableCap(
  pool: Pick<pg.Pool, 'query'>,
  table: 'error_reports' | 'analytics_events',
  id: 'report_id' | 'id',
  maxBytes: number,
): () => Promise<void> {
  let last = 0;
  return async () => {
    if (Date.now() - last < 1000) return;
    last = Date.now();
    await pool.query(
      `delete from ${table} where ${id} <= (
         select ${id} from (
           select ${id}, sum(size_bytes) over (order by ${id} desc) as kept from ${table}
         ) newest_first where kept > $1 order by ${id} desc limit 1)`,
      [maxBytes],
    );
  };
}
