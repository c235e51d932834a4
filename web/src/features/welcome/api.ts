import useSWR, { useSWRConfig } from 'swr';
import type { ImplementationConsultant } from '@onboard/api-contract/views';
import { apiRequest } from '../../api/http.ts';

/**
 * What a client's people see before the hub: whether setup is complete (GET .../setup) and their welcome
 * flow (GET .../welcome-flow, POST .../complete-welcome-flow); query-api/src/clients/lifecycle.contract.ts.
 */
const clientPath = (clientId: string) => `/api/clients/${encodeURIComponent(clientId)}`;
export const setupKey = (clientId: string) => `${clientPath(clientId)}/setup`;
export const welcomeFlowKey = (clientId: string) => `${clientPath(clientId)}/welcome-flow`;

type SetupStepState = { completed: boolean; completedAt: string | null };
/** GET /api/clients/{clientId}/setup (ClientSetup of the query contract). */
export type ClientSetup = {
  broker: SetupStepState;
  benAdmin: SetupStepState;
  docusignEnvelop: SetupStepState;
  configCompanyInfo: SetupStepState;
  importCompanyInfo: SetupStepState;
  completedSetup: boolean;
  completedSetupAt: string | null;
};

/** GET /api/clients/{clientId}/welcome-flow (WelcomeFlow of the query contract). */
export type WelcomeFlow = {
  clientName: string;
  welcomeFlowCompletedAt: string | null;
  implementationConsultant: ImplementationConsultant | null;
  keyDates: { label: string; date: string }[];
};
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
