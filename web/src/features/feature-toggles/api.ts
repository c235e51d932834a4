import { useSWRConfig } from 'swr';
import { call, useRead, type Read } from '../../api/client.ts';

export type FeatureToggles = Read<'/api/feature-toggles'>;
export type FeatureToggle = FeatureToggles['toggles'][number];

/** The toggles, globally or merged for a client; cached by swr like every read (platform §9). */
export const useFeatureToggles = (clientId: string | null) =>
  useRead('/api/feature-toggles', {}, { clientId: clientId ?? undefined });

/** Staff switch a toggle (globally, or for one client) or remove a client's override. */
export function useFeatureToggleWrites() {
  const { mutate } = useSWRConfig();
  const refresh = () =>
    mutate((key) => typeof key === 'string' && key.startsWith('/api/feature-toggles'), undefined, {
      revalidate: true,
    });
  return {
    set: async (name: string, enabled: boolean, clientId: string | null) => {
      await call('put', '/api/feature-toggles/{toggle}', {
        params: { toggle: name },
        body: { enabled, clientId },
      });
      await refresh();
    },
    clearOverride: async (name: string, clientId: string) => {
      await call('delete', '/api/feature-toggles/{toggle}/clients/{clientId}', {
        params: { toggle: name, clientId },
      });
      await refresh();
    },
  };
}
