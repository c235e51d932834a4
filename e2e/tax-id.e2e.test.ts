import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_CLIENT_ID } from '@onboard/platform/seed';
import { TAX_ID_MESSAGE } from '@onboard/domain';
import { fullPageScreenshot, screenshotPath, signInThroughUi } from './browser.ts';
import { demoUser, noBrowser, portalUnderTest } from './testing/portal.ts';

const TAX_ID_PATH = `/client/${DEMO_CLIENT_ID}/task/eif-submit-company-information/step/company-information/tax-id`;

describe.skipIf(noBrowser)('tax-id step in the browser', () => {
  const portal = portalUnderTest('e2e_taxid');

  /** The read side is eventually consistent, so a reload may briefly show the old value. */
  async function reloadUntilValue(page: Page, expected: string): Promise<string> {
    const input = page.getByLabel('Federal Tax ID (EIN)');
    let value = '';
    for (let attempt = 0; attempt < 10; attempt++) {
      await page.reload();
      await input.waitFor();
      value = await input.inputValue();
      if (value === expected) break;
      await page.waitForTimeout(500);
    }
    return value;
  }

  it('a benefits administrator validates, saves and reloads the federal tax id', async () => {
    const benAdmin = demoUser('BEN_ADMIN');
    const page = await portal.browser.newPage({ viewport: { width: 1280, height: 800 } });

    // A signed-out visitor is sent to sign-in and brought back afterwards (spec platform §2).
    await page.goto(
      portal.app.url + TAX_ID_PATH.toUpperCase().replace(DEMO_CLIENT_ID.toUpperCase(), DEMO_CLIENT_ID),
    );
    await page.waitForURL(/\/login\?redirect=/);
    await signInThroughUi(page, benAdmin.email, portal.app.config.demoPassword, portal.auth);
    await page.waitForURL((url) => url.pathname.toLowerCase() === TAX_ID_PATH.toLowerCase());

    await page.getByRole('heading', { name: 'Submit Company Information' }).waitFor();
    await page.getByRole('heading', { name: 'Tax ID', exact: true }).waitFor();
    const input = page.getByLabel('Federal Tax ID (EIN)');
    expect(await input.getAttribute('placeholder')).toBe('##-#######');

    await input.fill('12-34');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByText(TAX_ID_MESSAGE).waitFor();
    expect(await input.getAttribute('aria-invalid')).toBe('true');
    await page.screenshot({ path: screenshotPath('tax-id-invalid.png') });

    await input.fill('12-3456789');
    expect(await page.getByText(TAX_ID_MESSAGE).count()).toBe(0);
    await page.getByRole('button', { name: 'Save and continue' }).click();
    // Saved, the form moves on to the next sub-step; Back shows the saved answer.
    await page.waitForURL((url) => url.pathname.endsWith('/subsidiaries-and-affiliates'));
    expect(await page.getByTestId('nav-tax-id').getByTestId('step-status').innerText()).toBe('Completed');
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/tax-id'));
    expect(await input.inputValue()).toBe('12-3456789');

    expect(await reloadUntilValue(page, '12-3456789')).toBe('12-3456789');

    await fullPageScreenshot(page, 'tax-id.png');
    await page.close();
  });

  it('shows both tax ids when someone else changed it meanwhile, and takes theirs on request', async () => {
    const benAdmin = demoUser('BEN_ADMIN');
    const page = await portal.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${portal.app.url}/login?redirect=${encodeURIComponent(TAX_ID_PATH)}`);
    await signInThroughUi(page, benAdmin.email, portal.app.config.demoPassword, portal.auth);
    const input = page.getByLabel('Federal Tax ID (EIN)');
    await input.waitFor();

    // Another session saves first, with the version this page loaded.
    const status = await page.evaluate(async (path) => {
      const csrf = document.cookie
        .split('; ')
        .find((c) => c.startsWith('onboard_csrf='))!
        .split('=')[1]!;
      const current = (await (await fetch(path)).json()) as { version: number };
      const answer = await fetch(path, {
        method: 'PUT',
        headers: {
          'content-type': 'application/json',
          'x-csrf-token': csrf,
          'If-Match': String(current.version),
        },
        body: JSON.stringify({ taxId: '987654321' }),
      });
      return answer.status;
    }, `/api/clients/${DEMO_CLIENT_ID}`);
    expect(status).toBe(200);

    await input.fill('11-1111111');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    // The same answer changed meanwhile: the page stays and shows both values to choose from.
    const collision = page.getByTestId('collision');
    await collision.waitFor();
    expect(new URL(page.url()).pathname.endsWith('/tax-id')).toBe(true);
    expect(await collision.getByTestId('collision-theirs').innerText()).toContain('98-7654321');
    expect(await collision.getByTestId('collision-yours').innerText()).toContain('11-1111111');
    await collision.getByRole('button', { name: 'Take their answer' }).click();
    await expect.poll(() => input.inputValue()).toBe('98-7654321');
    await page.screenshot({ path: screenshotPath('tax-id-conflict.png') });
    await page.close();
  });

  it('shows the 404 page for an unknown path and returns home from it', async () => {
    const page = await portal.browser.newPage();
    await page.goto(`${portal.app.url}/no/such/page`);
    await page
      .getByRole('heading', { name: 'Sorry, the page you are looking for does not exist.' })
      .waitFor();
    await page.getByRole('button', { name: 'Return to Home' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.close();
  });
});
