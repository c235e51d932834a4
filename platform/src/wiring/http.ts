import cookieParser from 'cookie-parser';
import express from 'express';
import { csrfProtection } from '@onboard/command-api/auth';
import { analyticsIntake } from '@onboard/command-api/analytics';
import { clientStandingGate } from '../http/client-standing.ts';
import { allContracts } from '../http/contracts.ts';
import { jsonBodyBytes, jsonBodyHygiene, requestHygiene } from '../http/hygiene.ts';
import { explorerPublicHostGuard } from '../explorer/public-host.ts';
import { createErrorReporter } from '../error-reporting/reporter.ts';
import { errorReportingCommandRoutes } from '@onboard/command-api/error-reporting';
import { errorReportingQueryRoutes } from '@onboard/query-api/error-reporting';
import type { Wiring } from './context.ts';

/**
 * What every request passes before a route: input hygiene, the public Explorer host's guard, cookies, the
 * anonymous intakes (analytics, the error-reporting tunnel) with their own limits, then JSON, CSRF and the
 * client standing gate. Answers the error reporter, which the error middleware reports the server's 500s to.
 */
export function wireRequestPipeline({ app, config, has, pool, logger, identity }: Wiring) {
  // Malformed paths, NUL and lone surrogates, a JSON route sent another type: refused before anything runs.
  app.use(requestHygiene(allContracts));
  // explorer §1: a public Explorer host serves the three Explorer routes and nothing else.
  app.use(explorerPublicHostGuard({ hosts: config.explorerPublicHosts, webDist: config.webDist }));
  app.use(cookieParser());
  // Analytics accepts anonymous batches, so its body limit is its own and far smaller (checked first).
  // It is counted per address (anonymous or not) before the body is read.
  app.use('/api/analytics/events', analyticsIntake(identity.deps.throttle, jsonBodyBytes));
  // The error-reporting tunnel takes the SDK's text envelopes without a CSRF header (error-reporting/).
  const errorReporter = createErrorReporter({
    pool,
    dsn: config.sentryDsn,
    release: config.release,
    logger,
    maxBytes: config.anonymousTables.errorReportsMaxBytes,
  });
  if (has('command-api'))
    app.use(errorReportingCommandRoutes({ reporter: errorReporter, throttle: identity.deps.throttle }));
  if (has('query-api'))
    app.use(
      errorReportingQueryRoutes({
        pool,
        authenticate: identity.authenticate,
        settings: { dsn: errorReporter.dsn, release: errorReporter.release },
      }),
    );
  app.use('/api', express.json({ limit: '1mb', verify: jsonBodyBytes }));
  app.use('/api', jsonBodyHygiene);
  app.use('/api', csrfProtection);
  // A deleted client is gone for everyone, an archived one for all but staff, on every client call.
  app.use('/api/clients/:clientId', clientStandingGate({ authenticate: identity.authenticate }));
  return errorReporter;
}
