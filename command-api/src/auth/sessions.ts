import type { CookieOptions, Request, Response } from 'express';
import type pg from 'pg';
import { ROLES, type Actor, type Role } from '@onboard/domain';
import { addDays, addHours, hoursToMilliseconds } from 'date-fns';
import { DEVICE_DAYS, SESSION_HOURS, type AuthDeps } from './deps.ts';
import { keyRingFor, randomToken, sha256 } from './secrets.ts';
import {
  InvalidTokenError,
  sessionOfAccessToken,
  signAccessToken,
  verifyAccessToken,
  type AccessClaims,
} from './tokens.ts';

export const ACCESS_COOKIE = 'onboard_access';
export const REFRESH_COOKIE = 'onboard_refresh';
export const CSRF_COOKIE = 'onboard_csrf';
export const DEVICE_COOKIE = 'onboard_device';
export const CSRF_HEADER = 'x-csrf-token';
const REFRESH_PATH = '/api/auth';

// The access cookie outlives its 15-minute JWT on purpose: an expired token still reaches the server,
// which answers 'Invalid token', and the web refreshes instead of sending the user to login.
const accessCookie = (secure: boolean): CookieOptions => ({
  httpOnly: true,
  sameSite: 'lax',
  secure,
  path: '/',
  maxAge: hoursToMilliseconds(SESSION_HOURS),
});
const refreshCookie = (secure: boolean): CookieOptions => ({
  httpOnly: true,
  sameSite: 'strict',
  secure,
  path: REFRESH_PATH,
  maxAge: hoursToMilliseconds(SESSION_HOURS),
});
const csrfCookie = (secure: boolean): CookieOptions => ({
  httpOnly: false,
  sameSite: 'strict',
  secure,
  path: '/',
  maxAge: hoursToMilliseconds(SESSION_HOURS),
});
const deviceCookie = (secure: boolean): CookieOptions => ({
  httpOnly: true,
  sameSite: 'strict',
  secure,
  path: REFRESH_PATH,
  maxAge: hoursToMilliseconds(DEVICE_DAYS * 24),
});

