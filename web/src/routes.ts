import type { Role } from './api/types.ts';

/** The route table of this slice (spec onboarding §2, platform §2). */
export const INDEX_PATH = '/';
export const LOGIN_PATH = '/login';
export const NOT_FOUND_PATH = '/404';
export const MAINTENANCE_PATH = '/maintenance';
export const ADMIN_HOME_PATH = '/clients/admin';
export const BROKER_HOME_PATH = '/clients';
export const BEN_ADMIN_HOME_PATH = '/clients/ben-admin';
export const TAX_ID_ROUTE =
  '/client/:clientId/task/eif-submit-company-information/step/company-information/tax-id';

export function taxIdPath(clientId: string): string {
  return TAX_ID_ROUTE.replace(':clientId', encodeURIComponent(clientId));
}

export function emailPath(emailId: string): string {
  return `/emails/${encodeURIComponent(emailId)}`;
}

export function homePathFor(role: Role): string {
  switch (role) {
    case 'SLF_ADMIN':
    case 'SLF_OWNER':
      return ADMIN_HOME_PATH;
    case 'BROKER':
      return BROKER_HOME_PATH;
    case 'BEN_ADMIN':
      return BEN_ADMIN_HOME_PATH;
    default: {
      const unreachable: never = role;
      throw new Error(`Unknown role ${String(unreachable)}`);
    }
  }
}

type Parsed = { pattern: RegExp; keys: string[] };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * wouter parser with case-insensitive matching (spec platform §2). Supports `:name` segments, optional
 * `:name?` segments and a trailing `*` wildcard, which is all this route table uses.
 */
export function caseInsensitiveParser(route: string, loose = false): Parsed {
  const keys: string[] = [];
  let source = '';
  for (const segment of route.split('/').filter(Boolean)) {
    if (segment === '*') {
      keys.push('wild');
      source += '/(.*)';
    } else if (segment.startsWith(':')) {
      const isOptional = segment.endsWith('?');
      keys.push(segment.slice(1, isOptional ? -1 : undefined));
      source += isOptional ? '(?:/([^/]+?))?' : '/([^/]+?)';
    } else {
      source += `/${escapeRegExp(segment)}`;
    }
  }
  // Nested routers match by prefix (loose); leaf routes must match the whole path, trailing slash allowed.
  return { pattern: new RegExp(`^${source}${loose ? '(?=$|/)' : '/?$'}`, 'i'), keys };
}

/** Matches a path against a route pattern, returning its parameters or null. */
export function matchPath(route: string, path: string): Record<string, string> | null {
  const { pattern, keys } = caseInsensitiveParser(route);
  const match = pattern.exec(path);
  if (!match) return null;
  const params: Record<string, string> = {};
  keys.forEach((key, i) => {
    const value = match[i + 1];
    if (value !== undefined) params[key] = decodeURIComponent(value);
  });
  return params;
}

/** Paths after which sign-in never returns the user (spec platform §2, "Redirect after sign-in"). */
const NO_REDIRECT_PATHS = [
  '/logout',
  INDEX_PATH,
  NOT_FOUND_PATH,
  '/forgot',
  '/activate',
  '/reactivate',
  '/reset',
  MAINTENANCE_PATH,
  LOGIN_PATH,
];

export function loginPathFor(currentPathWithSearch: string): string {
  const pathname = currentPathWithSearch.split(/[?#]/)[0] ?? '';
  const isExcluded = NO_REDIRECT_PATHS.some((p) => matchPath(p, pathname) !== null);
  if (isExcluded || pathname === '') return LOGIN_PATH;
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(currentPathWithSearch)}`;
}

/** Only same-origin absolute paths are honoured, so `?redirect=` cannot send the user off-site. */
export function safeRedirect(redirect: string | null): string {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//') || redirect.startsWith('/\\'))
    return INDEX_PATH;
  return redirect;
}
