import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startApp, type RunningApp } from '@onboard/platform/app';
import { embeddedTestConfig } from '@onboard/platform/config';
import { DEMO_USERS } from '@onboard/platform/seed';
import { browserAvailability, skipUnless } from '@onboard/testing/backends';
import { freshDatabase } from '@onboard/testing/db';
import { authenticator, ensureWebBuilt, launchBrowser, screenshotPath, signInThroughUi } from './browser.ts';

const skip = skipUnless('browser', browserAvailability());
const JIRA_DOWN = 'Jira is currently down. Some functionality in Onboard might be unavailable at this time.';
/** The server's cache of the probe's answer, short for the test (5 minutes in the product). */
const CACHE_MS = 1000;

describe.skipIf(skip)('the Jira banner in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let ticketSystem: Server;
  let ticketSystemStatus = 503;
  const auth = authenticator();

  beforeAll(async () => {
    ensureWebBuilt();
    // A stand-in for the configured ticket system's status address: answers what the test says.
    ticketSystem = createServer((_req, res) => res.writeHead(ticketSystemStatus).end());
    await new Promise<void>((done) => ticketSystem.listen(0, '127.0.0.1', () => done()));
    const probeUrl = `http://127.0.0.1:${(ticketSystem.address() as AddressInfo).port}/status`;
    app = await startApp(
      embeddedTestConfig(await freshDatabase('e2e_service_status'), {
        serviceStatus: { probeUrl, timeoutMs: 1000, cacheMs: CACHE_MS },
      }),
    );
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    ticketSystem?.closeAllConnections();
    await new Promise<void>((done) => (ticketSystem ? ticketSystem.close(() => done()) : done()));
  });

  it('an admin sees the banner while the probe says Jira is down, and not once it is up', async () => {
    const admin = DEMO_USERS.find((u) => u.role === 'SLF_ADMIN')!;
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${app.url}/login`);
    await signInThroughUi(page, admin.email, app.config.demoPassword, auth);
    await page.waitForURL((url) => url.pathname === '/clients/admin');

    const banner = page.getByTestId('jira-banner');
    await banner.waitFor();
    expect(await banner.textContent()).toBe(JIRA_DOWN);
    await page.screenshot({ path: screenshotPath('jira-banner.png') });

    ticketSystemStatus = 200;
    // Once the server's cache has expired it answers up, and the next page load has no banner.
    await expect
      .poll(async () => (await fetch(`${app.url}/api/service-status`)).json(), { timeout: 5000 })
      .toEqual({ jira: true });
    await page.reload();
    await page.getByRole('main').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByText(JIRA_DOWN).count()).toBe(0);
    await page.close();
  });

  it('a broker never sees it, even while Jira is down', async () => {
    ticketSystemStatus = 503;
    await expect
      .poll(async () => (await fetch(`${app.url}/api/service-status`)).json(), { timeout: 5000 })
      .toEqual({ jira: false });
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
