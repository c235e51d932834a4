import { createStore } from 'jotai';
import type { createJSONStorage } from 'jotai/utils';
import {
  clientListCookie,
  clientListFiltersOfCookies,
  INITIAL_CLIENT_LIST_FILTERS,
  keptBeforeTheCookie,
  type ClientListFilters,
} from './client-list-cookie.ts';
import { storedAtomFamily } from './stored-atom-family.ts';

/** Where a browser kept a user's filters before the cookie (`onboard.clientList.<userId>` in localStorage). */
const KEPT_BEFORE_PREFIX = 'onboard.clientList.';

const inBrowser = () => typeof document !== 'undefined';

/**
 * The client table's filters of the user whose id the key is, kept in the browser's cookie
 * (client-list-cookie.ts), which the server reads too. On the server, nothing is read or written: each
 * render sets the filters its request's cookie holds (clientListStoreOf).
 */
const cookieStorage: ReturnType<typeof createJSONStorage<ClientListFilters>> = {
  getItem: (userId, initial) => (inBrowser() ? clientListFiltersOfCookies(document.cookie, userId) : initial),
  setItem: (userId, filters) => {
    if (inBrowser())
      document.cookie = clientListCookie(userId, filters, window.location.protocol === 'https:');
  },
  removeItem: (userId) => cookieStorage.setItem(userId, INITIAL_CLIENT_LIST_FILTERS),
  // Once the table is on screen (the page served with the cookie's filters has been taken over), the
  // filters this browser kept before the cookie move into it, and the old key goes.
  subscribe: (userId, show) => {
    const key = `${KEPT_BEFORE_PREFIX}${userId}`;
    const kept = keptBeforeTheCookie(localStorage.getItem(key));
    localStorage.removeItem(key);
    if (kept) {
      cookieStorage.setItem(userId, kept);
      show(kept);
    }
    return () => undefined;
  },
};

/** The filters the client table of one user opens with: as last kept in this browser. */
export const storedClientListFilters = (userId: string): ClientListFilters =>
  cookieStorage.getItem(userId, INITIAL_CLIENT_LIST_FILTERS);

/** The client table's filters of one user. */
export const clientListFiltersAtom = storedAtomFamily('', INITIAL_CLIENT_LIST_FILTERS, cookieStorage);

/** The state of one render on the server, its own: `userId`'s client table opens on `filters`. */
export function clientListStoreOf(userId: string, filters: ClientListFilters) {
  const store = createStore();
  store.set(clientListFiltersAtom(userId), filters);
  return store;
}
