import { z } from 'zod';
import { defineRoute, json, problem } from '@onboard/api-contract';

/** The largest body POST /api/analytics/events reads: anyone may send, so the size is the limit. */
export const ANALYTICS_BODY_LIMIT_BYTES = 32 * 1024;
/** The most events one batch carries. */
export const ANALYTICS_BATCH_MAX = 50;

const Properties = z.record(z.string().max(100), z.unknown()).default({});

/**
 * One analytics event as the web's analytics module sends it (platform §7 Analytics events): a page view,
 * who is signed in, or a named track event (Status Changed, Element Clicked, Element Viewed, Element
 * Changed, feedback and push-notification events).
 */
export const AnalyticsEvent = z
  .object({
    kind: z.enum(['page', 'identify', 'track']),
    event: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .meta({ description: 'The track event’s name; page or identify' }),
    properties: Properties,
    anonymousId: z.string().max(100).optional(),
    occurredAt: z.iso
      .datetime()
      .optional()
      .meta({ description: 'When the browser saw it; now when left out' }),
  })
  .strict()
  .meta({ id: 'AnalyticsEvent' });

export const AnalyticsBatch = z
  .object({ events: z.array(AnalyticsEvent).min(1).max(ANALYTICS_BATCH_MAX) })
  .strict()
  .meta({ id: 'AnalyticsBatch' });

export const recordAnalyticsEvents = defineRoute('POST /api/analytics/events', {
  tag: 'analytics',
  summary:
    'Record a batch of analytics events (when no Segment write key is configured); signed in or not, ' +
    `bodies over ${ANALYTICS_BODY_LIMIT_BYTES / 1024} KB are refused, batches are counted per address ` +
    '(ONBOARD_THROTTLE_ANALYTICS_ADDRESS) and the oldest events dropped past the table’s byte cap',
  request: { body: AnalyticsBatch },
  responses: {
    202: json(z.object({ accepted: z.number().int() }), 'The events are stored'),
    400: problem('A malformed batch'),
    413: problem('The body is too large'),
    429: problem('TOO_MANY_ATTEMPTS: too many batches from this address; Retry-After gives the seconds'),
  },
});
