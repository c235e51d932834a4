import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startApp, type RunningApp } from '@onboard/platform/app';
import { embeddedTestConfig } from '@onboard/platform/config';
import { DEMO_USERS } from '@onboard/platform/seed';
import { browserAvailability, skipUnless } from '@onboard/testing/backends';
import { seededDatabase } from '@onboard/testing/db';
import { authenticator, ensureWebBuilt, launchBrowser, signInThroughUi } from './browser.ts';

const skip = skipUnless('browser', browserAvailability());

// Analytics without a Segment write key (platform §2 tracking parameters, §7 Analytics events): the
// tracking parameters of an e-mail's link leave the address and arrive as one click event, which staff
// then see counted on the analytics page.
describe.skipIf(skip)('analytics in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  const auth = authenticator();

  beforeAll(async () => {
    ensureWebBuilt();
    delete process.env.SEGMENT_WRITE_KEY;
    app = await startApp(embeddedTestConfig(await seededDatabase('e2e_analytics')));
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const clicks = async () => {
    const { rows } = await app.pool.query<{ properties: Record<string, string> }>(
      `select properties from analytics_events where event = 'Element Clicked'`,
    );
    return rows.map((r) => r.properties);
  };

  it('takes the sgm parameters out of the address and records them as exactly one click', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const query =
      'redirect=%2Fclients%2Fadmin&sgmButtonLabel=Open%20task&sgmModule=Email&sgmClientId=c1' +
      '&sgmClientName=Acme&sgmJiraTicket=ONB-1&sgmEBREmailAddress=a%40b.example';
    await page.goto(`${app.url}/login?${query}`);
    await page.getByRole('heading', { name: 'Sign in to Onboard' }).waitFor();
    const url = new URL(page.url());
    expect(url.pathname).toBe('/login');
    expect(url.search).toBe('?redirect=%2Fclients%2Fadmin');

    await expect.poll(clicks, { timeout: 10_000 }).toHaveLength(1);
    // A second batch would have arrived by now (batches go after a second).
    await page.waitForTimeout(2000);
    expect(await clicks()).toEqual([
      {
        sgmButtonLabel: 'Open task',
        sgmModule: 'Email',
        sgmClientId: 'c1',
        sgmClientName: 'Acme',
        sgmJiraTicket: 'ONB-1',
        sgmEBREmailAddress: 'a@b.example',
      },
    ]);

    // Staff see it counted for today on the analytics page, reached from the header.
    const admin = DEMO_USERS.find((u) => u.role === 'SLF_ADMIN')!;
    await signInThroughUi(page, admin.email, app.config.demoPassword, auth);
    await page.waitForURL((u) => u.pathname === '/clients/admin');
    expect(await clicks()).toHaveLength(1);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Administration' })
      .click();
    await page.getByRole('menuitem', { name: 'Analytics' }).click();
    await page.waitForURL((u) => u.pathname === '/analytics/admin');
    const today = new Date().toISOString().slice(0, 10);
    const cell = page.locator(
      `[data-testid="analytics-counts"] td[data-event="Element Clicked"][data-day="${today}"]`,
    );
    await expect.poll(() => cell.textContent(), { timeout: 10_000 }).toBe('1');
    await page.close();
  });
});
