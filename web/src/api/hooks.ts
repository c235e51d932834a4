import useSWR, { preload, useSWRConfig } from 'swr';
import { ApiError } from './errors.ts';
import { call, readKey, type Read } from './client.ts';
import { authenticatedUserConfig } from './swr.ts';
import { rememberVersion, withSeenVersion } from './versions.ts';
import { apiRequest, ensureCsrfCookie } from './http.ts';
import type { AuthenticatedUser } from './types.ts';

/** GET /api/clients/{clientId}: the client's EIF and its tasks. */
export type ClientWithTasks = Read<'/api/clients/{clientId}'>;

export const AUTHENTICATED_USER_KEY = readKey('/api/users/authenticated', {});
export const clientKey = (clientId: string) => readKey('/api/clients/{clientId}', { clientId });

/** The data block in which the server wrote who the page was opened by (platform/src/http/portal-page.ts). */
export const SESSION_BLOCK_ID = 'onboard-session';

/** A JSON data block the server wrote into the page, taken once (removed): undefined when there is none. */
export function takeDataBlock<T>(
  id: string,
  root: Pick<Document, 'getElementById'> = document,
): T | undefined {
  const block = root.getElementById(id);
  if (!block) return undefined;
  block.remove();
  try {
    return JSON.parse(block.textContent ?? '') as T;
  } catch {
    return undefined;
  }
}

/**
 * Who the page was opened by, as the server wrote it into the page, taken once: the first session check
 * needs no call; every later one asks the server. Undefined when the page carries none.
 */
export function takeSessionOfPage(
  root: Pick<Document, 'getElementById'> = document,
): { user: AuthenticatedUser | null } | undefined {
  const user = takeDataBlock<AuthenticatedUser | null>(SESSION_BLOCK_ID, root);
  return user === undefined ? undefined : { user };
}

/** Signed out is an answer, not an error: a 401 here (even after a failed refresh) means "no user". */
async function fetchAuthenticatedUser(): Promise<AuthenticatedUser | null> {
  const ofPage = takeSessionOfPage();
  if (ofPage) return ofPage.user;
  try {
    return await call('get', '/api/users/authenticated', { params: {}, skipLoginRedirect: true });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** Asks who is signed in before the first render; the shell's first `useAuthenticatedUser` takes the answer. */
export function preloadAuthenticatedUser(): Promise<AuthenticatedUser | null> {
  return preload(AUTHENTICATED_USER_KEY, fetchAuthenticatedUser);
}

export function useAuthenticatedUser() {
  return useSWR<AuthenticatedUser | null>(
    AUTHENTICATED_USER_KEY,
    fetchAuthenticatedUser,
    authenticatedUserConfig,
  );
}

/** The client view at `clientKey(clientId)`, no older than a version this browser has seen. */
export async function fetchClientView(path: string, clientId: string): Promise<ClientWithTasks> {
  const view = (await apiRequest('GET', withSeenVersion(path, clientId))) as ClientWithTasks;
  rememberVersion(view);
  return view;
}

export function useClient(clientId: string | null) {
  return useSWR<ClientWithTasks>(clientId ? clientKey(clientId) : null, (path: string) =>
    fetchClientView(path, clientId ?? ''),
  );
}

/** Sign-out (spec platform §4): the sign-out call, then every cached answer is dropped. */
export function useSignOut() {
  const { mutate } = useSWRConfig();
  return async () => {
    try {
      await call('post', '/api/users/authenticated/logout', { params: {}, skipLoginRedirect: true });
    } finally {
      await mutate(() => true, undefined, { revalidate: false });
      await mutate(AUTHENTICATED_USER_KEY, null, { revalidate: false });
    }
  };
}

export function acceptTermsOfUse() {
  return call('post', '/api/users/terms-of-use', { params: {} });
}

export async function requestPasswordReset(email: string) {
  // The route needs the address: an empty one would ask for a route that does not exist.
  if (email.trim() === '') throw new Error('Email is required');
  await ensureCsrfCookie();
  return call('post', '/api/users/reset-password/{email}', { params: { email }, skipLoginRedirect: true });
}

export type AuthTokenInfo = NonNullable<Read<'/api/users/auth-token/{token}'>>;

export function fetchAuthToken(token: string) {
  return call('get', '/api/users/auth-token/{token}', { params: { token }, skipLoginRedirect: true });
}

export async function upsertPassword(token: string, password: string) {
  await ensureCsrfCookie();
  return call('post', '/api/users/password-upsert', {
    params: {},
    body: { token, password },
    skipLoginRedirect: true,
  });
}
