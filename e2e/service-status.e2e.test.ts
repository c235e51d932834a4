import { beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '@onboard/platform/testing/http-client';
import { screenshotPath } from './browser.ts';
import { demoUser, noBrowser, portalUnderTest } from './testing/portal.ts';

const JIRA_DOWN = 'Jira is currently down. Some functionality in Onboard might be unavailable at this time.';

// The embedded default: no ticket system is probed, so staff switch the global toggle `ticketSystemDown`.
describe.skipIf(noBrowser)('the Jira banner in the browser', () => {
  const portal = portalUnderTest('e2e_service_status');
  let staff: ReturnType<typeof apiClient>;
  const ticketSystemDown = async (enabled: boolean) => {
    const answer = await staff.put('/api/feature-toggles/ticketSystemDown', { enabled, clientId: null });
    expect(answer.status).toBe(204);
    expect((await (await fetch(`${portal.app.url}/api/service-status`)).json()) as unknown).toEqual({
      jira: !enabled,
    });
  };

  beforeAll(async () => {
    staff = apiClient(portal.app.url);
    // The owner switches the toggle over HTTP; the admin signs in through the browser's authenticator.
    await staff.signIn(demoUser('SLF_OWNER').email, portal.app.config.demoPassword);
  });

  it('an admin sees the banner while the toggle says Jira is down, and not once it is switched off', async () => {
    await ticketSystemDown(true);
    const admin = demoUser('SLF_ADMIN');
    const page = await portal.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await portal.signInOn(page, admin.email);
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
    const broker = demoUser('BROKER');
    const page = await portal.browser.newPage();
    await portal.signInOn(page, broker.email);
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.getByRole('main').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('jira-banner').count()).toBe(0);
    await page.close();
  });
});
