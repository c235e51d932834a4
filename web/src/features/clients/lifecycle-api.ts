import useSWR, { useSWRConfig } from 'swr';
import { call, readAllPages, readKey, useRead } from '../../api/client.ts';
import { setupKey } from '../welcome/api.ts';
import type { CreateClientBody, DraftBody } from './client-form.ts';
import type { ClientLifecycleView } from './lifecycle-model.ts';

/**
 * The client lifecycle's calls (platform §7 Clients), written against the routes' contracts:
 * command-api/src/clients/lifecycle.contract.ts and query-api/src/clients/lifecycle.contract.ts.
 * Reads give the lifecycle's `version`; every write sends it back as If-Match and answers the new view.
 */
export const lifecycleKey = (clientId: string) => readKey('/api/clients/{clientId}/lifecycle', { clientId });

export const useClientLifecycle = (clientId: string) =>
  useRead('/api/clients/{clientId}/lifecycle', { clientId });

/** Every staff user (the implementation consultant picker); the same list the users pages read. */
export function useStaffUsers() {
  return useSWR('client-lifecycle/staff-users', () =>
    readAllPages('/api/users/internal', {}, { sortBy: 'lastName', sortDirection: 'asc' }),
  );
}

export const createClient = (body: CreateClientBody) => call('post', '/api/clients', { params: {}, body });

export const updateDraft = (clientId: string, version: number, body: DraftBody) =>
  call('patch', '/api/clients/{clientId}/draft', { params: { clientId }, body, ifMatch: version });

export type LifecycleAction = 'base-client' | 'archive' | 'unarchive';

export const runLifecycleAction = (clientId: string, version: number, action: LifecycleAction) =>
  call('post', `/api/clients/{clientId}/${action}`, { params: { clientId }, ifMatch: version });

export const deleteClient = (clientId: string, version: number) =>
  call('delete', '/api/clients/{clientId}', { params: { clientId }, ifMatch: version });

export const setReleaseStatus = (clientId: string, version: number, releaseStatus: 'LIVE' | null) =>
  call('put', '/api/clients/{clientId}/release-status', {
    params: { clientId },
    body: { releaseStatus },
    ifMatch: version,
  });

export const completeSetupStep = (clientId: string, version: number, stepId: string) =>
  call('post', '/api/clients/{clientId}/setup-steps/{stepId}', {
    params: { clientId, stepId },
    ifMatch: version,
  });

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
