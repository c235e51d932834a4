import { pathTo, type Body, type Params, type PathOf, type Query } from './client.ts';
import { CSRF_COOKIE, CSRF_HEADER, CSRF_PATH, readCookie } from './http.ts';

/**
 * The public pages' calls (the Benefits Explorer, read and written by visitors without a session): the
 * answer comes back as it is, so the page reads its status itself (a missing site, a 429's Retry-After,
 * field refusals) instead of the portal's sign-in redirects and retries. Paths and bodies are the contracts'.
 */
export const readPublic = <P extends PathOf<'get'>>(path: P, params: Params<P>, query?: Query<'get', P>) =>
  fetch(pathTo(path, params, query), { credentials: 'include', headers: { accept: 'application/json' } });

/** An anonymous POST with the CSRF header (fetching the CSRF cookie first when there is none). */
export async function postPublic<P extends PathOf<'post'>>(
  path: P,
  params: Params<P>,
  body: Body<'post', P> | Record<string, never>,
  /** Sent even as the page unloads (a last batch of analytics events). */
  options: { keepalive?: boolean } = {},
): Promise<Response> {
  if (!readCookie(document.cookie, CSRF_COOKIE)) await fetch(CSRF_PATH, { credentials: 'include' });
  return fetch(pathTo(path, params), {
    method: 'POST',
    credentials: 'include',
    keepalive: options.keepalive,
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      [CSRF_HEADER]: readCookie(document.cookie, CSRF_COOKIE) ?? '',
    },
    body: JSON.stringify(body),
  });
}

/** The error reporter's settings, read before anything else of the app (platform's error-reporting route). */
export const readErrorReportingSettings = () => fetch('/api/sentry/settings', { credentials: 'same-origin' });
