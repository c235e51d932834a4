import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { LaunchOptions } from 'playwright-core';
import { CHROMIUM_PATH } from '@onboard/testing/backends';

// What both the run's browser server (e2e/global-setup.ts) and the test files (e2e/browser.ts) need, with
// nothing of vitest's test runtime, which the global setup's process does not have.

/** Debian's Chromium, headless, with everything that would phone home turned off. */
export const CHROMIUM_LAUNCH_OPTIONS: LaunchOptions = {
  executablePath: CHROMIUM_PATH,
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-quic',
    '--no-first-run',
    '--disable-sync',
  ],
};

const ROOT = resolve(import.meta.dirname, '..');
const WEB = join(ROOT, 'web');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** What the web bundle is built from: its own sources and the packages it imports rules and names from. */
const WEB_SOURCES = [
  'web/src',
  'domain/src',
  'events/src',
  'api-contract/src',
  'command-api/src',
  'query-api/src',
];

/**
 * The app serves web/dist; `npm test` builds it first, but a lone `npm run test:e2e` after an edit
 * would test a stale bundle, so rebuild when any source of the bundle is newer than the build (once per run,
 * in e2e/global-setup.ts, before the files run side by side).
 */
export function ensureWebBuilt(): void {
  const built = join(WEB, 'dist', 'index.html');
  const sources = Math.max(
    ...WEB_SOURCES.map((dir) => newestMtime(join(ROOT, dir))),
    statSync(join(WEB, 'index.html')).mtimeMs,
  );
  if (existsSync(built) && statSync(built).mtimeMs >= sources) return;
  execFileSync(
    process.execPath,
    [join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', 'web', '--logLevel', 'warn'],
    {
      cwd: ROOT,
      // vitest sets NODE_ENV=test, which would make vite bundle React's development build.
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: 'inherit',
    },
  );
}
