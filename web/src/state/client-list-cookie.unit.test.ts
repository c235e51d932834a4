import { describe, expect, it } from 'vitest';
import {
  CLIENT_LIST_COOKIE,
  CLIENT_LIST_SEARCH_MAX,
  INITIAL_CLIENT_LIST_FILTERS,
  clientListCookie,
  clientListFiltersOfCookies,
  keptBeforeTheCookie,
  type ClientListFilters,
} from './client-list-cookie.ts';

const FILTERED: ClientListFilters = {
  ...INITIAL_CLIENT_LIST_FILTERS,
  page: 3,
  search: 'lakeside & "sons"; ß中',
  sortBy: 'nextDueDate',
  sortDirection: 'desc',
  phase: 'eif',
  eifStatus: 'pre_sign',
  implementationConsultantUserId: 'u-staff-1',
  hasNigo: true,
  isTest: true,
};

/** The `name=value` pair of a cookie as the browser sends it back. */
const sent = (cookie: string) => cookie.split(';')[0]!;

describe("the client table's filters cookie", () => {
  it('gives back the filters it was written with, for its user, among other cookies', () => {
    const header = `onboard_access=abc; ${sent(clientListCookie('u1', FILTERED, false))}; theme=dark`;
    expect(clientListFiltersOfCookies(header, 'u1')).toEqual(FILTERED);
    expect(
      clientListFiltersOfCookies(sent(clientListCookie('u1', INITIAL_CLIENT_LIST_FILTERS, false)), 'u1'),
    ).toEqual(INITIAL_CLIENT_LIST_FILTERS);
  });

  it('holds its user and only the filters that differ from the first ones, URL-encoded', () => {
    const value = sent(clientListCookie('u1', { ...INITIAL_CLIENT_LIST_FILTERS, live: true }, false));
    expect(value).toBe(`${CLIENT_LIST_COOKIE}=${encodeURIComponent('{"u":"u1","f":{"live":true}}')}`);
    expect(value).not.toMatch(/[ ;,"]/);
  });

  it('is kept a year on every path, sent with the portal’s own pages, over https only on an https page', () => {
    const cookie = clientListCookie('u1', FILTERED, false);
    expect(cookie.split('; ').slice(1)).toEqual(['Path=/', 'Max-Age=31536000', 'SameSite=Lax']);
    expect(clientListCookie('u1', FILTERED, true).split('; ').slice(1)).toContain('Secure');
    expect(cookie).not.toMatch(/HttpOnly/i);
  });

  it("reads another user's filters, or none, as the first filters", () => {
    const header = sent(clientListCookie('u1', FILTERED, false));
    expect(clientListFiltersOfCookies(header, 'u2')).toEqual(INITIAL_CLIENT_LIST_FILTERS);
    expect(clientListFiltersOfCookies(undefined, 'u1')).toEqual(INITIAL_CLIENT_LIST_FILTERS);
    expect(clientListFiltersOfCookies('theme=dark', 'u1')).toEqual(INITIAL_CLIENT_LIST_FILTERS);
  });

  it('reads a malformed value as the first filters, never an error', () => {
    const of = (value: string) => clientListFiltersOfCookies(`${CLIENT_LIST_COOKIE}=${value}`, 'u1');
    for (const value of [
      '',
      '%E0%A4%A',
      'not-json',
      encodeURIComponent('null'),
      encodeURIComponent('{"u":"u1"}'),
      encodeURIComponent('{"u":"u1","f":{"page":0}}'),
      encodeURIComponent('{"u":"u1","f":{"page":1.5}}'),
      encodeURIComponent('{"u":"u1","f":{"sortBy":"__proto__"}}'),
      encodeURIComponent('{"u":"u1","f":{"phase":"nowhere"}}'),
      encodeURIComponent('{"u":"u1","f":{"hasNigo":"yes"}}'),
      encodeURIComponent(`{"u":"u1","f":{"search":"${'x'.repeat(CLIENT_LIST_SEARCH_MAX + 1)}"}}`),
    ])
      expect(of(value), value).toEqual(INITIAL_CLIENT_LIST_FILTERS);
    // What it does not know is left out, and the rest is read.
    expect(of(encodeURIComponent('{"u":"u1","f":{"live":true,"color":"red"}}'))).toEqual({
      ...INITIAL_CLIENT_LIST_FILTERS,
      live: true,
    });
  });

  it('reads one longer than the page writes as the first filters', () => {
    const long = `${CLIENT_LIST_COOKIE}=${encodeURIComponent(JSON.stringify({ u: 'u1', f: { live: true }, pad: 'x'.repeat(3_000) }))}`;
    expect(clientListFiltersOfCookies(long, 'u1')).toEqual(INITIAL_CLIENT_LIST_FILTERS);
  });

  it('keeps the search to its longest, so the cookie stays well under 4 KB whatever the letters', () => {
    const longest: ClientListFilters = {
      ...FILTERED,
      search: '中"'.repeat(CLIENT_LIST_SEARCH_MAX),
      implementationConsultantUserId: 'x'.repeat(100),
    };
    const cookie = clientListCookie('00000000-0000-4000-8000-000000000000', longest, true);
    expect(cookie.length).toBeLessThan(3_000);
    expect(clientListFiltersOfCookies(sent(cookie), '00000000-0000-4000-8000-000000000000').search).toBe(
      longest.search.slice(0, CLIENT_LIST_SEARCH_MAX),
    );
  });
});

describe('the filters a browser kept before the cookie', () => {
  it('are read from their JSON, the search kept to its longest', () => {
    expect(keptBeforeTheCookie(JSON.stringify(FILTERED))).toEqual(FILTERED);
    expect(
      keptBeforeTheCookie(JSON.stringify({ ...FILTERED, search: 'y'.repeat(CLIENT_LIST_SEARCH_MAX + 50) })),
    ).toEqual({ ...FILTERED, search: 'y'.repeat(CLIENT_LIST_SEARCH_MAX) });
  });

  it('are none when nothing was kept or what was kept is not filters', () => {
    for (const stored of [null, '', 'not json', 'null', '7', '{"page":"two"}'])
      expect(keptBeforeTheCookie(stored), String(stored)).toBeNull();
  });
});
