import type * as SentryBrowser from '@sentry/browser';
import { environmentFromHost, traceSampleRate } from '@onboard/domain/platform/environment';

/**
 * Error reporting (onboarding §7, §9): the Sentry browser SDK, loaded after the first paint so no first
 * page carries it, sends through the tunnel POST /api/sentry; the server forwards to the configured DSN or
 * keeps the reports for staff. Trace sampling follows the environment the host names. An error a page's
 * boundary catches before the SDK is loaded waits for it.
 */
type Settings = { dsn: string; tunnel: string; release: string };
type Sdk = typeof SentryBrowser;

let sdk: Sdk | null = null;
const waiting: unknown[] = [];

/** Reports an error a component caught (the page's error boundary); the SDK reports uncaught ones itself. */
export function reportError(error: unknown): void {
  if (sdk) sdk.captureException(error);
  else if (waiting.length < 20) waiting.push(error);
}

const afterFirstPaint = () =>
  new Promise<void>((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
  });

async function start(): Promise<void> {
  await afterFirstPaint();
  const response = await fetch('/api/sentry/settings', { credentials: 'same-origin' });
  if (!response.ok) return;
  const settings = (await response.json()) as Settings;
  const Sentry = await import('@sentry/browser');
  const environment = environmentFromHost(window.location.host);
  Sentry.init({
    dsn: settings.dsn,
    tunnel: settings.tunnel,
    release: settings.release,
    environment,
    integrations: [Sentry.browserTracingIntegration()],
    tracesSampleRate: traceSampleRate(environment),
    sendDefaultPii: false,
  });
  sdk = Sentry;
  for (const error of waiting.splice(0)) Sentry.captureException(error);
  // Browser tests wait for this before throwing in a page.
  document.documentElement.dataset.errorReporting = 'ready';
}

let started = false;

export function startErrorReporting(): void {
  if (started) return;
  started = true;
  start().catch((error: unknown) => console.warn('Error reporting is off:', error));
}
