import useSWR, { useSWRConfig } from 'swr';
import { apiRequest } from './http.ts';
import { authenticatedUserConfig } from './swr.ts';
import type { AuthenticatedUser, ClientView, DemoUser } from './types.ts';

export const AUTHENTICATED_USER_KEY = '/api/users/authenticated';
export const DEMO_USERS_KEY = '/api/dev/demo-users';
export const clientKey = (clientId: string) => `/api/clients/${encodeURIComponent(clientId)}`;

export function useAuthenticatedUser() {
  return useSWR<AuthenticatedUser | null>(AUTHENTICATED_USER_KEY, authenticatedUserConfig);
}

export function useDemoUsers() {
  return useSWR<DemoUser[]>(DEMO_USERS_KEY);
}

export function useClient(clientId: string | null) {
  return useSWR<ClientView>(clientId ? clientKey(clientId) : null);
}

export function signInAsDemoUser(userId: string) {
  return apiRequest<unknown>('POST', '/api/dev/sign-in', { body: { userId } });
}

/** Sign-out clears every cached answer so nothing of the previous user stays on screen. */
export function useSignOut() {
  const { mutate } = useSWRConfig();
  return async () => {
    await apiRequest<unknown>('POST', '/api/users/authenticated/logout');
    await mutate(() => true, undefined, { revalidate: false });
    await mutate(AUTHENTICATED_USER_KEY, null, { revalidate: false });
  };
}

export function updateClientTaxId(clientId: string, version: number, taxIdDigits: string) {
  return apiRequest<ClientView>('PUT', clientKey(clientId), {
    body: { taxId: taxIdDigits },
    headers: { 'If-Match': String(version) },
  });
}
