// The portal's first pages as a user's browser downloads them: the app runs on an embedded PostgreSQL
// with its demo data, and for each page a fresh headless Chromium (no cache; signed in through the API
// where the page needs it) opens the page and waits for its content; every JavaScript response it
// requested is gzip-sized. A screen's code loads when its route opens, so a page counts the shell and its
// own feature. Run after `npm run build:web`: `npx tsx bench/portal-size.ts` (also part of `npm run bench`).
import type { Page } from 'playwright-core';
import { startApp } from '@onboard/platform/app';
import { embeddedTestConfig } from '@onboard/platform/config';
import { apiClient } from '@onboard/platform/testing/http-client';
import type { Report } from './eif.ts';
import { browserBenchSkipped, runStandalone } from './standalone.ts';
import { measureFirstPageJs } from './explorer-size.ts';

/** Budgets in gzipped kilobytes (1 KB = 1024 bytes): the sign-in page, and any other first page. */
const SIGN_IN_BUDGET_KB = 120;
const FIRST_PAGE_BUDGET_KB = 200;

const CLIENT = 'lakeside-manufacturing';
const PAGES: { name: string; path: string; signedInAs: string | null }[] = [
  { name: 'sign-in', path: '/login', signedInAs: null },
  { name: 'client list (staff)', path: '/clients/admin', signedInAs: 'admin@onboard.example' },
  {
    name: 'client manage (staff)',
    path: `/clients/admin/${CLIENT}/manage`,
    signedInAs: 'admin@onboard.example',
  },
  {
    name: 'review changes (staff)',
    path: `/clients/admin/${CLIENT}/manage/review`,
    signedInAs: 'admin@onboard.example',
  },
  { name: 'users (staff)', path: '/users/internal', signedInAs: 'admin@onboard.example' },
  { name: 'client hub', path: `/client/${CLIENT}`, signedInAs: 'benadmin@onboard.example' },
  {
    name: 'EIF sub-step',
    path: `/client/${CLIENT}/task/eif-submit-company-information/step/company-information/tax-id`,
    signedInAs: 'benadmin@onboard.example',
  },
];

/** The page's own content is on screen: no loading skeleton left in the main region, a heading shown. */
async function contentShown(page: Page) {
  await page.locator('#main h1, #main h2').first().waitFor();
  await page.locator('#main .skeleton').first().waitFor({ state: 'detached' });
}

export async function reportPortalFirstPageSizes(databaseUrl: string, report: Report) {
  if (browserBenchSkipped('portal first-page JS', 'index.html')) return;
  const app = await startApp(embeddedTestConfig(databaseUrl, { logLevel: 'error' }));
  try {
    const sessions = new Map<string, ReadonlyMap<string, string>>();
    for (const { name, path, signedInAs } of PAGES) {
      let cookies: ReadonlyMap<string, string> | undefined;
      if (signedInAs) {
        if (!sessions.has(signedInAs)) {
          const client = apiClient(app.url);
          await client.signIn(signedInAs);
          await client.post('/api/users/terms-of-use', {});
          sessions.set(signedInAs, new Map(client.cookies));
        }
        cookies = sessions.get(signedInAs);
      }
      const { files, totalGzipBytes } = await measureFirstPageJs(app.url, path, {
        cookies,
        ready: contentShown,
      });
      const kb = totalGzipBytes / 1024;
      const budget = signedInAs ? FIRST_PAGE_BUDGET_KB : SIGN_IN_BUDGET_KB;
      console.log(
        `      ${name}: ${files.map((f) => `${f.url.replace('/assets/', '')} ${(f.gzipBytes / 1024).toFixed(1)}`).join(', ')}`,
      );
      report(
        `portal first-page JS, ${name} (${path}, gzip)`,
        `${kb.toFixed(1)} KB`,
        kb / budget,
        `<= ${budget} KB`,
        kb <= budget,
      );
    }
  } finally {
    await app.stop();
  }
}

runStandalone(import.meta.url, 'portal_size', (databaseUrl) =>
  reportPortalFirstPageSizes(databaseUrl, (name, value, ratio, target, isMet) =>
    console.log(
      `${isMet ? 'PASS' : 'MISS'}  ${name}: ${value}  ratio to budget ${ratio?.toFixed(2)}  (target ${target})`,
    ),
  ),
);
