import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { DEMO_CLIENT_ID } from '@onboard/platform/seed';
import {
  expectNoSidewaysScroll,
  fullPageScreenshot,
  PHONE,
  signInThroughUi,
  signOutThroughUi,
} from './browser.ts';
import { admin, benAdmin, noBrowser, portalUnderTest } from './testing/portal.ts';

const HUB = `/client/${DEMO_CLIENT_ID}`;
const CLASS_BUILDER_PATH = `${HUB}/task/eif-submit-company-information/step/plan-configuration-&-eligibility/class-builder`;

/** Presses Tab until the target has the focus; fails after `max` presses. Returns how many it took. */
async function tabTo(page: Page, target: Locator, max = 80): Promise<number> {
  await target.waitFor();
  for (let presses = 0; presses <= max; presses++) {
    if (await target.evaluate((el) => el === document.activeElement)) return presses;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()} in ${max} presses`);
}

/**
 * The portal as a benefits administrator uses it on a phone (390 × 844, touch), and the class builder by
 * keyboard alone.
 */
describe.skipIf(noBrowser)('the portal on a phone and by keyboard', () => {
  const portal = portalUnderTest('e2e_phone_keyboard');

  beforeAll(async () => {}, 120_000);

  it('a benefits administrator on a phone: the hub, a task, an EIF answer saved, documents, sign out', async () => {
    const context = await portal.browser.newContext(PHONE);
    const page = await context.newPage();
    await page.goto(`${portal.app.url}/login`);
    await expectNoSidewaysScroll(page);
    await signInThroughUi(page, benAdmin.email, portal.app.config.demoPassword, portal.auth);

    // Their clients, each with its way into the hub.
    await page.getByRole('heading', { name: 'Your clients' }).waitFor();
    await expectNoSidewaysScroll(page);
    await page.getByRole('link', { name: 'Open the client hub of Lakeside Manufacturing Co.' }).tap();
    const getStarted = page.getByRole('button', { name: 'Get started' });
    await getStarted.or(page.getByTestId('hub-progress')).first().waitFor();
    await expectNoSidewaysScroll(page);
    if (await getStarted.isVisible()) await getStarted.tap();
    await page.getByTestId('hub-progress').waitFor();
    await expectNoSidewaysScroll(page);
    await fullPageScreenshot(page, 'phone-hub.png');

    // The header's links are behind Menu: it opens them all, and the account.
    await page.getByRole('button', { name: 'Menu' }).tap();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.getByRole('link', { name: 'Employee & Employer Resources' }).waitFor();
    expect(await menu.getByTestId('signed-in-user').textContent()).toBe(benAdmin.name);
    await expectNoSidewaysScroll(page);
    await menu.getByRole('button', { name: 'Close' }).tap();
    await menu.waitFor({ state: 'detached' });

    // A task, then one of its EIF sub-steps: an answer saved.
    await page.getByRole('link', { name: 'Submit company information' }).first().tap();
    await page.getByRole('heading', { name: 'Submit Company Information' }).waitFor();
    await expectNoSidewaysScroll(page);
    await page.getByTestId('nav-tax-id').getByRole('link').tap();
    await page.getByRole('heading', { name: 'Tax ID', exact: true }).waitFor();
    await expectNoSidewaysScroll(page);
    await page.getByLabel('Federal Tax ID (EIN)').fill('45-6789012');
    await page.getByRole('button', { name: 'Save and continue' }).tap();
    await page.waitForURL((url) => url.pathname.endsWith('/subsidiaries-and-affiliates'));
    expect(await page.getByTestId('nav-tax-id').getByTestId('step-status').innerText()).toBe('Completed');
    await expectNoSidewaysScroll(page);

    // Documents, through the menu.
    await page.getByRole('button', { name: 'Menu' }).tap();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Documents' }).tap();
    await page.getByRole('heading', { name: 'Documents', level: 1 }).waitFor();
    await expectNoSidewaysScroll(page);
    await fullPageScreenshot(page, 'phone-documents.png');

    await signOutThroughUi(page);
    await expectNoSidewaysScroll(page);
    await context.close();
  }, 120_000);

  it('the client list on a phone: its filters and each client within the screen', async () => {
    const context = await portal.browser.newContext(PHONE);
    const page = await context.newPage();
    await page.goto(`${portal.app.url}/clients/admin`);
    await signInThroughUi(page, admin.email, portal.app.config.demoPassword, portal.auth);
    const clients = page
      .getByRole('grid', { name: 'Clients' })
      .or(page.getByRole('table', { name: 'Clients' }));
    await clients.getByRole('row', { name: /Lakeside Manufacturing Co\./ }).waitFor();
    await page.locator('#main .skeleton').first().waitFor({ state: 'detached' });
    await expectNoSidewaysScroll(page);
    const box = await clients.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await fullPageScreenshot(page, 'phone-client-list.png');
    await context.close();
  }, 120_000);

  it('creates a class with its waiting period by Tab, arrows and Space alone', async () => {
    const page = await portal.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${portal.app.url}${CLASS_BUILDER_PATH}`);
    await page.waitForURL(/\/login\?redirect=/);
    await signInThroughUi(page, benAdmin.email, portal.app.config.demoPassword, portal.auth);
    await page.waitForURL((url) => decodeURIComponent(url.pathname) === CLASS_BUILDER_PATH);
    await page.getByTestId('class-builder-empty').waitFor();

    await tabTo(page, page.getByRole('link', { name: 'Create class' }));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Create class' }).waitFor();

    await tabTo(page, page.getByLabel('Class name'));
    await page.keyboard.type('Salaried');
    const dental = page.getByTestId('plan-plan-dental');
    await tabTo(page, dental.getByRole('checkbox', { name: /^Offer / }));
    await page.keyboard.press('Space');

    // The waiting period is one Tab stop: the arrows move the choice within it.
    const waiting = dental.getByRole('radiogroup', { name: /Waiting period/ });
    await tabTo(page, waiting.getByRole('radio').first());
    await page.keyboard.press('Space');
    expect(await waiting.getByRole('radio').first().isChecked()).toBe(true);
    await page.keyboard.press('ArrowDown');
    const second = waiting.getByRole('radio').nth(1);
    expect(await second.isChecked()).toBe(true);
    expect(await second.evaluate((el) => el === document.activeElement)).toBe(true);
    const chosen = await second.evaluate((el) => (el as HTMLInputElement).labels?.[0]?.textContent ?? '');
    // Tab leaves the group from the chosen radio: it does not stop at the others.
    await page.keyboard.press('Tab');
    expect(await waiting.evaluate((group) => group.contains(document.activeElement))).toBe(false);

    const days = dental.getByRole('textbox', { name: /Waiting period days/ });
    if (await days.isVisible()) {
      await tabTo(page, days);
      await page.keyboard.type('30');
    }
    await tabTo(page, dental.getByRole('textbox', { name: /Employer contribution/ }));
    await page.keyboard.type('60');
    await tabTo(page, dental.getByRole('textbox', { name: /Employee contribution/ }));
    await page.keyboard.type('40');
    await tabTo(page, page.getByRole('button', { name: 'Save class' }));
    await page.keyboard.press('Enter');

    await page.waitForURL((url) => decodeURIComponent(url.pathname) === CLASS_BUILDER_PATH);
    const row = page.getByTestId('class-row');
    await row.first().waitFor();
    expect(await row.first().innerText()).toMatch(/Salaried[\s\S]*1 plan/);

    // Opened again, the saved waiting period is the one chosen by arrow.
    await tabTo(page, page.getByRole('link', { name: 'Edit Salaried' }));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Edit Salaried' }).waitFor();
    const saved = page.getByTestId('plan-plan-dental').getByRole('radio', { checked: true });
    expect(await saved.evaluate((el) => (el as HTMLInputElement).labels?.[0]?.textContent ?? '')).toBe(
      chosen,
    );
    await page.close();
  }, 120_000);
});
