import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startApp, type RunningApp } from '@onboard/platform/app';
import { embeddedTestConfig } from '@onboard/platform/config';
import { DEMO_USERS } from '@onboard/platform/seed';
import { apiClient } from '@onboard/platform/testing/http-client';
import { browserAvailability, skipUnless } from '@onboard/testing/backends';
import { seededDatabase } from '@onboard/testing/db';
import { authenticator, ensureWebBuilt, launchBrowser, screenshotPath, signInThroughUi } from './browser.ts';

const skip = skipUnless('browser', browserAvailability());
const JIRA_DOWN = 'Jira is currently down. Some functionality in Onboard might be unavailable at this time.';

// The embedded default: no ticket system is probed, so staff switch the global toggle `ticketSystemDown`.
describe.skipIf(skip)('the Jira banner in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let staff: ReturnType<typeof apiClient>;
  const auth = authenticator();
  const ticketSystemDown = async (enabled: boolean) => {
    const answer = await staff.put('/api/feature-toggles/ticketSystemDown', { enabled, clientId: null });
    expect(answer.status).toBe(204);
    expect((await (await fetch(`${app.url}/api/service-status`)).json()) as unknown).toEqual({
      jira: !enabled,
    });
  };

  beforeAll(async () => {
    ensureWebBuilt();
    app = await startApp(embeddedTestConfig(await seededDatabase('e2e_service_status')));
    staff = apiClient(app.url);
    // The owner switches the toggle over HTTP; the admin signs in through the browser's authenticator.
    await staff.signIn(DEMO_USERS.find((u) => u.role === 'SLF_OWNER')!.email, app.config.demoPassword);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('an admin sees the banner while the toggle says Jira is down, and not once it is switched off', async () => {
    await ticketSystemDown(true);
    const admin = DEMO_USERS.find((u) => u.role === 'SLF_ADMIN')!;
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${app.url}/login`);
    await signInThroughUi(page, admin.email, app.config.demoPassword, auth);
    await page.waitForURL((url) => url.pathname === '/clients/admin');

    const banner = page.getByTestId('jira-banner');
    await banner.waitFor();
    expect(await banner.textContent()).toBe(JIRA_DOWN);
    await page.screenshot({ path: screenshotPath('jira-banner.png') });

    await ticketSystemDown(false);
    // The browser keeps its answer a while too (explorer §9); the next page load asks again: no banner.
    await page.reload();
    await page.getByRole('main').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByText(JIRA_DOWN).count()).toBe(0);
    await page.close();
  });

  it('a broker never sees it, even while Jira is down', async () => {
    await ticketSystemDown(true);
    const broker = DEMO_USERS.find((u) => u.role === 'BROKER')!;
    const page = await browser.newPage();
    await page.goto(`${app.url}/login`);
    await signInThroughUi(page, broker.email, app.config.demoPassword, auth);
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.getByRole('main').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('jira-banner').count()).toBe(0);
    await page.close();
  });
});