export const cookieOf = (req: Request, name: string): string | null => {
  const value = (req.cookies as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' && value !== '' ? value : null;
};

export function setCsrfCookie(res: Response, secure: boolean) {
  res.cookie(CSRF_COOKIE, randomToken(), csrfCookie(secure));
}

async function issueTokens(
  deps: AuthDeps,
  res: Response,
  userId: string,
  sessionId: string,
  secure: boolean,
) {
  const now = deps.now();
  const refresh = randomToken();
  await deps.pool.query(
    `insert into auth_refresh_tokens (token_hash, session_id, issued_at, expires_at)
     select $1, id, $3, expires_at from auth_sessions where id = $2`,
    [sha256(refresh), sessionId, now],
  );
  const access = await signAccessToken(keyRingFor(deps.sessionSecret).current.access, userId, sessionId, now);
  res.cookie(ACCESS_COOKIE, access, accessCookie(secure));
  res.cookie(REFRESH_COOKIE, refresh, refreshCookie(secure));
}

/** A new session (the refresh-token family), its first tokens, a fresh CSRF token, and maybe a device. */
export async function startSession(
  deps: AuthDeps,
  res: Response,
  userId: string,
  options: { rememberDevice: boolean; secure: boolean },
) {
  const now = deps.now();
  const sessionId = deps.newId();
  await deps.pool.query(
    'insert into auth_sessions (id, user_id, created_at, expires_at) values ($1, $2, $3, $4)',
    [sessionId, userId, now, addHours(now, SESSION_HOURS)],
  );
  await issueTokens(deps, res, userId, sessionId, options.secure);
  setCsrfCookie(res, options.secure);
  if (options.rememberDevice) {
    const device = randomToken();
    await deps.pool.query('insert into auth_devices (token_hash, user_id, expires_at) values ($1, $2, $3)', [
      sha256(device),
      userId,
      addDays(now, DEVICE_DAYS),
    ]);
    res.cookie(DEVICE_COOKIE, device, deviceCookie(options.secure));
  }
  return sessionId;
}

export async function isRememberedDevice(pool: pg.Pool, userId: string, token: string | null, now: Date) {
  if (!token) return false;
  const { rowCount } = await pool.query(
    'select 1 from auth_devices where token_hash = $1 and user_id = $2 and expires_at > $3',
    [sha256(token), userId, now],
  );
  return rowCount === 1;
}

/** Whose remembered device a cookie is, while it lasts; null for none. */
export async function rememberedDeviceUser(pool: pg.Pool, token: string, now: Date): Promise<string | null> {
  const { rows } = await pool.query<{ user_id: string }>(
    'select user_id from auth_devices where token_hash = $1 and expires_at > $2',
    [sha256(token), now],
  );
  return rows[0]?.user_id ?? null;
}

export type RefreshOutcome = 'ROTATED' | 'REUSED' | 'INVALID';

/**
 * Rotation with reuse detection: each refresh token works once. Presenting a used one means it was
 * copied, so the whole family (the session) is revoked and both holders must sign in again.
 */
export async function rotateRefreshToken(
  deps: AuthDeps,
  req: Request,
  res: Response,
): Promise<RefreshOutcome> {
  const token = cookieOf(req, REFRESH_COOKIE);
  if (!token) return 'INVALID';
  const now = deps.now();
  const hash = sha256(token);
  const { rows } = await deps.pool.query<{ session_id: string; user_id: string }>(
    `update auth_refresh_tokens r set used_at = $2
     from auth_sessions s join rm_users u on u.user_id = s.user_id
     where r.token_hash = $1 and r.used_at is null and r.expires_at > $2 and s.id = r.session_id
       and s.revoked_at is null and s.expires_at > $2 and not u.is_deleted
     returning r.session_id, s.user_id`,
    [hash, now],
  );
  const row = rows[0];
  if (row) {
    await issueTokens(deps, res, row.user_id, row.session_id, req.secure);
    return 'ROTATED';
  }
  const { rowCount } = await deps.pool.query(
    `update auth_sessions set revoked_at = $2, revoked_reason = 'refresh-token-reuse'
     where revoked_at is null and id = (select session_id from auth_refresh_tokens where token_hash = $1 and used_at is not null)`,
    [hash, now],
  );
  return rowCount ? 'REUSED' : 'INVALID';
}

/** Revokes the session of the request's access token (expired or not), for logout. */
export async function revokeSession(deps: AuthDeps, req: Request) {
  const token = cookieOf(req, ACCESS_COOKIE);
  const claims = token ? await sessionOfAccessToken(keyRingFor(deps.sessionSecret).access, token) : null;
  if (!claims) return null;
  await deps.pool.query(
    `update auth_sessions set revoked_at = $2, revoked_reason = 'logout' where id = $1 and revoked_at is null`,
    [claims.sessionId, deps.now()],
  );
  return claims.userId;
}

export function clearSessionCookies(res: Response, secure: boolean) {
  const { maxAge: _a, ...access } = accessCookie(secure);
  const { maxAge: _r, ...refresh } = refreshCookie(secure);
  const { maxAge: _c, ...csrf } = csrfCookie(secure);
  res.clearCookie(ACCESS_COOKIE, access);
  res.clearCookie(REFRESH_COOKIE, refresh);
  res.clearCookie(CSRF_COOKIE, csrf);
}

/** Whether a client is archived or deleted (client-lifecycle read model); null: no row, from before lifecycles. */
export type ClientStanding = { isArchived: boolean; deleted: boolean } | null;

const SESSION_ACTOR = `select u.role, u.client_ids from auth_sessions s join rm_users u on u.user_id = s.user_id
  where s.id = $1 and s.user_id = $2 and s.revoked_at is null and s.expires_at > $3 and not u.is_deleted`;

/**
 * The Authenticate function for every API: the access token names the session; role and client ids are
 * read fresh from rm_users with it, so a role change applies at once and a deleted user or a revoked
 * session is signed out on the next call. No cookie: anonymous (null). A bad or expired one: 401.
 *
 * `withClientStanding` reads a client's standing for a call under /api/clients/{clientId} and, when the
 * call carries a valid access token, its session in the same statement; the call's next `authenticate`
 * takes that actor (or its 401) instead of reading the session again.
 */
export function createAuthenticate(deps: Pick<AuthDeps, 'pool' | 'now' | 'sessionSecret'>) {
  const keys = keyRingFor(deps.sessionSecret).access;
  const readAlready = new WeakMap<Request, Actor | InvalidTokenError>();
  const actorOf = (
    claims: AccessClaims,
    row: { role: string | null; client_ids: string[] | null } | undefined,
  ) => {
    const role = ROLES.find((r): r is Role => r === row?.role);
    return row?.client_ids && role
      ? { userId: claims.userId, role, clientIds: row.client_ids }
      : new InvalidTokenError();
  };
  const authenticate = async (req: Request): Promise<Actor | null> => {
    const known = readAlready.get(req);
    if (known) {
      readAlready.delete(req);
      if (known instanceof InvalidTokenError) throw known;
      return known;
    }
    const token = cookieOf(req, ACCESS_COOKIE);
    if (!token) return null;
    const now = deps.now();
    const claims = await verifyAccessToken(keys, token, now);
    if (!claims) throw new InvalidTokenError();
    // Named: prepared once per connection (parsed and planned once), as every signed-in call asks it.
    const { rows } = await deps.pool.query<{ role: string; client_ids: string[] }>({
      name: 'auth_session_actor',
      text: SESSION_ACTOR,
      values: [claims.sessionId, claims.userId, now],
    });
    const actor = actorOf(claims, rows[0]);
    if (actor instanceof InvalidTokenError) throw actor;
    return actor;
  };
  const withClientStanding = async (req: Request, clientId: string): Promise<ClientStanding> => {
    const token = cookieOf(req, ACCESS_COOKIE);
    const now = deps.now();
    const claims = token ? await verifyAccessToken(keys, token, now) : null;
    type Row = {
      is_archived: boolean | null;
      deleted: boolean | null;
      role: string | null;
      client_ids: string[] | null;
    };
    // Named: prepared once per connection, as every call under /api/clients/{clientId} asks one of them.
    const { rows } = await deps.pool.query<Row>(
      claims
        ? {
            name: 'client_standing_actor',
            text: `select l.is_archived, l.deleted_at is not null as deleted, a.role, a.client_ids
              from (values (1)) as one (x)
              left join rm_client_lifecycle l on l.client_id = $4
              left join (${SESSION_ACTOR}) a on true`,
            values: [claims.sessionId, claims.userId, now, clientId],
          }
        : {
            name: 'client_standing',
            text: 'select is_archived, deleted_at is not null as deleted from rm_client_lifecycle where client_id = $1',
            values: [clientId],
          },
    );
    const row = rows[0];
    if (claims) readAlready.set(req, actorOf(claims, row));
    return row && row.is_archived !== null
      ? { isArchived: row.is_archived, deleted: row.deleted === true }
      : null;
  };
  return Object.assign(authenticate, { withClientStanding });
}
