import { Router } from 'express';
import { ForbiddenError, isInternal } from '@onboard/domain';
import { mount } from '@onboard/api-contract/express';
import { requireActor, type QueryDeps } from '../http/context.ts';
import { errorReportingSettings, listErrorReports } from './routes.contract.ts';

export type ErrorReportingQueryDeps = QueryDeps & {
  /** What the browser SDK is told: the DSN it names and the release. */
  settings: { dsn: string; release: string };
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
 * What the browser's error reporting needs to start, and the staff's list of the reports kept here
 * (`error_reports`) when no service is configured.
 */
export function errorReportingQueryRoutes(deps: ErrorReportingQueryDeps): Router {
  const router = Router();

  mount(router, errorReportingSettings, async (_req, res) => {
    res.set('cache-control', 'no-store').json({
      dsn: deps.settings.dsn,
      tunnel: '/api/sentry',
      release: deps.settings.release,
    });
  });

  mount(router, listErrorReports, async (req, res, input) => {
    const actor = await requireActor(deps.authenticate, req);
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
