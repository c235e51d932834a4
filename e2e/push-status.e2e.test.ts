import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { BusMessage } from '@onboard/events';
import { DEMO_CLIENT_ID } from '@onboard/platform/seed';
import { screenshotPath, signOutThroughUi } from './browser.ts';
import { demoUser, noBrowser, portalUnderTest } from './testing/portal.ts';

type ApiJobStatus = Extract<BusMessage, { topic: 'QPS_PUSH_STATUS' }>['payload']['apiJobStatus'];

describe.skipIf(noBrowser)('push-status overlay in the browser', () => {
  const portal = portalUnderTest('e2e_push');

  const publishStatus = (apiJobStatus: ApiJobStatus) =>
    portal.app.bus.publish([
      {
        topic: 'QPS_PUSH_STATUS',
        id: randomUUID(),
        occurredAt: new Date().toISOString(),
        payload: { clientId: DEMO_CLIENT_ID, apiJobStatus },
      },
    ]);

  /**
   * Messages reach only browsers already connected to the stream; the moment the EventSource is
   * registered is not visible from outside, so the first message is re-published until it shows.
   */
  async function publishUntilShown(page: Page, apiJobStatus: ApiJobStatus, selector: string): Promise<void> {
    for (let attempt = 0; attempt < 10; attempt++) {
      await publishStatus(apiJobStatus);
      const shown = await page
        .locator(selector)
        .waitFor({ timeout: 2000 })
        .then(() => true)
        .catch(() => false);
      if (shown) return;
    }
    throw new Error(`${selector} never appeared`);
  }

  it('an admin sees a push go from loading to success', async () => {
    const admin = demoUser('SLF_ADMIN');
    const page = await portal.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await portal.signInOn(page, admin.email);
    await page.waitForURL((url) => url.pathname === '/clients/admin');

    const entry = `[data-testid="push-status-${DEMO_CLIENT_ID}"]`;
    await publishUntilShown(page, 'IN_PROGRESS', `${entry}[data-state="loading"]`);

    // The mock progress advances 2 points per second while loading and stops below 100.
    const progress = page.locator(`${entry} [role="progressbar"]`);
    await page.waitForFunction(
      (sel) => Number(document.querySelector(sel)?.getAttribute('aria-valuenow')) >= 2,
      `${entry} [role="progressbar"]`,
      { timeout: 5000 },
    );
    expect(Number(await progress.getAttribute('aria-valuenow'))).toBeLessThan(100);
    await page.locator(entry).getByText('Lakeside Manufacturing Co.').waitFor();
    await page.screenshot({ path: screenshotPath('push-status.png') });

    await publishStatus('COMPLETED');
    await page.locator(`${entry}[data-state="success"]`).waitFor();
    expect(await progress.getAttribute('aria-valuenow')).toBe('100');

    await page
      .locator(entry)
      .getByRole('button', { name: /Remove/ })
      .click();
    await page.locator(entry).waitFor({ state: 'detached' });

    await signOutThroughUi(page);
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.close();
  });

  it('an admin sees a short toast linking to a sent e-mail', async () => {
    const admin = demoUser('SLF_OWNER');
    const page = await portal.browser.newPage();
    await portal.signInOn(page, admin.email);
    await page.waitForURL((url) => url.pathname === '/clients/admin');

    const emailId = randomUUID();
    const link = page.getByRole('link', { name: 'Welcome to Onboard' });
    for (let attempt = 0; attempt < 10 && (await link.count()) === 0; attempt++) {
      await portal.app.bus.publish([
        {
          topic: 'EMAIL_SENT',
          id: randomUUID(),
          occurredAt: new Date().toISOString(),
          payload: { emailId, subject: 'Welcome to Onboard' },
        },
      ]);
      await link
        .first()
        .waitFor({ timeout: 2000 })
        .catch(() => undefined);
    }
    expect(await link.first().getAttribute('href')).toBe(`/emails/${emailId}`);
    const maxWidth = await page
      .getByTestId('email-toast')
      .first()
      .evaluate((el) => getComputedStyle(el).maxWidth);
    // At most 500 px, and never wider than the screen (a phone's).
    expect(maxWidth).toBe('min(500px, 100%)');
    // Spec platform §9: the toast goes away by itself after 3 seconds.
    await page.getByTestId('email-toast').first().waitFor({ state: 'detached', timeout: 6000 });
    await page.close();
  });
});
