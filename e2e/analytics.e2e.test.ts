import { beforeAll, describe, expect, it } from 'vitest';
import { openAdministration, signInThroughUi } from './browser.ts';
import { demoUser, noBrowser, portalUnderTest } from './testing/portal.ts';

// Analytics without a Segment write key (platform §2 tracking parameters, §7 Analytics events): the
// tracking parameters of an e-mail's link leave the address and arrive as one click event, which staff
// then see counted on the analytics page.
describe.skipIf(noBrowser)('analytics in the browser', () => {
  const portal = portalUnderTest('e2e_analytics');

  beforeAll(async () => {
    delete process.env.SEGMENT_WRITE_KEY;
  });

  const clicks = async () => {
    const { rows } = await portal.app.pool.query<{ properties: Record<string, string> }>(
      `select properties from analytics_events where event = 'Element Clicked'`,
    );
    return rows.map((r) => r.properties);
  };

  it('takes the sgm parameters out of the address and records them as exactly one click', async () => {
    const page = await portal.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const query =
      'redirect=%2Fclients%2Fadmin&sgmButtonLabel=Open%20task&sgmModule=Email&sgmClientId=c1' +
      '&sgmClientName=Acme&sgmJiraTicket=ONB-1&sgmEBREmailAddress=a%40b.example';
    await page.goto(`${portal.app.url}/login?${query}`);
    await page.getByRole('heading', { name: 'Sign in to Onboard' }).waitFor();
    // The sign-in page is prerendered: its heading shows before the app's script has cleaned the address.
    await expect.poll(() => new URL(page.url()).search).toBe('?redirect=%2Fclients%2Fadmin');
    expect(new URL(page.url()).pathname).toBe('/login');

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
    const admin = demoUser('SLF_ADMIN');
    await signInThroughUi(page, admin.email, portal.app.config.demoPassword, portal.auth);
    await page.waitForURL((u) => u.pathname === '/clients/admin');
    expect(await clicks()).toHaveLength(1);
    await openAdministration(page, 'Analytics');
    await page.waitForURL((u) => u.pathname === '/analytics/admin');
    const today = new Date().toISOString().slice(0, 10);
    const cell = page.locator(
      `[data-testid="analytics-counts"] td[data-event="Element Clicked"][data-day="${today}"]`,
    );
    await expect.poll(() => cell.textContent(), { timeout: 10_000 }).toBe('1');
    await page.close();
  });
});
