import { Router } from 'express';
import { ForbiddenError, isInternal } from '@onboard/domain';
import { mount } from '@onboard/api-contract/express';
import { requireActor, type QueryDeps } from '../http/context.ts';
import { getAnalyticsCounts } from './routes.contract.ts';

export type AnalyticsQueryDeps = QueryDeps;

/** The staff page's counts per event per day (analytics_events). */
export function analyticsQueryRoutes(deps: AnalyticsQueryDeps): Router {
  const router = Router();

  mount(router, getAnalyticsCounts, async (req, res, input) => {
    const actor = await requireActor(deps.authenticate, req);
    if (!isInternal(actor)) throw new ForbiddenError('Only internal staff read analytics');
    const { days } = input.query();
    const now = (deps.now ?? (() => new Date()))();
    const { rows } = await deps.pool.query<{ day: string; event: string; count: string }>(
      `select to_char(received_at at time zone 'UTC', 'YYYY-MM-DD') as day, event, count(*) as count
       from analytics_events
       where received_at > $1::timestamptz - make_interval(days => $2::int)
       group by 1, 2
       order by 1 desc, 3 desc, 2`,
      [now.toISOString(), days],
    );
    res.set('cache-control', 'no-store').json({
      days,
      rows: rows.map((r) => ({ day: r.day, event: r.event, count: Number(r.count) })),
    });
  });

  return router;
}
