import { analyticsCommandRoutes } from '@onboard/command-api/analytics';
import { analyticsQueryRoutes } from '@onboard/query-api/analytics';
import { segmentForwarder } from '../analytics/segment.ts';
import { commandDepsOf, type Wiring } from './context.ts';

/** Product analytics: the browser's batches kept (and forwarded to Segment when configured), staff's reads. */
export function wireAnalytics(w: Wiring) {
  const { app, has, config, pool, logger, now, identity } = w;
  if (has('command-api'))
    app.use(
      analyticsCommandRoutes({
        ...commandDepsOf(w),
        pool,
        forward: segmentForwarder(config.platform.analytics, logger),
        maxBytes: config.anonymousTables.analyticsMaxBytes,
      }),
    );
  if (has('query-api')) app.use(analyticsQueryRoutes({ pool, authenticate: identity.authenticate, now }));
}
