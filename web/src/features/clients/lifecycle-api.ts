import useSWR, { useSWRConfig } from 'swr';
import { apiRequest, fetchAllPages } from '../../api/http.ts';
import type { UserListItem } from '../users/api.ts';
import { setupKey } from '../welcome/api.ts';
import type { CreateClientBody, DraftBody } from './client-form.ts';
import type { ClientLifecycleView } from './lifecycle-model.ts';

/**
 * The client lifecycle's calls (platform §7 Clients), written against the routes' contracts:
 * command-api/src/clients/lifecycle.contract.ts and query-api/src/clients/lifecycle.contract.ts.
 * Reads give the lifecycle's `version`; every write sends it back as If-Match and answers the new view.
 */
const clientPath = (clientId: string) => `/api/clients/${encodeURIComponent(clientId)}`;
export const lifecycleKey = (clientId: string) => `${clientPath(clientId)}/lifecycle`;

export function useClientLifecycle(clientId: string) {
  return useSWR<ClientLifecycleView>(lifecycleKey(clientId));
}

/** Every staff user (the implementation consultant picker); the same list the users pages read. */
export function useStaffUsers() {
  return useSWR<UserListItem[]>('client-lifecycle/staff-users', () =>
    fetchAllPages<UserListItem>('/api/users/internal', { sortBy: 'lastName', sortDirection: 'asc' }),
  );
}

const ifMatch = (version: number) => ({ 'If-Match': `"${version}"` });

export const createClient = (body: CreateClientBody) =>
  apiRequest<ClientLifecycleView>('POST', '/api/clients', { body });

export const updateDraft = (clientId: string, version: number, body: DraftBody) =>
  apiRequest<ClientLifecycleView>('PATCH', `${clientPath(clientId)}/draft`, {
    body,
    headers: ifMatch(version),
  });

export type LifecycleAction = 'base-client' | 'archive' | 'unarchive';

export const runLifecycleAction = (clientId: string, version: number, action: LifecycleAction) =>
  apiRequest<ClientLifecycleView>('POST', `${clientPath(clientId)}/${action}`, { headers: ifMatch(version) });

export const deleteClient = (clientId: string, version: number) =>
  apiRequest<null>('DELETE', clientPath(clientId), { headers: ifMatch(version) });

export const setReleaseStatus = (clientId: string, version: number, releaseStatus: 'LIVE' | null) =>
  apiRequest<ClientLifecycleView>('PUT', `${clientPath(clientId)}/release-status`, {
    body: { releaseStatus },
    headers: ifMatch(version),
  });

export const completeSetupStep = (clientId: string, version: number, stepId: string) =>
  apiRequest<ClientLifecycleView>(
    'POST',
    `${clientPath(clientId)}/setup-steps/${encodeURIComponent(stepId)}`,
    { headers: ifMatch(version) },
  );

/**
 * Puts a write's answer in the cache as the client's lifecycle, and lets the setup read (which the hub's
 * entry guard uses) read again.
 */
export function useApplyLifecycle(clientId: string) {
  const { mutate } = useSWRConfig();
  return async (view: ClientLifecycleView) => {
    await mutate(lifecycleKey(clientId), view, { revalidate: false });
    await mutate(setupKey(clientId));
  };
}

/** Reads the lifecycle again (after a 409, or a refusal that may mean the page is stale). */
export function useReloadLifecycle(clientId: string) {
  const { mutate } = useSWRConfig();
  return () => mutate(lifecycleKey(clientId));
}
