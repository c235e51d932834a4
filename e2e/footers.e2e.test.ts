import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { loadConfig } from '@onboard/platform/config';
import { DEMO_CLIENT_ID, DEMO_EXPLORER_PAGE_ID } from '@onboard/platform/seed';
import { apiClient } from '@onboard/platform/testing/http-client';
import { fullPageScreenshot, openHub } from './browser.ts';
import { admin, benAdmin, noBrowser, portalUnderTest } from './testing/portal.ts';

/**
 * The footers of platform §2 on a client's hub: the legal links, the implementation consultant's
 * 'Need Help?' block while the client is not LIVE, and the help centre once staff release it.
 */
describe.skipIf(noBrowser)('footers in the browser', () => {
  let page: Page;
  /** The help centre and legal targets come from the configuration (GET /api/configuration). */
  const CONFIGURED = {
    ONBOARD_HELP_CENTER_URL: 'https://help.carrier.example.test/',
    ONBOARD_LEGAL_URL: 'https://carrier.example.test/legal',
  };

  const portal = portalUnderTest('e2e_footers', (config) => ({
    ...config,
    ...{
      platform: { ...loadConfig(CONFIGURED, 'postgres://unused').platform },
    },
  }));
  beforeAll(async () => {
    page = await portal.browser.newPage({ viewport: { width: 1280, height: 900 } });
  });

  const legalLinks = () =>
    page.getByTestId('legal-footer').locator('.legal-footer__links a').allTextContents();

  it("a benefits administrator's hub shows the legal links and the consultant's 'Need Help?' block", async () => {
    await portal.signInOn(page, benAdmin.email);
    await openHub(page, portal.app.url, DEMO_CLIENT_ID);

    await page.getByTestId('legal-footer').waitFor();
    expect(await legalLinks()).toEqual(['Legal', 'Privacy', 'Security', 'Fraud']);
    const legal = page.getByTestId('legal-footer').getByRole('link', { name: 'Legal', exact: true });
    await expect.poll(() => legal.getAttribute('href')).toBe(CONFIGURED.ONBOARD_LEGAL_URL);
    await expect
      .poll(() => page.getByTestId('legal-footer').textContent())
      .toContain("Life's brighter under the sun");

    const help = page.getByTestId('support-footer');
    await help.getByRole('heading', { name: 'Need Help?' }).waitFor();
    const consultant = help.getByTestId('support-footer-consultant');
    await consultant.getByText('Adam Alvarez').waitFor();
    expect(await consultant.getByRole('link', { name: admin.email }).getAttribute('href')).toBe(
      `mailto:${admin.email}`,
    );
    expect(await consultant.textContent()).toContain('implementation consultant');
    expect(await help.getByTestId('support-footer-help-centre').count()).toBe(0);
    await fullPageScreenshot(page, 'footers-hub-consultant.png');
  });

  it('once staff mark the client LIVE, the block offers the help centre instead', async () => {
    const staff = apiClient(portal.app.url);
    await staff.signIn(admin.email, portal.app.config.demoPassword);
    const lifecycle = await staff.get(`/api/clients/${DEMO_CLIENT_ID}/lifecycle`);
    expect(lifecycle.status).toBe(200);
    const { version } = lifecycle.body as { version: number };
    const released = await staff.put(
      `/api/clients/${DEMO_CLIENT_ID}/release-status`,
      { releaseStatus: 'LIVE' },
      { 'If-Match': `"${version}"` },
    );
    expect(released.status, released.text).toBe(200);

    await page.goto(`${portal.app.url}/client/${DEMO_CLIENT_ID}`);
    const help = page.getByTestId('support-footer');
    await help.getByTestId('support-footer-help-centre').waitFor();
    expect(await help.getByTestId('support-footer-help-centre').getAttribute('href')).toBe(
      CONFIGURED.ONBOARD_HELP_CENTER_URL,
    );
    expect(await help.getByTestId('support-footer-consultant').count()).toBe(0);
    expect(await legalLinks()).toContain('Legal');
    await fullPageScreenshot(page, 'footers-hub-live.png');
  });

  it("the public Explorer's footer: the legal links without the portal's disclosure", async () => {
    const visitor = await portal.browser.newPage();
    await visitor.goto(`${portal.app.url}/benefits-explorer/${DEMO_EXPLORER_PAGE_ID}`);
    const footer = visitor.getByTestId('legal-footer');
    await footer.waitFor({ state: 'attached' });
    expect(await footer.locator('.legal-footer__links a').allTextContents()).toContain('Privacy');
    expect(await footer.locator('.legal-footer__disclosure').count()).toBe(0);
    await visitor.close();
  });
});
