import type pg from 'pg';
import { sha256 } from './secrets.ts';
import { STATE_TOKEN_MINUTES } from './tokens.ts';

/** The steps either side of now that a code may match, plus one: older claims can be forgotten. */
const KEPT_STEPS = 3;

/**
 * Claims a TOTP time step for a user: true the first time, false for a code of a step that already
 * signed this user in (RFC 6238 §5.2), on any replica (the primary key decides under concurrency).
 */
export async function claimTotpStep(pool: pg.Pool, userId: string, timeStep: number, now: Date) {
  const { rowCount } = await pool.query(
    `insert into auth_totp_used_steps (user_id, time_step, used_at) values ($1, $2, $3)
     on conflict do nothing`,
    [userId, timeStep, now],
  );
  await pool.query('delete from auth_totp_used_steps where user_id = $1 and time_step < $2', [
    userId,
    timeStep - KEPT_STEPS,
  ]);
  return rowCount === 1;
}

/** Whether an MFA state token already led to a session. */
export async function isStateTokenUsed(pool: pg.Pool, stateToken: string) {
  const { rowCount } = await pool.query('select 1 from auth_used_state_tokens where token_hash = $1', [
    sha256(stateToken),
  ]);
  return rowCount === 1;
}

/** Marks a state token used: true the first time only. Expired marks go (the token is dead anyway). */
export async function useStateToken(pool: pg.Pool, stateToken: string, now: Date) {
  const expiresAt = new Date(now.getTime() + STATE_TOKEN_MINUTES * 60_000);
  const { rowCount } = await pool.query(
    'insert into auth_used_state_tokens (token_hash, expires_at) values ($1, $2) on conflict do nothing',
    [sha256(stateToken), expiresAt],
  );
  await pool.query('delete from auth_used_state_tokens where expires_at < $1', [now]);
  return rowCount === 1;
}
