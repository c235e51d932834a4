import argon2 from 'argon2';
import type pg from 'pg';
import { addMinutes } from 'date-fns';
import { LOCK_MINUTES, MAX_FAILED_ATTEMPTS } from './deps.ts';

export type Credentials = {
  passwordHash: string | null;
  passwordSetAt: Date | null;
  totpSecret: string | null;
  totpPendingSecret: string | null;
  lockedUntil: Date | null;
};

export const hashPassword = (password: string) => argon2.hash(password, { type: argon2.argon2id });

// Verified against when the user has no password yet, so 'no such password' costs as much as a wrong one.
let dummyHash: Promise<string> | null = null;

export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  dummyHash ??= hashPassword('onboard-timing-equaliser');
  try {
    const ok = await argon2.verify(hash ?? (await dummyHash), password);
    return hash !== null && ok;
  } catch {
    return false;
  }
}

export async function readCredentials(pool: pg.Pool, userId: string): Promise<Credentials> {
  const { rows } = await pool.query<{
    password_hash: string | null;
    password_set_at: Date | null;
    totp_secret: string | null;
    totp_pending_secret: string | null;
    locked_until: Date | null;
  }>(
    'select password_hash, password_set_at, totp_secret, totp_pending_secret, locked_until from auth_credentials where user_id = $1',
    [userId],
  );
  const r = rows[0];
  return {
    passwordHash: r?.password_hash ?? null,
    passwordSetAt: r?.password_set_at ?? null,
    totpSecret: r?.totp_secret ?? null,
    totpPendingSecret: r?.totp_pending_secret ?? null,
    lockedUntil: r?.locked_until ?? null,
  };
}

export const isLocked = (credentials: Credentials, now: Date) =>
  credentials.lockedUntil !== null && credentials.lockedUntil.getTime() > now.getTime();

/**
 * Counts a wrong code entered after the right password (wrong passwords are throttled, never counted
 * here). The fifth consecutive one locks the account for an hour and starts the count again, so after
 * the hour there are five more tries. Returns whether it is now locked.
 */
export async function recordFailure(pool: pg.Pool, userId: string, now: Date): Promise<boolean> {
  const { rows } = await pool.query<{ locked: boolean }>(
    `insert into auth_credentials (user_id, failed_attempts) values ($1, 1)
     on conflict (user_id) do update set
       failed_attempts = case when auth_credentials.failed_attempts + 1 >= $3 then 0
                              else auth_credentials.failed_attempts + 1 end,
       locked_until = case when auth_credentials.failed_attempts + 1 >= $3 then $2
                           else auth_credentials.locked_until end
     returning coalesce(locked_until = $2, false) as locked`,
    [userId, addMinutes(now, LOCK_MINUTES), MAX_FAILED_ATTEMPTS],
  );
  return rows[0]?.locked ?? false;
}

export async function resetFailures(pool: pg.Pool, userId: string) {
  await pool.query(
    'update auth_credentials set failed_attempts = 0, locked_until = null where user_id = $1',
    [userId],
  );
}

export async function storePassword(db: Pick<pg.Pool, 'query'>, userId: string, hash: string, now: Date) {
  await db.query(
    `insert into auth_credentials (user_id, password_hash, password_set_at) values ($1, $2, $3)
     on conflict (user_id) do update set password_hash = excluded.password_hash,
       password_set_at = excluded.password_set_at, failed_attempts = 0, locked_until = null`,
    [userId, hash, now],
  );
}
