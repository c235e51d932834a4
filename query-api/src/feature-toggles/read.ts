import type { Pool } from 'pg';
import {
  FEATURE_TOGGLE_NAMES,
  isFeatureToggleName,
  resolveFeatureToggle,
  type FeatureToggleName,
  type FeatureToggleSettings,
  type ResolvedFeatureToggle,
} from '@onboard/domain/features/catalogue';

/** Every toggle's default (what a toggle is until staff set it); the platform fills them from config. */
export type FeatureToggleDefaults = Record<FeatureToggleName, boolean>;

export const BUILT_IN_TOGGLE_DEFAULTS: FeatureToggleDefaults = {
  explorerLanguage: true,
  largeClient: false,
  ticketSystemDown: false,
};

export type ToggleSettings = ReadonlyMap<FeatureToggleName, FeatureToggleSettings>;

/** The stored settings of every toggle, from rm_feature_toggles (projections/src/feature-toggles.ts). */
export async function readToggleSettings(
  pool: Pick<Pool, 'query'>,
  clientId: string | null,
): Promise<ToggleSettings> {
  const { rows } = await pool.query<{ toggle: string; client_id: string; enabled: boolean }>(
    `select toggle, client_id, enabled from rm_feature_toggles where client_id = '' or client_id = $1`,
    [clientId ?? ''],
  );
  const settings = new Map<FeatureToggleName, { global: boolean | null; clients: Map<string, boolean> }>();
  for (const row of rows) {
    if (!isFeatureToggleName(row.toggle)) continue;
    const current = settings.get(row.toggle) ?? { global: null, clients: new Map<string, boolean>() };
    if (row.client_id === '') current.global = row.enabled;
    else current.clients.set(row.client_id, row.enabled);
    settings.set(row.toggle, current);
  }
  return settings;
}

/** Every toggle's value for a client (null: globally), each with where it comes from. */
export function resolveAll(
  settings: ToggleSettings,
  defaults: FeatureToggleDefaults,
  clientId: string | null,
): ResolvedFeatureToggle[] {
  return FEATURE_TOGGLE_NAMES.map((name) =>
    resolveFeatureToggle(name, settings.get(name), defaults[name], clientId),
  );
}

export async function resolvedToggles(
  pool: Pick<Pool, 'query'>,
  defaults: FeatureToggleDefaults,
  clientId: string | null,
): Promise<Record<FeatureToggleName, ResolvedFeatureToggle>> {
  const all = resolveAll(await readToggleSettings(pool, clientId), defaults, clientId);
  return Object.fromEntries(all.map((t) => [t.name, t])) as Record<FeatureToggleName, ResolvedFeatureToggle>;
}
