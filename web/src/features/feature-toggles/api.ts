import useSWR, { useSWRConfig } from 'swr';
import { apiRequest } from '../../api/http.ts';

/** GET /api/feature-toggles (query-api/src/feature-toggles/routes.contract.ts). */
export type FeatureToggle = {
  name: string;
  label: string;
  description: string;
  enabled: boolean;
  source: 'default' | 'global' | 'client';
  globalEnabled: boolean;
  /** Set for everyone only: no client overrides it. */
  globalOnly: boolean;
  /** Every client's override, by the client's name. */
  overrides: { clientId: string; clientName: string; enabled: boolean }[];
  /** Who set the value shown, and when; null while it has its default. */
  lastChange: { at: string; byName: string } | null;
};
export type FeatureToggles = { clientId: string | null; clientName: string | null; toggles: FeatureToggle[] };

const featureTogglesPath = (clientId: string | null) =>
  clientId ? `/api/feature-toggles?${new URLSearchParams({ clientId })}` : '/api/feature-toggles';

/** The toggles, globally or merged for a client; cached by swr like every read (platform §9). */
export function useFeatureToggles(clientId: string | null) {
  return useSWR<FeatureToggles>(featureTogglesPath(clientId));
}

/** Staff switch a toggle (globally, or for one client) or remove a client's override. */
export function useFeatureToggleWrites() {
  const { mutate } = useSWRConfig();
  const refresh = () =>
    mutate((key) => typeof key === 'string' && key.startsWith('/api/feature-toggles'), undefined, {
      revalidate: true,
    });
  return {
    set: async (name: string, enabled: boolean, clientId: string | null) => {
      await apiRequest('PUT', `/api/feature-toggles/${encodeURIComponent(name)}`, {
        body: { enabled, clientId },
      });
      await refresh();
    },
    clearOverride: async (name: string, clientId: string) => {
      await apiRequest(
        'DELETE',
        `/api/feature-toggles/${encodeURIComponent(name)}/clients/${encodeURIComponent(clientId)}`,
      );
      await refresh();
    },
  };
}
