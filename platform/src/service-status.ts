import type { Pool } from 'pg';
import { resolvedToggles, type FeatureToggleDefaults } from '@onboard/query-api/feature-toggles';
import type { TicketSystemStatus } from '@onboard/query-api/service-status';
import type { AppConfig } from './config.ts';

/**
 * The ticket system probed over HTTP: up when the address answers 2xx within the timeout; an error, a
 * timeout or any other status is down.
 */
export function httpTicketSystemStatus(options: {
  url: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}): TicketSystemStatus {
  const get = options.fetch ?? fetch;
  return {
    isUp: async () => {
      try {
        const response = await get(options.url, {
          method: 'GET',
          redirect: 'manual',
          signal: AbortSignal.timeout(options.timeoutMs),
        });
        await response.body?.cancel().catch(() => undefined);
        return response.status >= 200 && response.status < 300;
      } catch {
        return false;
      }
    },
  };
}

/** The embedded default: the global feature toggle `ticketSystemDown` staff switch (up until switched on). */
function toggleTicketSystemStatus(
  pool: Pick<Pool, 'query'>,
  defaults: FeatureToggleDefaults,
): TicketSystemStatus {
  return {
    isUp: async () => !(await resolvedToggles(pool, defaults, null)).ticketSystemDown.enabled,
  };
}

/** The adapter the configuration names. */
export function ticketSystemStatusFor(
  config: Pick<AppConfig, 'serviceStatus'>,
  toggles: { pool: Pick<Pool, 'query'>; defaults: FeatureToggleDefaults },
): TicketSystemStatus {
  const { probeUrl, timeoutMs } = config.serviceStatus;
  return probeUrl
    ? httpTicketSystemStatus({ url: probeUrl, timeoutMs })
    : toggleTicketSystemStatus(toggles.pool, toggles.defaults);
}
