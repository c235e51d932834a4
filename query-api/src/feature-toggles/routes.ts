import { Router } from 'express';
import {
  isInternal,
  FEATURE_TOGGLES,
  isGlobalOnlyToggle,
  type LegalLinkTargets,
  environmentOfHost,
  traceSampleRate,
} from '@onboard/domain';
import { mount } from '@onboard/api-contract/express';
import { requireActor, requireClientAccess, type QueryDeps } from '../http/context.ts';
import {
  readClientName,
  readToggleChanges,
  readToggleOverrides,
  readToggleSettings,
  resolveAll,
  type FeatureToggleDefaults,
} from './read.ts';
import { getConfiguration, getFeatureToggles } from './routes.contract.ts';

export type PlatformSettings = {
  /** The build's id (ONBOARD_BUILD_ID); the web replaces its cached configuration when it differs. */
  version: string;
  supportEmail: string;
  helpCenterUrl: string;
  /** Where the legal footer's Legal, Privacy, Security and Fraud links go. */
  legalLinks: LegalLinkTargets;
  /** Segment-compatible analytics; null: none (events stay in the portal). */
  analytics: { writeKey: string; apiHost: string | null } | null;
  /** Error reporting's DSN; null: none. */
  errorReportingDsn: string | null;
  /** Hosts that are production though their names do not say so. */
  productionHosts: readonly string[];
};

export type FeatureToggleQueryDeps = QueryDeps & {
  toggleDefaults: FeatureToggleDefaults;
  settings: PlatformSettings;
};

/** The feature toggles (read model rm_feature_toggles) and the configuration the web starts with. */
export function featureToggleQueryRoutes(deps: FeatureToggleQueryDeps): Router {
  const router = Router();

  mount(router, getFeatureToggles, async (req, res, input) => {
    const actor = await requireActor(deps.authenticate, req);
    const clientId = input.query().clientId ?? null;
    if (clientId !== null && !isInternal(actor)) requireClientAccess(actor, clientId, 'read');
    const settings = await readToggleSettings(deps.pool, clientId);
    const global = new Map(resolveAll(settings, deps.toggleDefaults, null).map((t) => [t.name, t.enabled]));
    const staff = isInternal(actor);
    const overrides = staff ? await readToggleOverrides(deps.pool) : new Map();
    const changes = staff ? await readToggleChanges(deps.pool, clientId) : new Map();
    const clientName = clientId === null ? null : await readClientName(deps.pool, clientId);
    res.set('cache-control', 'private, no-cache').json({
      clientId,
      clientName,
      toggles: resolveAll(settings, deps.toggleDefaults, clientId).map((t) => ({
        ...t,
        label: FEATURE_TOGGLES[t.name].label,
        description: FEATURE_TOGGLES[t.name].description,
        globalEnabled: global.get(t.name)!,
        globalOnly: isGlobalOnlyToggle(t.name),
        overrides: overrides.get(t.name) ?? [],
        lastChange: t.source === 'default' ? null : (changes.get(t.name) ?? null),
      })),
    });
  });

  mount(router, getConfiguration, async (req, res) => {
    const { settings } = deps;
    const environment = environmentOfHost(req.hostname, settings.productionHosts);
    const toggles = resolveAll(await readToggleSettings(deps.pool, null), deps.toggleDefaults, null);
    res.set('cache-control', 'no-cache').json({
      version: settings.version,
      environment,
      supportEmail: settings.supportEmail,
      helpCenterUrl: settings.helpCenterUrl,
      legalLinks: settings.legalLinks,
      analytics: settings.analytics,
      errorReporting: settings.errorReportingDsn
        ? { dsn: settings.errorReportingDsn, tracesSampleRate: traceSampleRate(environment) }
        : null,
      features: toggles.map(({ name, enabled }) => ({ name, enabled })),
    });
  });

  return router;
}
