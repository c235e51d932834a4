import { timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { CSRF_COOKIE, CSRF_HEADER, cookieOf } from './sessions.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Double-submit CSRF check on every mutation, the unauthenticated sign-in calls included (they get their
 * cookie from GET /api/auth/csrf): the header must equal the readable cookie. The answer says
 * 'invalid csrf token', which the web retries (platform §7, §9).
 */
export const csrfProtection: RequestHandler = (req, res, next) => {
  if (SAFE_METHODS.has(req.method)) return next();
  const cookie = cookieOf(req, CSRF_COOKIE);
  const header = req.header(CSRF_HEADER);
  const a = Buffer.from(cookie ?? '');
  const b = Buffer.from(header ?? '');
  const matches = cookie !== null && a.length === b.length && timingSafeEqual(a, b);
  if (matches) return next();
  const message = 'invalid csrf token';
  res
    .status(403)
    .type('application/problem+json')
    .json({ type: 'about:blank', title: message, status: 403, code: 'INVALID_CSRF_TOKEN', message });
};
