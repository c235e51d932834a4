import type { RouteHandler } from '@onboard/api-contract/express';
import type { getCsrfCookie } from './routes.contract.ts';
import { cookieOf, setCsrfCookie, CSRF_COOKIE } from './sessions.ts';

/** Sets the CSRF cookie when the browser has none. */
export const answerCsrfCookie: RouteHandler<typeof getCsrfCookie> = async (req, res) => {
  if (!cookieOf(req, CSRF_COOKIE)) setCsrfCookie(res, req.secure);
  res.status(204).end();
};
