import { useSWRConfig } from 'swr';
import type { ImplementationConsultant } from '@onboard/api-contract/views';
import { call, readKey, useRead, type Read } from '../../api/client.ts';

/**
 * What a client's people see before the hub: whether setup is complete (GET .../setup) and their welcome
 * flow (GET .../welcome-flow, POST .../complete-welcome-flow); query-api/src/clients/lifecycle.contract.ts.
 */
export const setupKey = (clientId: string) => readKey('/api/clients/{clientId}/setup', { clientId });
export const welcomeFlowKey = (clientId: string) =>
  readKey('/api/clients/{clientId}/welcome-flow', { clientId });

export type ClientSetup = Read<'/api/clients/{clientId}/setup'>;
export type WelcomeFlow = Read<'/api/clients/{clientId}/welcome-flow'>;
export type { ImplementationConsultant };

export const useClientSetup = (clientId: string | null) =>
  useRead('/api/clients/{clientId}/setup', clientId ? { clientId } : null);

export const useWelcomeFlow = (clientId: string | null) =>
  useRead('/api/clients/{clientId}/welcome-flow', clientId ? { clientId } : null);

export const completeWelcomeFlow = (clientId: string) =>
  call('post', '/api/clients/{clientId}/complete-welcome-flow', { params: { clientId } });

/** After 'Get started': the welcome flow is completed, so the hub's entry guard lets the person in. */
export function useMarkWelcomeCompleted(clientId: string) {
  const { mutate } = useSWRConfig();
  return (welcomeFlowCompletedAt: string) =>
    mutate<WelcomeFlow>(
      welcomeFlowKey(clientId),
      (current) => (current ? { ...current, welcomeFlowCompletedAt } : current),
      { revalidate: false },
    );
}
