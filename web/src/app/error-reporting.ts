/**
 * Error reporting (onboarding §7, §9). The Sentry browser SDK (error-reporting-sdk.ts) is no part of any
 * first page: it loads once the page has settled, or at once when an error comes first. Until then the
 * errors wait here (the uncaught ones and those a page's boundary catches) and are sent when it is ready.
 */
import { readErrorReportingSettings } from '../api/public.ts';

type Capture = (error: unknown) => void;

/** How long after the page's load the SDK is fetched when nothing went wrong. */
const SETTLE_MS = 3000;
const MAX_WAITING = 20;

let capture: Capture | null = null;
const waiting: unknown[] = [];
let loading: Promise<void> | null = null;

function load(): Promise<void> {
  loading ??= (async () => {
    const response = await readErrorReportingSettings();
    if (!response.ok) throw new Error(`settings answered ${response.status}`);
    const [settings, { startSdk }] = await Promise.all([response.json(), import('./error-reporting-sdk.ts')]);
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
    capture = startSdk(settings);
    for (const error of waiting.splice(0)) capture(error);
    // Browser tests wait for this before throwing in a page.
    document.documentElement.dataset.errorReporting = 'ready';
  })().catch((error: unknown) => console.warn('Error reporting is off:', error));
  return loading;
}

/** Reports an error a component caught (the page's error boundary); the SDK reports uncaught ones itself. */
export function reportError(error: unknown): void {
  if (capture) return capture(error);
  if (waiting.length < MAX_WAITING) waiting.push(error);
  void load();
}

function onError(event: ErrorEvent) {
  reportError(event.error ?? new Error(event.message));
}
function onRejection(event: PromiseRejectionEvent) {
  reportError(event.reason);
}

let started = false;

export function startErrorReporting(): void {
  if (started) return;
  started = true;
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  const later = () => setTimeout(() => void load(), SETTLE_MS);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}
