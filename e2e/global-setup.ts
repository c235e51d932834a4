import { chromium, type BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { browserAvailability } from '@onboard/testing/backends';
import { CHROMIUM_LAUNCH_OPTIONS, ensureWebBuilt } from './browser-server.ts';

type Shared = { server: BrowserServer; users: number };
const SHARED = Symbol.for('onboard.test-browser');
type WithShared = typeof globalThis & { [SHARED]?: Promise<Shared> };

/**
 * One Chromium per test run, for every e2e project of the run: each file connects to it
 * (launchBrowser in e2e/browser.ts) and opens contexts of its own, instead of launching a browser.
 * The web bundle is brought up to date here too, once, before files that serve it run side by side.
 */
export default async function setup(project: TestProject) {
  // Without Chromium the files report themselves skipped (or fail in CI) on their own.
  if (!browserAvailability().available) {
    project.provide('browserWsEndpoint', null);
    return;
  }
  ensureWebBuilt();
  const global = globalThis as WithShared;
  global[SHARED] ??= chromium.launchServer(CHROMIUM_LAUNCH_OPTIONS).then((server) => ({ server, users: 0 }));
  const shared = await global[SHARED];
  shared.users += 1;
  project.provide('browserWsEndpoint', shared.server.wsEndpoint());
  return async () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    delete global[SHARED];
    await shared.server.close();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    browserWsEndpoint: string | null;
  }
}
