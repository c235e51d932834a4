import { featureToggleCommandRoutes } from '@onboard/command-api/feature-toggles';
import { BUILT_IN_TOGGLE_DEFAULTS, featureToggleQueryRoutes } from '@onboard/query-api/feature-toggles';
import { cachedStatus, serviceStatusQueryRoutes } from '@onboard/query-api/service-status';
import { ticketSystemStatusFor } from '../service-status.ts';
import { commandDepsOf, type Wiring } from './context.ts';

/** The feature toggles, and the service status the global toggle `ticketSystemDown` stands in for. */
export function wireFeatureToggles(w: Wiring) {
  const { app, has, config, pool, identity } = w;
  const toggleDefaults = { ...BUILT_IN_TOGGLE_DEFAULTS, explorerLanguage: config.explorerLanguageToggle };
  // Whether the ticket system is up (explorer §7): probed, or the global toggle `ticketSystemDown`, cached
  // for every caller. Staff switching that toggle set this process's cached answer; another replica's expires
  // within cacheMs.
  const ticketSystemStatus = cachedStatus(ticketSystemStatusFor(config, { pool, defaults: toggleDefaults }), {
    ttlMs: config.serviceStatus.cacheMs,
  });
  if (has('command-api'))
    app.use(
      featureToggleCommandRoutes({
        ...commandDepsOf(w),
        onGlobalSet: (toggle, enabled) => {
          if (toggle === 'ticketSystemDown' && !config.serviceStatus.probeUrl)
            ticketSystemStatus.remember(!enabled);
        },
      }),
    );
  if (has('query-api')) {
    app.use(serviceStatusQueryRoutes({ ticketSystem: ticketSystemStatus }));
    app.use(
      featureToggleQueryRoutes({
        pool,
        authenticate: identity.authenticate,
        settings: config.platform,
        toggleDefaults,
      }),
    );
  }
}
