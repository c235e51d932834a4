import { CLIENT_PHASES, type ClientPhase } from '@onboard/domain/web';

/**
 * The staff client table's search, sort, page and filters (explorer §3 "client table filters" held in the
 * browser), and how they are kept: in one cookie of the browser, so the server renders the table as its
 * user left it (web/src/server.tsx). Pure: the browser (client-list.ts) and the server entry share it.
 */
const SORTS = ['name', 'updatedAt', 'createdAt', 'nextDueDate'] as const;

/** The longest search kept: the cookie stays well under a browser's 4 KB, whatever the letters. */
export const CLIENT_LIST_SEARCH_MAX = 200;

export type ClientListFilters = {
  page: number;
  search: string;
  sortBy: (typeof SORTS)[number];
  sortDirection: 'asc' | 'desc';
  phase: ClientPhase | '';
  eifStatus: 'pre_sign' | 'signed' | '';
  implementationConsultantUserId: string;
  hasNigo: boolean;
  dueThisWeek: boolean;
  live: boolean;
  archived: boolean;
  isTest: boolean;
};

const oneOf =
  (values: readonly unknown[]) =>
  (value: unknown): boolean =>
    values.includes(value);
const textUpTo =
  (max: number) =>
  (value: unknown): boolean =>
    typeof value === 'string' && value.length <= max;
const isBoolean = (value: unknown): boolean => typeof value === 'boolean';

/**
 * What each filter may hold. Checked here rather than with a schema library: this is the one value the
 * client table's page reads from outside, and a schema library would be the largest part of its code.
 */
const FILTER_CHECKS: { [K in keyof ClientListFilters]: (value: unknown) => boolean } = {
  page: (value) => Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 1_000_000,
  search: textUpTo(CLIENT_LIST_SEARCH_MAX),
  sortBy: oneOf(SORTS),
  sortDirection: oneOf(['asc', 'desc']),
  phase: oneOf([...CLIENT_PHASES, '']),
  eifStatus: oneOf(['pre_sign', 'signed', '']),
  implementationConsultantUserId: textUpTo(100),
  hasNigo: isBoolean,
  dueThisWeek: isBoolean,
  live: isBoolean,
  archived: isBoolean,
  isTest: isBoolean,
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const INITIAL_CLIENT_LIST_FILTERS: ClientListFilters = {
  page: 1,
  search: '',
  sortBy: 'name',
  sortDirection: 'asc',
  phase: '',
  eifStatus: '',
  implementationConsultantUserId: '',
  hasNigo: false,
  dueThisWeek: false,
  live: false,
  archived: false,
  isTest: false,
};

/** The cookie's name. */
export const CLIENT_LIST_COOKIE = 'onboard_client_list';

/** A value longer than the page ever writes is not the page's: read as the first filters. */
const COOKIE_VALUE_MAX = 3_000;

const YEAR_S = 365 * 24 * 60 * 60;

/** The filters as kept: the search cut to its longest, and only what differs from the first filters. */
function changedFilters(filters: ClientListFilters): Partial<ClientListFilters> {
  const kept = { ...filters, search: filters.search.slice(0, CLIENT_LIST_SEARCH_MAX) };
  return Object.fromEntries(
    Object.entries(kept).filter(
      ([key, value]) => INITIAL_CLIENT_LIST_FILTERS[key as keyof ClientListFilters] !== value,
    ),
  );
}

/**
 * The `Set-Cookie`-style text that keeps `userId`'s filters in the browser for a year, on every path of the
 * portal, sent with its own pages only (SameSite=Lax), over https only when the page is https. Not
 * HttpOnly: the page writes it.
 */
export function clientListCookie(userId: string, filters: ClientListFilters, secure: boolean): string {
  const value = encodeURIComponent(JSON.stringify({ u: userId, f: changedFilters(filters) }));
  return `${CLIENT_LIST_COOKIE}=${value}; Path=/; Max-Age=${YEAR_S}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/**
 * The first filters with `changed` over them, when those are filters (keys that are not filters are left
 * out); null otherwise.
 */
function filtersOver(changed: unknown): ClientListFilters | null {
  if (!isRecord(changed)) return null;
  const known = Object.entries(changed).filter(([key]) => Object.hasOwn(FILTER_CHECKS, key));
  return known.every(([key, value]) => FILTER_CHECKS[key as keyof ClientListFilters](value))
    ? { ...INITIAL_CLIENT_LIST_FILTERS, ...Object.fromEntries(known) }
    : null;
}

/**
 * `userId`'s filters as a cookie header (a request's, or `document.cookie`) keeps them: the first filters
 * when it has none, or ones of another user, or one malformed or longer than the page writes.
 */
export function clientListFiltersOfCookies(cookies: string | undefined, userId: string): ClientListFilters {
  const value = cookies
    ?.split(';')
    .map((pair) => pair.trim())
    .find((pair) => pair.startsWith(`${CLIENT_LIST_COOKIE}=`))
    ?.slice(CLIENT_LIST_COOKIE.length + 1);
  if (!value || value.length > COOKIE_VALUE_MAX) return INITIAL_CLIENT_LIST_FILTERS;
  try {
    // What the cookie holds: whose table it is (u), and the filters that differ from the first ones (f).
    const kept: unknown = JSON.parse(decodeURIComponent(value));
    return (isRecord(kept) && kept.u === userId && filtersOver(kept.f)) || INITIAL_CLIENT_LIST_FILTERS;
  } catch {
    return INITIAL_CLIENT_LIST_FILTERS;
  }
}

/**
 * The filters a browser kept before the cookie (the JSON of the whole filters, in localStorage), with the
 * search cut to its longest; null when there is none or it is not filters.
 */
export function keptBeforeTheCookie(stored: string | null): ClientListFilters | null {
  if (stored === null) return null;
  try {
    const kept = JSON.parse(stored) as unknown;
    if (typeof kept !== 'object' || kept === null) return null;
    const { search } = kept as { search?: unknown };
    return filtersOver(
      typeof search === 'string' ? { ...kept, search: search.slice(0, CLIENT_LIST_SEARCH_MAX) } : kept,
    );
  } catch {
    return null;
  }
}
