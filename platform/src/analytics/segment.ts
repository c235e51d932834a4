import { Analytics } from '@segment/analytics-node';
import type { AnalyticsEvent } from '@onboard/command-api/analytics';
import type { Logger } from '../logger.ts';

/**
 * The portal's analytics events forwarded to a Segment-compatible API with Segment's maintained Node SDK
 * (ONBOARD_ANALYTICS_WRITE_KEY, and ONBOARD_ANALYTICS_API_HOST for another compatible host). Without a
 * write key there is nothing to forward: the events stay in the portal's own table. Forwarding is best
 * effort and never delays the answer: the SDK batches and retries on its own.
 */
export function segmentForwarder(
  settings: { writeKey: string; apiHost: string | null } | null,
  logger: Pick<Logger, 'warn'>,
): ((events: readonly AnalyticsEvent[]) => void) | null {
  if (!settings) return null;
  const segment = new Analytics({
    writeKey: settings.writeKey,
    ...(settings.apiHost ? { host: settings.apiHost } : {}),
  });
  segment.on('error', (error) => logger.warn({ message: String(error) }, 'analytics forwarding failed'));
  return (events) => {
    for (const e of events) {
      const who = e.userId ? { userId: e.userId } : { anonymousId: e.anonymousId ?? 'anonymous' };
      const timestamp = new Date(e.occurredAt);
      if (e.kind === 'page')
        segment.page({ ...who, name: String(e.properties.name ?? ''), properties: e.properties, timestamp });
      else if (e.kind === 'identify') segment.identify({ ...who, traits: e.properties, timestamp });
      else segment.track({ ...who, event: e.event, properties: e.properties, timestamp });
    }
  };
}
