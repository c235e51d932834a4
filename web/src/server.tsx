import { SWRConfig } from 'swr';
import { AUTHENTICATED_USER_KEY } from './api/hooks.ts';
import type { AuthenticatedUser } from './api/types.ts';
import { firstReadsOf } from './app/route-data.ts';
import { resolveRoute } from './app/routes.ts';
import { preloadScreenOf } from './app/screens.ts';
import { markupOf } from './prerender.tsx';
import { INITIAL_CLIENT_LIST_FILTERS } from './state/client-list.ts';

// The web's server entry: built by web/vite.config.ts into dist/.server/server.js (never served), with
// which the build prerenders pages and the server answers a signed-in person's page with its first reads
// and its markup (platform/src/http/portal-page.ts).
export { prerenderPage } from './prerender.tsx';

/**
 * The first reads of the page at `path` for a signed-in person, under the keys its hooks read: the server
 * makes them as that person and writes their answers into the page. The client table opens on its first
 * filters (the server cannot see what a browser kept; a page kept on others reads its own).
 */
export function firstReadsOfPage(path: string, user: Pick<AuthenticatedUser, 'id' | 'role'>) {
  const { route, params } = resolveRoute(path);
  return firstReadsOf(route.name, params, user, () => INITIAL_CLIENT_LIST_FILTERS);
}

/**
 * The routes whose first render the server can render: the client table is not among them, as it opens on
 * the filters this browser kept, which the server cannot see (its answers still come with the page).
 */
const RENDERED_ROUTES = new Set([
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
 * (app/route-data.ts), so the browser hydrates the same markup.
 */
export function renderPage(
  path: string,
  user: AuthenticatedUser,
  answers: Record<string, unknown>,
  signal: AbortSignal,
): Promise<string> {
  const { route } = resolveRoute(path);
  if (!RENDERED_ROUTES.has(route.name))
    return Promise.reject(new Error(`${path} is rendered in the browser`));
  const cache = new Map<string, { data: unknown }>([
    [AUTHENTICATED_USER_KEY, { data: user }],
    ...Object.entries(answers).map(([key, data]): [string, { data: unknown }] => [key, { data }]),
  ]);
  return markupOf(path, (app) => <SWRConfig value={{ provider: () => cache }}>{app}</SWRConfig>, signal);
}
