/**
 * The feature toggles staff may switch (platform §3 "feature toggles (not itemised)"; explorer §2, §3).
 * Each has a default, used until staff set it globally; a client's override wins over the global value.
 */
export const FEATURE_TOGGLES = {
  explorerLanguage: {
    label: 'Explorer language dialog',
    description: 'The Benefits Explorer offers its language dialog (not to large clients).',
  },
  largeClient: {
    label: 'Large client',
    description:
      'The client is treated as a large client. Until set, a client with 1,000 or more employees is one.',
  },
  ticketSystemDown: {
    label: 'Ticket system (Jira) is down',
    description:
      'Carrier staff see a banner that Jira is down and some of Onboard may be unavailable. Set for everyone, never per client.',
    globalOnly: true,
  },
} as const;

export type FeatureToggleName = keyof typeof FEATURE_TOGGLES;
export const FEATURE_TOGGLE_NAMES = Object.keys(FEATURE_TOGGLES) as FeatureToggleName[];
/** A toggle that is only ever set for everyone: a client's override of it means nothing. */
export const isGlobalOnlyToggle = (name: FeatureToggleName): boolean =>
  (FEATURE_TOGGLES[name] as { globalOnly?: boolean }).globalOnly === true;
export const isFeatureToggleName = (name: string): name is FeatureToggleName =>
  Object.hasOwn(FEATURE_TOGGLES, name);

/** Where a toggle's value comes from: its default, the global setting, or the client's override. */
export type FeatureToggleSource = 'default' | 'global' | 'client';

export type ResolvedFeatureToggle = {
  name: FeatureToggleName;
  enabled: boolean;
  source: FeatureToggleSource;
};

/** The stored settings of one toggle: the global value (if set) and the clients' overrides. */
export type FeatureToggleSettings = { global: boolean | null; clients: ReadonlyMap<string, boolean> };

/** A toggle's value for a client (or globally, clientId null): override, else global, else the default. */
export function resolveFeatureToggle(
  name: FeatureToggleName,
  settings: FeatureToggleSettings | undefined,
  defaultValue: boolean,
  clientId: string | null,
): ResolvedFeatureToggle {
  const override = clientId === null ? undefined : settings?.clients.get(clientId);
  if (override !== undefined) return { name, enabled: override, source: 'client' };
  if (settings && settings.global !== null) return { name, enabled: settings.global, source: 'global' };
  return { name, enabled: defaultValue, source: 'default' };
}
