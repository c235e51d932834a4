import express, { Router, type RequestHandler } from 'express';
import type pg from 'pg';
import { mount } from '@onboard/api-contract/express';
import { AppError } from '@onboard/domain';
import type { CommandDeps } from '../http/context.ts';
import { addressOf, tableCap, type Throttle } from '../http/throttle.ts';
import { ANALYTICS_BODY_LIMIT_BYTES, recordAnalyticsEvents } from './routes.contract.ts';

/** One event as the portal keeps it and forwards it. */
export type AnalyticsEvent = {
  kind: 'page' | 'identify' | 'track';
  event: string;
  properties: Record<string, unknown>;
  anonymousId: string | null;
  occurredAt: string;
  userId: string | null;
};

export type AnalyticsCommandDeps = Pick<CommandDeps, 'authenticate' | 'now'> & {
  pool: pg.Pool;
  /** A Segment-compatible API the events go on to (platform/src/analytics/segment.ts); null: none. */
  forward?: ((events: readonly AnalyticsEvent[]) => void) | null;
  /** The most the kept events may take together; the oldest go first (256 MB by default). */
  maxBytes?: number;
};

const DEFAULT_ANALYTICS_MAX_BYTES = 256 * 1024 * 1024;

/**
 * What POST /api/analytics/events goes through before the API's own parser (1 MB): a count per address
 * (anyone may send), then its own, far smaller body parser, so an oversized body is a 413 before it is
 * read whole.
 */
export function analyticsIntake(
  throttle: Pick<Throttle, 'consume'>,
  verify?: NonNullable<Parameters<typeof express.json>[0]>['verify'],
): RequestHandler[] {
  const count: RequestHandler = (req, res, next) => {
    if (req.method !== 'POST') return next();
    throttle.consume(res, ['analyticsAddress', addressOf(req)]).then(() => next(), next);
  };
  return [count, express.json({ limit: ANALYTICS_BODY_LIMIT_BYTES, verify })];
}

/** Refuses by the declared length too, whichever parser ran first. */
const declaredLengthLimit: RequestHandler = (req, _res, next) => {
  if (Number(req.headers['content-length'] ?? 0) > ANALYTICS_BODY_LIMIT_BYTES)
    return next(new AppError(413, 'PAYLOAD_TOO_LARGE', 'The request body is too large'));
  next();
};

/**
 * A batch of events into the analytics_events table (platform/migrations/0003), with the signed-in user
 * when there is one, then on to the configured Segment-compatible API. Analytics is telemetry, not the
 * portal's history, so it is a table, not an event stream.
 */
export function analyticsCommandRoutes(deps: AnalyticsCommandDeps): Router {
  const router = Router();
  const trim = tableCap(deps.pool, 'analytics_events', 'id', deps.maxBytes ?? DEFAULT_ANALYTICS_MAX_BYTES);
  mount(
    router,
    recordAnalyticsEvents,
    async (req, res, input) => {
      const { events } = input.body();
      const actor = await deps.authenticate(req).catch(() => null);
      const now = deps.now().toISOString();
      const kept: AnalyticsEvent[] = events.map((e) => ({
        kind: e.kind,
        event: e.event,
        properties: e.properties,
        anonymousId: e.anonymousId ?? null,
        occurredAt: e.occurredAt ?? now,
        userId: actor?.userId ?? null,
      }));
      await deps.pool.query(
        `insert into analytics_events (kind, event, properties, user_id, anonymous_id, occurred_at, size_bytes)
         select e.kind, e.event, e.properties, e."userId", e."anonymousId", e."occurredAt",
           octet_length(e.properties::text) + octet_length(e.event) + coalesce(octet_length(e."anonymousId"), 0)
         from jsonb_to_recordset($1::jsonb) as e(kind text, event text, properties jsonb, "userId" text,
           "anonymousId" text, "occurredAt" timestamptz)`,
        [JSON.stringify(kept)],
      );
      await trim();
      deps.forward?.(kept);
      res.status(202).json({ accepted: events.length });
    },
    { before: [declaredLengthLimit] },
  );
  return router;
}
