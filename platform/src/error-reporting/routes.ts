import express, { Router } from 'express';
import type pg from 'pg';
import { AppError, ForbiddenError, UnauthorizedError, isInternal, type Actor } from '@onboard/domain';
import { mount } from '@onboard/api-contract/express';
import type { Request, RequestHandler } from 'express';
import { addressOf, type Throttle } from '@onboard/command-api/throttle';
import type { ErrorReporter } from './reporter.ts';
import {
  ENVELOPE_CONTENT_TYPES,
  ENVELOPE_LIMIT_BYTES,
  errorReportingSettings,
  listErrorReports,
  sentryTunnel,
} from './routes.contract.ts';

export type ErrorReportingDeps = {
  pool: pg.Pool;
  authenticate: (req: Request) => Promise<Actor | null>;
  reporter: Pick<ErrorReporter, 'dsn' | 'release' | 'takeEnvelope'>;
  /** The tunnel is anonymous: envelopes count per address before they are read. */
  throttle: Pick<Throttle, 'consume'>;
};

type Row = {
  report_id: string;
  source: 'web' | 'server';
  level: string;
  message: string;
  url: string | null;
  release: string | null;
  environment: string | null;
  occurred_at: Date;
  received_at: Date;
};

const LEVEL_LABELS: Record<string, string> = {
  fatal: 'Fatal',
  error: 'Error',
  warning: 'Warning',
  info: 'Information',
  log: 'Log',
  debug: 'Debug',
};
const SOURCE_LABELS = { web: 'In the browser', server: 'On the server' } as const;

/**
 * The error-reporting tunnel (onboarding §7, platform §7): mounted before the JSON parser and the CSRF
 * check, since the browser SDK sends an envelope as text and no CSRF header; and the staff's list of the
 * reports kept here when no service is configured.
 */
export function errorReportingRoutes(deps: ErrorReportingDeps): Router {
  const router = Router();
  const readEnvelope = express.raw({ type: [...ENVELOPE_CONTENT_TYPES], limit: ENVELOPE_LIMIT_BYTES });
  const countEnvelope: RequestHandler = (req, res, next) => {
    deps.throttle.consume(res, ['errorReportAddress', addressOf(req)]).then(() => next(), next);
  };

  mount(
    router,
    sentryTunnel,
    async (req, res) => {
      if (!Buffer.isBuffer(req.body))
        throw new AppError(
          415,
          'UNSUPPORTED_MEDIA_TYPE',
          'Send a Sentry envelope (application/x-sentry-envelope)',
        );
      const answer = await deps.reporter.takeEnvelope(new Uint8Array(req.body));
      res.json(answer);
    },
    { before: [countEnvelope, readEnvelope] },
  );

  mount(router, errorReportingSettings, async (_req, res) => {
    res.set('cache-control', 'no-store').json({
      dsn: deps.reporter.dsn,
      tunnel: '/api/sentry',
      release: deps.reporter.release,
    });
  });

  mount(router, listErrorReports, async (req, res, input) => {
    const actor = await deps.authenticate(req);
    if (!actor) throw new UnauthorizedError();
    if (!isInternal(actor)) throw new ForbiddenError('Only staff read error reports');
    const { limit } = input.query();
    const { rows } = await deps.pool.query<Row>(
      `select report_id, source, level, message, url, release, environment, occurred_at, received_at
       from error_reports order by received_at desc, report_id desc limit $1`,
      [limit],
    );
    res.set('cache-control', 'no-store').json(
      rows.map((row) => ({
        reportId: String(row.report_id),
        source: row.source,
        sourceLabel: SOURCE_LABELS[row.source],
        level: row.level,
        levelLabel: LEVEL_LABELS[row.level] ?? row.level,
        message: row.message,
        url: row.url,
        release: row.release,
        environment: row.environment,
        occurredAt: row.occurred_at.toISOString(),
        receivedAt: row.received_at.toISOString(),
      })),
    );
  });

  return router;
}
