import type * as AnalyticsModule from './analytics.ts';

type Analytics = typeof AnalyticsModule;

/** Long enough for the first page to have drawn: analytics never competes with the page for the network. */
const LOAD_DELAY_MS = 2000;
let loaded: Promise<Analytics> | null = null;

/**
 * Runs `use` with the analytics module (analytics.ts), loaded once a moment after the first event so no
 * first page carries it; events keep their order while it loads.
 */
export function withAnalytics(use: (analytics: Analytics) => void): void {
  loaded ??= new Promise((done) => setTimeout(done, LOAD_DELAY_MS)).then(() => import('./analytics.ts'));
  void loaded.then(use, () => undefined);
}
