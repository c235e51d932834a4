import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_PATH } from '../testing/backends.ts';

/** Debian's Chromium, headless, with everything that would phone home turned off. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
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
  });
}

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

/**
 * The app serves web/dist; `npm test` builds it first, but a lone `npm run test:e2e` after an edit
 * would test a stale bundle, so rebuild when any web source is newer than the build.
 */
export function ensureWebBuilt(): void {
  const built = join(WEB, 'dist', 'index.html');
  const sources = Math.max(newestMtime(join(WEB, 'src')), statSync(join(WEB, 'index.html')).mtimeMs);
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

/** Signs in through the demo sign-in page by pressing the demo user's button. */
export async function signInAs(page: Page, name: string): Promise<void> {
  await page.getByRole('heading', { name: 'Sign in to Onboard' }).waitFor();
  await page.getByRole('button', { name: new RegExp(name) }).click();
  await page.getByTestId('signed-in-user').filter({ hasText: name }).waitFor();
}

/**
 * Where screenshots go: the README's docs/screenshots when UPDATE_SCREENSHOTS=1 (to refresh them on
 * purpose), otherwise .tmp/screenshots, so an ordinary test run leaves the work tree clean.
 */
export function screenshotPath(name: string): string {
  const dir =
    process.env.UPDATE_SCREENSHOTS === '1' ? join(ROOT, 'docs/screenshots') : join(ROOT, '.tmp/screenshots');
  mkdirSync(dir, { recursive: true });
  return join(dir, name);
}
