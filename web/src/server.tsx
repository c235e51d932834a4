import { SWRConfig } from 'swr';
import { AUTHENTICATED_USER_KEY } from './api/hooks.ts';
import type { AuthenticatedUser } from './api/types.ts';
import { firstReadsOf } from './app/route-data.ts';
import { resolveRoute } from './app/routes.ts';
import { preloadScreenOf } from './app/screens.ts';
import { markupOf } from './prerender.tsx';
import { clientListStoreOf } from './state/client-list.ts';
import { clientListFiltersOfCookies } from './state/client-list-cookie.ts';

// The web's server entry: built by web/vite.config.ts into dist/.server/server.js (never served), with
// which the build prerenders pages and the server answers a signed-in person's page with its first reads
// and its markup (platform/src/http/portal-page.ts).
export { prerenderPage } from './prerender.tsx';

/**
 * The first reads of the page at `path` for a signed-in person, under the keys its hooks read: the server
 * makes them as that person and writes their answers into the page. The client table opens on the filters
 * the request's `cookies` keep for that person (state/client-list-cookie.ts).
 */
export function firstReadsOfPage(
  path: string,
  user: Pick<AuthenticatedUser, 'id' | 'role'>,
  cookies?: string,
) {
  const { route, params } = resolveRoute(path);
  return firstReadsOf(route.name, params, user, (userId) => clientListFiltersOfCookies(cookies, userId));
}

/** The routes whose first render the server can render. */
const RENDERED_ROUTES = new Set([
  'homeInternal',
  'homeHub',
  'eifSubStepDetail',
  'eifSubStepPolicyDetail',
  'censusValidateReportTab',
  'clientReviewChanges',
]);

/** Loads the code of the screens the server renders, so that the first page rendered need not wait for it. */
export const warmUp = (): Promise<unknown> =>
  Promise.all([...RENDERED_ROUTES].map((name) => preloadScreenOf(name, {})));

/**
 * The page at `path` as its first render in the browser shows it to `user` with `answers` (by key): its
 * own swr cache per page, holding the session and the answers the browser seeds its cache with
 * (app/route-data.ts), and its own state, holding the client table's filters its request's `cookies` keep
 * (the browser reads the same cookie), so the browser hydrates the same markup.
 */
export function renderPage(
  path: string,
  user: AuthenticatedUser,
  answers: Record<string, unknown>,
  signal: AbortSignal,
  cookies?: string,
): Promise<string> {
  const { route } = resolveRoute(path);
  if (!RENDERED_ROUTES.has(route.name))
    return Promise.reject(new Error(`${path} is rendered in the browser`));
  const cache = new Map<string, { data: unknown }>([
    [AUTHENTICATED_USER_KEY, { data: user }],
    ...Object.entries(answers).map(([key, data]): [string, { data: unknown }] => [key, { data }]),
  ]);
  const store = clientListStoreOf(user.id, clientListFiltersOfCookies(cookies, user.id));
  return markupOf(
    path,
    (app) => <SWRConfig value={{ provider: () => cache }}>{app}</SWRConfig>,
    signal,
    store,
  );
}
