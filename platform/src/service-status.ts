import { SERVICE_STATUS_STREAM, parseEvent, type EventStore, type ServiceStatusEvent } from '@onboard/events';
import { foldWith } from '@onboard/domain/decider';
import { serviceStatusDecider } from '@onboard/domain/service-status/decider';
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

/** The embedded default: the setting staff flip, folded from the `service-status` stream (up until set). */
export function settingTicketSystemStatus(store: Pick<EventStore, 'readStream'>): TicketSystemStatus {
  return {
    isUp: async () => {
      const recorded = await store.readStream(SERVICE_STATUS_STREAM);
      const events = recorded.map((r) => parseEvent(r) as ServiceStatusEvent);
      return foldWith(serviceStatusDecider, events).ticketSystemUp;
    },
  };
}

/** The adapter the configuration names. */
export function ticketSystemStatusFor(
  config: Pick<AppConfig, 'serviceStatus'>,
  store: Pick<EventStore, 'readStream'>,
): TicketSystemStatus {
  const { probeUrl, timeoutMs } = config.serviceStatus;
  return probeUrl ? httpTicketSystemStatus({ url: probeUrl, timeoutMs }) : settingTicketSystemStatus(store);
}
