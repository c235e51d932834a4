import { ApiError, interpretFailure, mutationRetryDelay, noResponseError } from './errors.ts';

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

export type RequestOptions = { body?: unknown; headers?: Record<string, string>; signal?: AbortSignal };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function once<T>(method: Method, path: string, options: RequestOptions): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET') {
    const token = readCookie(document.cookie, CSRF_COOKIE);
    if (token) headers[CSRF_HEADER] = token;
  }

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

  const current = window.location.pathname + window.location.search;
  const outcome = interpretFailure(
    { status: response.status, contentType: response.headers.get('content-type'), bodyText },
    current,
  );
  if (outcome.redirectTo) navigate(outcome.redirectTo);
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
