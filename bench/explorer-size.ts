// The public Explorer's first-page JavaScript as a visitor's browser downloads it: the app runs on an
// embedded PostgreSQL with its demo data, headless Chromium opens the seeded demo site as a first-time
// visitor (no storage, no cache) and waits for the page to settle, and every JavaScript response it
// requested is gzip-sized. Lazy chunks that the first paint itself pulls in (say, a picker shown at once)
// count; chunks loaded only when the visitor opens something do not, because they were never requested.
// Run after `npm run build:web`: `npx tsx bench/explorer-size.ts` (also part of `npm run bench`).
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import { startApp } from '@onboard/platform/app';
import { embeddedTestConfig } from '@onboard/platform/config';
import { DEMO_EXPLORER_SLUG } from '@onboard/platform/seed';
import { CHROMIUM_PATH } from '@onboard/testing/backends';
import type { Report } from './eif.ts';
import { browserBenchSkipped, runStandalone } from './standalone.ts';

/** The spec'd budget for the public site's first page, in gzipped kilobytes (1 KB = 1024 bytes). */
const EXPLORER_FIRST_PAGE_BUDGET_KB = 150;

/** The demo site's first page on the main host, as an employee opens the link their employer gave. */
const FIRST_PAGE_PATH = `/benefits-explorer/${DEMO_EXPLORER_SLUG}`;

export type FirstPageSize = {
  files: { url: string; gzipBytes: number }[];
  totalGzipBytes: number;
};

/** Loads `path` of a running app in a fresh headless Chromium and gzip-sizes each JavaScript response. */
export async function measureFirstPageJs(
  baseUrl: string,
  path = FIRST_PAGE_PATH,
  options: { cookies?: ReadonlyMap<string, string>; ready?: (page: Page) => Promise<void> } = {},
): Promise<FirstPageSize> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
    ],
  });
  try {
    const context = await browser.newContext();
    if (options.cookies)
      await context.addCookies([...options.cookies].map(([name, value]) => ({ name, value, url: baseUrl })));
    const page = await context.newPage();
    const pending: Promise<{ url: string; gzipBytes: number } | null>[] = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      const isJs = type === 'script' || /javascript/.test(response.headers()['content-type'] ?? '');
      if (!isJs) return;
      pending.push(
        response
          .body()
          .then((body) => ({
            url: new URL(response.url()).pathname,
            gzipBytes: gzipSync(body, { level: 9 }).length,
          }))
          .catch(() => null),
      );
    });
    const answer = await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
    if (answer?.status() !== 200) throw new Error(`${path} answered ${answer?.status()}`);
    // The first paint is done when the page's own content shows; whatever that paint requested settles.
    await (options.ready ?? ((p) => p.locator('#explorer-main h1').first().waitFor()))(page);
    await page.waitForLoadState('networkidle');
    const sized = (await Promise.all(pending)).filter(
      (f): f is { url: string; gzipBytes: number } => f !== null,
    );
    const files = [...new Map(sized.map((f) => [f.url, f])).values()];
    return { files, totalGzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0) };
  } finally {
    await browser.close();
  }
}

/** Starts the app with its demo data on `databaseUrl` (an empty database) and measures the first page. */
async function explorerFirstPageSize(databaseUrl: string): Promise<FirstPageSize> {
  const app = await startApp(embeddedTestConfig(databaseUrl, { logLevel: 'error' }));
  try {
    const api = `${app.url}/api/explorer-pages/${DEMO_EXPLORER_SLUG}`;
    // The site's projection row exists once the seeded events are projected.
    for (let i = 0; i < 200 && (await fetch(api)).status !== 200; i += 1)
      await new Promise((r) => setTimeout(r, 50));
    return await measureFirstPageJs(app.url);
  } finally {
    await app.stop();
  }
}

export async function reportExplorerFirstPageSize(databaseUrl: string, report: Report) {
  if (browserBenchSkipped('explorer first-page JS', 'explorer.html')) return;
  const { files, totalGzipBytes } = await explorerFirstPageSize(databaseUrl);
  const kb = totalGzipBytes / 1024;
  for (const f of files) console.log(`      ${f.url}: ${(f.gzipBytes / 1024).toFixed(1)} KB gzip`);
  report(
    `explorer first-page JS requested by Chromium (${FIRST_PAGE_PATH}, gzip)`,
    `${kb.toFixed(1)} KB`,
    null,
    `<= ${EXPLORER_FIRST_PAGE_BUDGET_KB} KB`,
    kb <= EXPLORER_FIRST_PAGE_BUDGET_KB,
  );
}

runStandalone(import.meta.url, 'explorer_size', (databaseUrl) =>
  reportExplorerFirstPageSize(databaseUrl, (name, value, _ratio, target, isMet) =>
    console.log(`${isMet ? 'PASS' : 'MISS'}  ${name}: ${value}  (target ${target})`),
  ),
);
