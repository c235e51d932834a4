import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'jotai';
import {
  CLIENT_LIST_COOKIE,
  INITIAL_CLIENT_LIST_FILTERS,
  type ClientListFilters,
} from './client-list-cookie.ts';
import { clientListFiltersAtom, clientListStoreOf, storedClientListFilters } from './client-list.ts';

const KEPT: ClientListFilters = { ...INITIAL_CLIENT_LIST_FILTERS, search: 'harbor', eifStatus: 'signed' };

/** A browser's cookies (each written as `name=value; attributes`, read back as `name=value; …`) and localStorage. */
function aBrowser() {
  const cookies = new Map<string, string>();
  const stored = new Map<string, string>();
  vi.stubGlobal('document', {
    get cookie() {
      return [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    },
    set cookie(written: string) {
      const [pair] = written.split(';');
      const at = pair!.indexOf('=');
      cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    },
  });
  vi.stubGlobal('window', { location: { protocol: 'https:' } });
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => stored.set(key, value),
    removeItem: (key: string) => stored.delete(key),
  });
  return { cookies, stored };
}

describe("the client table's filters in the browser", () => {
  let browser: ReturnType<typeof aBrowser>;
  beforeEach(() => {
    browser = aBrowser();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('are kept in the cookie as they change, and read from it', () => {
    const store = createStore();
    store.set(clientListFiltersAtom('u-changes'), KEPT);
    expect(browser.cookies.has(CLIENT_LIST_COOKIE)).toBe(true);
    expect(storedClientListFilters('u-changes')).toEqual(KEPT);
    expect(storedClientListFilters('someone-else')).toEqual(INITIAL_CLIENT_LIST_FILTERS);
  });

  it('kept before the cookie move into it once the table is on screen, and the old key goes', () => {
    browser.stored.set('onboard.clientList.u-moved', JSON.stringify(KEPT));
    browser.stored.set('onboard.clientList.u-other', JSON.stringify(KEPT));
    const store = createStore();
    const filters = clientListFiltersAtom('u-moved');
    // The first render shows what the cookie holds (what the server rendered), then the kept filters.
    expect(store.get(filters)).toEqual(INITIAL_CLIENT_LIST_FILTERS);
    const unsubscribe = store.sub(filters, () => undefined);
    expect(store.get(filters)).toEqual(KEPT);
    expect(storedClientListFilters('u-moved')).toEqual(KEPT);
    expect(browser.stored.has('onboard.clientList.u-moved')).toBe(false);
    expect(browser.stored.has('onboard.clientList.u-other')).toBe(true);
    unsubscribe();

    // Once only: filters changed since are not put back.
    store.set(filters, INITIAL_CLIENT_LIST_FILTERS);
    store.sub(filters, () => undefined)();
    expect(storedClientListFilters('u-moved')).toEqual(INITIAL_CLIENT_LIST_FILTERS);
  });
});

describe("the client table's filters in a render on the server", () => {
  it('are the ones given, each render in a state of its own', () => {
    const one = clientListStoreOf('u-server', KEPT);
    const other = clientListStoreOf('u-server', INITIAL_CLIENT_LIST_FILTERS);
    expect(one.get(clientListFiltersAtom('u-server'))).toEqual(KEPT);
    expect(other.get(clientListFiltersAtom('u-server'))).toEqual(INITIAL_CLIENT_LIST_FILTERS);
  });
});
