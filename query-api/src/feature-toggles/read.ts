import type { Pool } from 'pg';
import {
  FEATURE_TOGGLE_NAMES,
  isFeatureToggleName,
  resolveFeatureToggle,
  type FeatureToggleName,
  type FeatureToggleSettings,
  type ResolvedFeatureToggle,
} from '@onboard/domain';

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

/** Every client override of every toggle, with the client's name (staff see them on the toggles page). */
export type ToggleOverride = { clientId: string; clientName: string; enabled: boolean };

export async function readToggleOverrides(
  pool: Pick<Pool, 'query'>,
): Promise<ReadonlyMap<FeatureToggleName, ToggleOverride[]>> {
  const { rows } = await pool.query<{ toggle: string; client_id: string; enabled: boolean; name: string }>(
    `select t.toggle, t.client_id, t.enabled,
            coalesce(nullif(c.name, ''), nullif(l.name, ''), 'Unnamed client') as name
       from rm_feature_toggles t
       left join rm_clients c on c.client_id = t.client_id
       left join rm_client_lifecycle l on l.client_id = t.client_id
      where t.client_id <> ''
      order by lower(coalesce(nullif(c.name, ''), nullif(l.name, ''), 'Unnamed client')), t.client_id`,
  );
  const overrides = new Map<FeatureToggleName, ToggleOverride[]>();
  for (const row of rows) {
    if (!isFeatureToggleName(row.toggle)) continue;
    const list = overrides.get(row.toggle) ?? [];
    list.push({ clientId: row.client_id, clientName: row.name, enabled: row.enabled });
    overrides.set(row.toggle, list);
  }
  return overrides;
}

/** Who set a toggle's shown value, and when (null: it has its default). */
export type ToggleChange = { at: string; byName: string };

/**
 * The last change behind each toggle's value for a client (its override when it has one, else the
 * value for everyone), or for everyone when clientId is null; the person by name.
 */
export async function readToggleChanges(
  pool: Pick<Pool, 'query'>,
  clientId: string | null,
): Promise<ReadonlyMap<FeatureToggleName, ToggleChange>> {
  const { rows } = await pool.query<{ toggle: string; client_id: string; updated_at: Date; name: string }>(
    `select t.toggle, t.client_id, t.updated_at,
            coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), 'A former user') as name
       from rm_feature_toggles t
       left join rm_users u on u.user_id = t.updated_by
      where t.client_id = '' or t.client_id = $1
      order by t.client_id`,
    [clientId ?? ''],
  );
  const changes = new Map<FeatureToggleName, ToggleChange>();
  // Ordered by client id: the client's override ('' sorts first) replaces the value for everyone.
  for (const row of rows)
    if (isFeatureToggleName(row.toggle))
      changes.set(row.toggle, { at: row.updated_at.toISOString(), byName: row.name });
  return changes;
}

/** A client's name for the toggles page (null: no such client). */
export async function readClientName(pool: Pick<Pool, 'query'>, clientId: string): Promise<string | null> {
  const { rows } = await pool.query<{ name: string }>(
    `select coalesce(nullif(c.name, ''), nullif(l.name, ''), 'Unnamed client') as name
       from (select $1::text as client_id) k
       left join rm_clients c on c.client_id = k.client_id
       left join rm_client_lifecycle l on l.client_id = k.client_id
      where c.client_id is not null or l.client_id is not null`,
    [clientId],
  );
  return rows[0]?.name ?? null;
}
