import { DEFAULT_SUPPORT_SETTINGS, type SupportSettings } from '@onboard/domain/web';
import { useLoadedConfiguration, type Configuration } from '../api/configuration.ts';

/**
 * The support e-mail, the help centre and the legal link targets the web shows: the configuration's
 * (GET /api/configuration), or, before it is loaded or where a page renders without it, the defaults
 * the server answers when no setting overrides them.
 */
export type ConfigValues = SupportSettings;

export const DEFAULT_CONFIG_VALUES: ConfigValues = DEFAULT_SUPPORT_SETTINGS;

/**
 * The configured values, each falling back to its default when the answer lacks it (an older stored
 * one). The rest of the configuration rides along.
 */
export function configValues(configuration: Partial<Configuration> | undefined | null): ConfigValues {
  return { ...DEFAULT_CONFIG_VALUES, ...configuration };
}

/** The values for a component; never throws nor waits (the configuration's load is ConfigurationLoader's). */
export function useConfigValues(): ConfigValues {
  return configValues(useLoadedConfiguration());
}
