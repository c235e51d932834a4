import useSWR, { useSWRConfig } from 'swr';
import type { ResponseOf } from '@onboard/api-contract';
import type { ImplementationConsultant } from '@onboard/api-contract/views';
import type { getClientSetup, getWelcomeFlow } from '@onboard/query-api/contracts';
import { apiRequest } from '../../api/http.ts';

/**
 * What a client's people see before the hub: whether setup is complete (GET .../setup) and their welcome
 * flow (GET .../welcome-flow, POST .../complete-welcome-flow); query-api/src/clients/lifecycle.contract.ts.
 */
const clientPath = (clientId: string) => `/api/clients/${encodeURIComponent(clientId)}`;
export const setupKey = (clientId: string) => `${clientPath(clientId)}/setup`;
export const welcomeFlowKey = (clientId: string) => `${clientPath(clientId)}/welcome-flow`;

// Answer types from the routes' contracts (query-api/src/clients/lifecycle.contract.ts), never written twice.
export type ClientSetup = ResponseOf<typeof getClientSetup>;
export type WelcomeFlow = ResponseOf<typeof getWelcomeFlow>;
export type { ImplementationConsultant };

export function useClientSetup(clientId: string | null) {
  return useSWR<ClientSetup>(clientId ? setupKey(clientId) : null);
}

export function useWelcomeFlow(clientId: string | null) {
  return useSWR<WelcomeFlow>(clientId ? welcomeFlowKey(clientId) : null);
}

export const completeWelcomeFlow = (clientId: string) =>
  apiRequest<{ welcomeFlowCompletedAt: string }>('POST', `${clientPath(clientId)}/complete-welcome-flow`);

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
