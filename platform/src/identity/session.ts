import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { SignJWT, jwtVerify } from 'jose';
import { ROLES, type Actor, type Role } from '../../../domain/src/index.ts';

export const SESSION_COOKIE = 'onboard_session';
export const CSRF_COOKIE = 'onboard_csrf';
export const CSRF_HEADER = 'x-csrf-token';
const SESSION_HOURS = 8;

/** Session tokens signed with jose (HS256), carried in an httpOnly, SameSite cookie. */
export function createSessions(secret: string) {
  const key = new TextEncoder().encode(secret);

  const issue = async (res: Response, actor: Actor, secure: boolean) => {
    const token = await new SignJWT({ role: actor.role, clientIds: actor.clientIds })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(actor.userId)
      .setIssuedAt()
      .setExpirationTime(`${SESSION_HOURS}h`)
      .sign(key);
    const options = {
      httpOnly: true,
      sameSite: 'lax' as const,
      secure,
      path: '/',
      maxAge: SESSION_HOURS * 3600_000,
    };
    res.cookie(SESSION_COOKIE, token, options);
    res.cookie(CSRF_COOKIE, randomBytes(24).toString('base64url'), { ...options, httpOnly: false });
  };

  const authenticate = async (req: Request): Promise<Actor | null> => {
    const token = req.cookies?.[SESSION_COOKIE];
    if (typeof token !== 'string') return null;
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
      const role = payload.role as Role;
      if (!payload.sub || !ROLES.includes(role)) return null;
      const clientIds = Array.isArray(payload.clientIds) ? payload.clientIds.map(String) : [];
      return { userId: payload.sub, role, clientIds };
    } catch {
      return null;
    }
  };

  const clear = (res: Response) => {
    res.clearCookie(SESSION_COOKIE, { path: '/' });
    res.clearCookie(CSRF_COOKIE, { path: '/' });
  };

  return { issue, authenticate, clear };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Double-submit CSRF check on every mutation: the header must equal the readable CSRF cookie. The answer
 * to a missing or wrong token says 'invalid csrf token', which the web retries (platform §7, §9).
 */
export const csrfProtection: RequestHandler = (req, res, next) => {
  if (SAFE_METHODS.has(req.method)) return next();
  const cookie = req.cookies?.[CSRF_COOKIE];
  const header = req.header(CSRF_HEADER);
  const matches =
    typeof cookie === 'string' &&
    typeof header === 'string' &&
    cookie.length === header.length &&
    timingSafeEqual(Buffer.from(cookie), Buffer.from(header));
  // A request with no session yet (demo sign-in) carries no CSRF cookie; the sign-in issues one.
  if (matches || (!cookie && req.originalUrl.split('?')[0] === '/api/dev/sign-in')) return next();
  res.status(403).json({ status: 403, code: 'INVALID_CSRF_TOKEN', message: 'invalid csrf token' });
};
