import * as Sentry from '@sentry/browser';
import { environmentOfHost, traceSampleRate } from '@onboard/domain/web';

export type ErrorReportingSettings = { dsn: string; tunnel: string; release: string };

/**
 * The Sentry browser SDK, in a chunk of its own that error-reporting.ts loads once the first page has
 * settled (or at the first error): sends through the tunnel, traces sampled by the host's environment.
 */
export function startSdk(settings: ErrorReportingSettings): (error: unknown) => void {
  const environment = environmentOfHost(window.location.host);
  Sentry.init({
    dsn: settings.dsn,
    tunnel: settings.tunnel,
    release: settings.release,
    environment,
    integrations: [Sentry.browserTracingIntegration()],
    tracesSampleRate: traceSampleRate(environment),
    sendDefaultPii: false,
  });
  return (error) => {
    Sentry.captureException(error);
  };
}
