import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { startApp, type RunningApp } from '@onboard/platform/app';
import { embeddedTestConfig } from '@onboard/platform/config';
import { DEMO_CLIENT_ID } from '@onboard/platform/seed';
import { submitCensus } from '@onboard/platform/testing/census';
import { apiClient, eventually } from '@onboard/platform/testing/http-client';
import { browserAvailability, skipUnless } from '@onboard/testing/backends';
import { seededDatabase } from '@onboard/testing/db';
import { ensureWebBuilt, launchBrowser, openAsServed, PHONE, untilInteractive } from './browser.ts';
import { CENSUS_PATH, POLICY_ID, csvOf, plantedRows } from './testing/census.ts';

const skip = skipUnless('browser', browserAvailability());
const HUB = `/client/${DEMO_CLIENT_ID}`;
const SUB_STEP = `${HUB}/task/eif-submit-company-information/step/company-information/tax-id`;
const CLIENT_LIST = '/clients/admin';

/**
 * A signed-in person's page comes with its first reads' answers and its markup rendered with them
 * (platform/src/http/portal-page.ts, web/src/server.tsx): on screen before any script runs, then hydrated
 * in place without a mismatch, and none of those reads sent again.
 */
describe.skipIf(skip)("a signed-in person's page served with its data", () => {
  let app: RunningApp;
  let browser: Browser;
  let cookies: [string, string][];
  let staffCookies: [string, string][];
  let censusReport: string;

  beforeAll(async () => {
    ensureWebBuilt();
    app = await startApp(embeddedTestConfig(await seededDatabase('e2e_served_with_data')), {
      // However slow the machine, the page waits for its reads and its markup: what it carries is under test.
      pageWaits: { readsMs: 60_000, renderMs: 60_000 },
    });
    browser = await launchBrowser();
    const benAdmin = apiClient(app.url);
    await benAdmin.signIn('benadmin@onboard.example');
    await benAdmin.post('/api/users/terms-of-use', {});
    await benAdmin.post(`/api/clients/${DEMO_CLIENT_ID}/complete-welcome-flow`, {});
    cookies = [...benAdmin.cookies];
    const staff = apiClient(app.url);
    await staff.signIn('admin@onboard.example');
    await staff.post('/api/users/terms-of-use', {});
    staffCookies = [...staff.cookies];
    const census = `/api/clients/${DEMO_CLIENT_ID}/census/${POLICY_ID}`;
    const { documentId } = await submitCensus(
      benAdmin,
      census,
      { bytes: csvOf(plantedRows(60)), name: 'census.csv' },
      'HRIS',
    );
    await eventually(async () => {
      const files = (await benAdmin.get(`${census}/validate`)).body as { document: { status: string } }[];
      expect(files[0]?.document.status).toBe('VALIDATED');
    }, 30_000);
    censusReport = `${CENSUS_PATH}/validation-report/${documentId}`;
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  async function signedInContext(as = cookies): Promise<BrowserContext> {
    const context = await browser.newContext(PHONE);
    await context.addCookies(as.map(([name, value]) => ({ name, value, url: app.url })));
    return context;
  }

  /** The page at `path` as served, every script blocked: what is on screen before the app runs. */
  async function servedWithoutScripts(path: string, context?: BrowserContext) {
    context ??= await signedInContext();
    const page = await context.newPage();
    await page.route('**/assets/*.js', (route) => route.abort());
    await openAsServed(page, `${app.url}${path}`);
    return { context, page };
  }

  /** A staff member's browser in which they searched the client table for Harbor earlier. */
  async function staffWhoFiltered(): Promise<BrowserContext> {
    const context = await signedInContext(staffCookies);
    const page = await context.newPage();
    await page.goto(`${app.url}${CLIENT_LIST}`);
    await untilInteractive(page);
    await page.getByLabel('Search').fill('harbor');
    await page.getByRole('row', { name: /Harbor Freight/ }).waitFor();
    await page.getByRole('row', { name: /Lakeside Manufacturing/ }).waitFor({ state: 'detached' });
    await page.close();
    return context;
  }

  it("shows the staff's client table as they filtered it earlier with no script at all", async () => {
    const { context, page } = await servedWithoutScripts(CLIENT_LIST, await staffWhoFiltered());
    expect(await page.getByRole('row', { name: /Harbor Freight/ }).isVisible()).toBe(true);
    expect(await page.getByRole('row', { name: /Lakeside Manufacturing/ }).count()).toBe(0);
    expect(await page.getByLabel('Search').inputValue()).toBe('harbor');
    expect(await page.locator('[inert] main#main').count()).toBe(1);
    await context.close();
  });

  it('shows the hub with its tasks with no script at all, inert until the app takes it over', async () => {
    const { context, page } = await servedWithoutScripts(HUB);
    expect(await page.getByTestId('hub-progress').isVisible()).toBe(true);
    // Until the app takes the page over, it takes no input: nothing typed is lost.
    expect(await page.locator('[inert] main#main').count()).toBe(1);
    expect(await page.locator('[inert] header').count()).toBe(1);
    await context.close();
  });

  it('lays the census report out with its own styles before any script, its rows to fix included', async () => {
    const { context, page } = await servedWithoutScripts(censusReport);
    expect(await page.getByTestId('census-grid-left').isVisible()).toBe(true);
    // The report's counts sit side by side as they do once its code has run: nothing moves when it does.
    expect(await page.getByTestId('census-counts').evaluate((list) => getComputedStyle(list).display)).toBe(
      'flex',
    );
    await context.close();
  });

  for (const [name, path, content] of [
    ['hub', HUB, '[data-testid="hub-progress"]'],
    ['EIF sub-step', SUB_STEP, '#main .eif-form__section input'],
    ['client list', CLIENT_LIST, '#main table.client-table'],
  ] as const)
    it(`hydrates the ${name} in place, without an error, and reads none of its first reads again`, async () => {
      const context = name === 'client list' ? await staffWhoFiltered() : await signedInContext();
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && !message.text().startsWith('Failed to load resource:'))
          errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      const reads: string[] = [];
      page.on('request', (request) => {
        const { pathname, search } = new URL(request.url());
        if (pathname.startsWith('/api/')) reads.push(pathname + search);
      });
      // The served element is marked as soon as the HTML is parsed; a page rendered afresh would replace it.
      await page.addInitScript((selector: string) => {
        document.addEventListener('readystatechange', () => {
          const served = document.querySelector(selector);
          if (document.readyState === 'interactive' && served) Object.assign(served, { served: true });
        });
      }, content);
      const served = await (await page.goto(`${app.url}${path}`))!.text();
      expect(served).toContain('id="onboard-answers"');
      expect(served).not.toContain('<div id="root"></div>');
      await page.waitForLoadState('networkidle');
      expect(
        await page
          .locator(content)
          .first()
          .evaluate((element) => 'served' in element),
      ).toBe(true);
      // Typing works: the page is the app's now, not a picture of it.
      const first = page.locator(content).first();
      if (name === 'EIF sub-step') {
        await first.fill('x');
        expect(await first.inputValue()).toBe('x');
      }
      expect(errors).toEqual([]);
      expect(reads).not.toContain(`/api/clients/${DEMO_CLIENT_ID}/tasks`);
      expect(reads).not.toContain(`/api/clients/${DEMO_CLIENT_ID}?view=editing`);
      if (name === 'client list') {
        expect(await first.textContent()).toContain('Harbor Freight');
        expect(
          reads.filter((read) => read.startsWith('/api/clients?') || read === '/api/users/slfs'),
        ).toEqual([]);
        // Typing works: the search narrows the table the app now holds.
        await page.getByLabel('Search').fill('lakeside');
        await page.getByRole('row', { name: /Lakeside Manufacturing/ }).waitFor();
      }
      await context.close();
    });
});
