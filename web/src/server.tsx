import type { AuthenticatedUser } from './api/types.ts';
import { firstReadsOf } from './app/route-data.ts';
import { resolveRoute } from './app/routes.ts';
import { INITIAL_CLIENT_LIST_FILTERS } from './state/client-list.ts';

// The web's server entry: built by web/vite.config.ts into dist/.server/server.js (never served), with
// which the build prerenders pages and the server answers a page with its first reads
// (platform/src/http/portal-page.ts).
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
