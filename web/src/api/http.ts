import {
  ApiError,
  interpretFailure,
  isInvalidTokenAnswer,
  mutationRetryDelay,
  noResponseError,
} from './errors.ts';
import { loginPathFor } from '../app/routes.ts';

/** The one fetch wrapper: credentials on every call, CSRF on mutations, spec platform §8 handling. */
type Navigator = (to: string) => void;

let navigate: Navigator = (to) => window.location.assign(to);

/** The router registers its navigate so a 401 or maintenance answer moves the app without a reload. */
export function setApiNavigator(next: Navigator): void {
  navigate = next;
}

export const CSRF_COOKIE = 'onboard_csrf';
export const CSRF_HEADER = 'x-csrf-token';

export function readCookie(cookieHeader: string, name: string): string | null {
  for (const part of cookieHeader.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type RequestOptions = {
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * A 401 is an answer the caller handles itself (wrong password, wrong code, signed out) instead of a
   * trip to the login page.
   */
  skipLoginRedirect?: boolean;
};

const REFRESH_PATH = '/api/auth/refresh';
export const CSRF_PATH = '/api/auth/csrf';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function csrfHeader(): Record<string, string> {
  const token = readCookie(document.cookie, CSRF_COOKIE);
  return token ? { [CSRF_HEADER]: token } : {};
}

let refreshing: Promise<boolean> | null = null;

/**
 * Renews the access token once for every request that failed with 'Invalid token' at the same time: the
 * refresh token rotates, and a second concurrent refresh would present a used token and end the session.
 */
export function refreshSession(): Promise<boolean> {
  refreshing ??= fetch(REFRESH_PATH, { method: 'POST', credentials: 'include', headers: csrfHeader() })
    .then((response) => response.ok)
    .catch(() => false)
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/** The unauthenticated sign-in calls are CSRF-checked too; this sets the cookie they need. */
export async function ensureCsrfCookie(): Promise<void> {
  if (readCookie(document.cookie, CSRF_COOKIE)) return;
  try {
    await fetch(CSRF_PATH, { credentials: 'include', headers: { accept: 'application/json' } });
  } catch {
    throw new ApiError(noResponseError());
  }
}

const currentPath = () => window.location.pathname + window.location.search;

async function once<T>(
  method: Method,
  path: string,
  options: RequestOptions,
  isAfterRefresh = false,
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET') Object.assign(headers, csrfHeader());

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'include',
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw new ApiError(noResponseError());
  }

  const bodyText = await response.text();
  if (response.ok) return (bodyText === '' ? null : JSON.parse(bodyText)) as T;

  const contentType = response.headers.get('content-type');
  const outcome = interpretFailure({ status: response.status, contentType, bodyText }, currentPath());
  if (response.status === 401 && isInvalidTokenAnswer(bodyText, outcome.error.body)) {
    // Spec platform §8: an expired access token is renewed once and the call retried; if that fails
    // the session is over and the user signs in again, coming back here afterwards.
    if (!isAfterRefresh && (await refreshSession())) return once<T>(method, path, options, true);
    if (!options.skipLoginRedirect) navigate(loginPathFor(currentPath()));
    throw new ApiError(outcome.error);
  }
  const isLoginRedirect = response.status === 401;
  if (outcome.redirectTo && !(isLoginRedirect && options.skipLoginRedirect)) navigate(outcome.redirectTo);
  throw new ApiError(outcome.error);
}

export async function apiRequest<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  if (method === 'GET') return once<T>(method, path, options);
  for (let attempt = 1; ; attempt++) {
    try {
      return await once<T>(method, path, options);
    } catch (error) {
      const delay = mutationRetryDelay(error, attempt);
      if (delay === null) throw error;
      await sleep(delay);
    }
  }
}

export const apiGet = <T>(path: string) => apiRequest<T>('GET', path);

/** The largest page a list call gives (platform §7 "Lists", explorer §5: limit 1 to 100). */
export const LIST_PAGE_LIMIT = 100;
