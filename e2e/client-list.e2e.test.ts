import { describe, expect, it } from 'vitest';
import { DEMO_CLIENT_ID } from '@onboard/platform/seed';
import { screenshotPath, signInThroughUi } from './browser.ts';
import { noBrowser, portalUnderTest } from './testing/portal.ts';

// The staff client list keeps each person's search and filters in the browser; the hub's banner leads
// staff back to the list and to the manage page.
describe.skipIf(noBrowser)('the staff client list in the browser', () => {
  const portal = portalUnderTest('e2e_client_list');

  it('filters, keeps the filters across a reload, and the hub banner leads back', async () => {
    const page = await portal.browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${portal.app.url}/login?redirect=${encodeURIComponent('/clients/admin')}`);
    await signInThroughUi(page, 'admin@onboard.example', portal.app.config.demoPassword, portal.auth);
    await page.getByRole('heading', { name: 'Clients', exact: true }).waitFor();
    const lakeside = page.getByRole('row', { name: /Lakeside Manufacturing/ });
    await lakeside.waitFor();
    // Opening a client is a dialog of its own (e2e/onboarding-hub.e2e.test.ts walks it).
    expect(await page.getByRole('button', { name: 'New client' }).isVisible()).toBe(true);

    // Signed EIFs only: the demo clients are all unsigned.
    await page.getByLabel('EIF status').selectOption({ label: 'Signed' });
    await page.getByText('No clients match these filters.').waitFor();
    await page.getByLabel('EIF status').selectOption({ label: 'Not signed' });
    await page.getByLabel('Search').fill('lakeside');
    // Lakeside was listed before the search too: wait for the search to narrow the list to it.
    await expect.poll(() => page.getByRole('row').count(), { timeout: 10_000 }).toBe(2);
    await lakeside.waitFor();
    await page.reload();
    await lakeside.waitFor();
    expect(await page.getByLabel('Search').inputValue()).toBe('lakeside');
    expect(await page.getByLabel('EIF status').inputValue()).toBe('pre_sign');
    await page.screenshot({ path: screenshotPath('client-list-filtered.png') });

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByRole('row', { name: /Tri-State Staffing/ }).waitFor();

    await page.goto(`${portal.app.url}/client/${DEMO_CLIENT_ID}`);
    const banner = page.getByRole('navigation', { name: 'Client' });
    await banner.getByRole('link', { name: 'Manage client' }).click();
    await page.waitForURL((url) => url.pathname === `/clients/admin/${DEMO_CLIENT_ID}/manage`);
    await page.goto(`${portal.app.url}/client/${DEMO_CLIENT_ID}`);
    await banner.getByRole('link', { name: 'See all clients' }).click();
    await page.waitForURL((url) => url.pathname === '/clients/admin');
    await page.close();
  });
});
