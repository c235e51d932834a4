import useSWR from 'swr';
import type { LegalLinkTargets } from '@onboard/domain/web';
import { apiGet } from './http.ts';
import { pageHasMarkup } from '../app/prerendered.ts';

/** GET /api/configuration (query-api/src/feature-toggles/routes.contract.ts `Configuration`). */
export type Configuration = {
  version: string;
  environment: 'local' | 'qa' | 'stage' | 'prod' | 'unknown';
  supportEmail: string;
  helpCenterUrl: string;
  legalLinks: LegalLinkTargets;
  analytics: { writeKey: string; apiHost: string | null } | null;
  errorReporting: { dsn: string; tracesSampleRate: number } | null;
  features: { name: string; enabled: boolean }[];
};

const CONFIGURATION_PATH = '/api/configuration';
export const CONFIGURATION_STORAGE_KEY = 'onboard.configuration';

/**
 * The build this code belongs to (VITE_ONBOARD_BUILD_ID at build time, the server's ONBOARD_BUILD_ID;
 * `dev` for both when unset). A stored configuration of another version is a previous deployment's.
 */
const WEB_BUILD_VERSION: string =
  (import.meta as ImportMeta & { env?: Record<string, string | undefined> }).env?.VITE_ONBOARD_BUILD_ID ??
  'dev';

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;

/** The stored configuration when it is this build's (platform §9: it never expires otherwise). */
function storedConfiguration(storage: Storage, version: string): Configuration | null {
  try {
    const stored = JSON.parse(storage.getItem(CONFIGURATION_STORAGE_KEY) ?? 'null') as Configuration | null;
    return stored && stored.version === version ? stored : null;
  } catch {
    return null;
  }
}

/**
 * The configuration: the stored one while its version is this build's, otherwise fetched once and
 * stored. A failed load is thrown (onboarding §8).
 */
export async function loadConfiguration(
  storage: Storage = localStorage,
  version: string = WEB_BUILD_VERSION,
  fetchConfiguration: () => Promise<Configuration> = () => apiGet<Configuration>(CONFIGURATION_PATH),
): Promise<Configuration> {
  const stored = storedConfiguration(storage, version);
  if (stored) return stored;
  const fresh = await fetchConfiguration();
  try {
    storage.setItem(CONFIGURATION_STORAGE_KEY, JSON.stringify(fresh));
  } catch {
    // A full or refused storage only costs a fetch next time.
  }
  return fresh;
}

const CONFIGURATION_KEY = 'configuration';

function useConfigurationState(shouldLoad: boolean) {
  return useSWR<Configuration, unknown>(CONFIGURATION_KEY, () => loadConfiguration(), {
    revalidateOnFocus: false,
    revalidateIfStale: false,
    revalidateOnReconnect: false,
    revalidateOnMount: shouldLoad ? undefined : false,
    shouldRetryOnError: false,
    // A prerendered page's first render is the prerender's: the stored configuration comes with the
    // first load instead, a moment later.
    fallbackData: pageHasMarkup()
      ? undefined
      : (storedConfiguration(localStorage, WEB_BUILD_VERSION) ?? undefined),
  });
}

/** The configuration for a component; a failed load throws to the page's error boundary. */
export function useConfiguration(): Configuration | undefined {
  const { data, error } = useConfigurationState(true);
  if (error) throw error;
  return data;
}

/**
 * The configuration once loaded (by ConfigurationLoader), else undefined: never loads nor throws, so
 * pages that must render without it (the error page) can read it.
 */
export function useLoadedConfiguration(): Configuration | undefined {
  return useConfigurationState(false).data;
}
