import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_CLIENT_ID, DEMO_USERS } from '@onboard/platform/seed';
import { fullPageScreenshot, screenshotPath, signInThroughUi } from './browser.ts';
import { noBrowser, portalUnderTest } from './testing/portal.ts';

const TASK = `/client/${DEMO_CLIENT_ID}/task/eif-submit-company-information`;
const ERISA = `${TASK}/step/other-contract-details/erisa`;
const LOCATIONS = `${TASK}/step/plan-administrators-&-billing/claims-check-mailing-locations`;
const ADMINISTRATORS = `${TASK}/step/plan-administrators-&-billing/plan-administrators`;

const admin = DEMO_USERS.find((u) => u.email === 'admin@onboard.example')!;

/** The status the aside shows beside one sub-step. */
const navStatus = (page: Page, subStepId: string) =>
  page.getByTestId(`nav-${subStepId}`).getByTestId('step-status').innerText();

describe.skipIf(noBrowser)('the EIF forms in the browser', () => {
  const portal = portalUnderTest('e2e_eif_forms');
  let page: Page;

  beforeAll(async () => {
    page = await portal.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${portal.app.url}/login?redirect=${encodeURIComponent(ERISA)}`);
    await signInThroughUi(page, admin.email, portal.app.config.demoPassword, portal.auth);
  });

  it('validates a sub-step, saves it, moves on and shows the new status in the step list', async () => {
    await page.waitForURL((url) => url.pathname.endsWith('/erisa'));
    await page.getByRole('heading', { name: 'ERISA', exact: true }).waitFor();
    expect(await navStatus(page, 'erisa')).toBe('Not Started');
    expect(await page.getByTestId('nav-erisa').getByRole('link').getAttribute('aria-current')).toBe('page');

    // The follow-up questions appear only once the plan is said to be subject to ERISA.
    const yearEnd = page.getByLabel('Plan year ends on (MM/DD)');
    expect(await yearEnd.count()).toBe(0);
    await page.getByText('One plan that wraps all benefits', { exact: true }).click();
    await yearEnd.waitFor();

    await page.getByLabel('Plan administrator (usually your company)').fill('Lakeside Manufacturing Inc.');
    await page.getByLabel('Plan administrator street address').fill('1 Lake Road');
    await page.getByLabel('Plan administrator city').fill('Madison');
    await page.getByLabel('Plan administrator state').fill('WI');
    await page.getByLabel('Plan administrator zip code').fill('53703');
    await page.getByLabel('ERISA plan number').fill('501');
    await page.getByLabel('Agent for service of legal process').fill('General Counsel');
    await yearEnd.fill('02/30');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByText('Not a valid date').waitFor();
    expect(await yearEnd.getAttribute('aria-invalid')).toBe('true');
    await fullPageScreenshot(page, 'eif-forms-invalid.png');

    await yearEnd.fill('12/31');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/value-added-services'));
    await page.getByRole('heading', { name: 'Value-added services', exact: true }).waitFor();
    expect(await navStatus(page, 'erisa')).toBe('Completed');
    await fullPageScreenshot(page, 'eif-forms-next.png');

    // Back returns to the previous visible sub-step with the saved answers.
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/erisa'));
    expect(await page.getByLabel('Plan year ends on (MM/DD)').inputValue()).toBe('12/31');
  });

  it('asks before leaving a sub-step with unsaved answers', async () => {
    await page.getByLabel('ERISA plan number').fill('777');
    await page.getByTestId('nav-age-rules').getByRole('link').click();
    const dialog = page.getByRole('alertdialog', { name: 'Leave without saving?' });
    await dialog.waitFor();
    await page.screenshot({ path: screenshotPath('eif-forms-unsaved.png') });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(new URL(page.url()).pathname.endsWith('/erisa')).toBe(true);
    expect(await page.getByLabel('ERISA plan number').inputValue()).toBe('777');

    // The browser's Back asks too, and Cancel keeps the page and what was typed.
    await page.goBack();
    await dialog.waitFor();
    expect(new URL(page.url()).pathname.endsWith('/erisa')).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.getByLabel('ERISA plan number').inputValue()).toBe('777');

    // So do the header's links and signing out, which sit outside the form's layout.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(new URL(page.url()).pathname.endsWith('/erisa')).toBe(true);
    expect(await page.getByLabel('ERISA plan number').inputValue()).toBe('777');

    await page.getByTestId('nav-age-rules').getByRole('link').click();
    await dialog.getByRole('button', { name: 'Leave without saving' }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/age-rules'));
    await page.getByRole('heading', { name: 'Age rules', exact: true }).waitFor();

    // Back from a page with nothing unsaved just goes back.
    await page.goBack();
    await page.waitForURL((url) => url.pathname.endsWith('/erisa'));
  });

  it("goes 'Back to Home' to the client's hub when the task was opened with no history", async () => {
    // A new tab of the same signed-in session, so its history holds only this page.
    const context = await portal.browser.newContext({ storageState: await page.context().storageState() });
    const fresh = await context.newPage();
    try {
      await fresh.goto(`${portal.app.url}${ERISA}`);
      await fresh.getByRole('heading', { name: 'ERISA', exact: true }).waitFor();
      await fresh.getByTestId('back-to-home').click();
      await fresh.waitForURL((url) => url.pathname === `/client/${DEMO_CLIENT_ID}`);
    } finally {
      await context.close();
    }
  });

  it('adds and deletes a location, each saved at once', async () => {
    await page.goto(portal.app.url + LOCATIONS);
    await page.getByRole('heading', { name: 'Claims check mailing locations', exact: true }).waitFor();
    expect(await navStatus(page, 'claims-check-mailing-locations')).toBe('Not Started');
    await page.getByRole('button', { name: 'Add location' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add location' });
    await dialog.getByLabel('Location name').fill('Main plant');
    await dialog.getByLabel('Street address').fill('12 Harbor Way');
    await dialog.getByLabel('City').fill('Madison');
    await dialog.getByLabel('State').fill('WX');
    await dialog.getByLabel('Zip code').fill('53703');
    await dialog.getByRole('button', { name: 'Save location' }).click();
    await dialog.getByText('State not valid').waitFor();
    await page.screenshot({ path: screenshotPath('eif-forms-location-dialog.png') });
    await dialog.getByLabel('State').fill('WI');
    await dialog.getByRole('button', { name: 'Save location' }).click();
    await dialog.waitFor({ state: 'detached' });

    const item = page.getByTestId('collection-item').filter({ hasText: 'Main plant' });
    await item.waitFor();
    expect(await navStatus(page, 'claims-check-mailing-locations')).toBe('Completed');
    await page.screenshot({ path: screenshotPath('eif-forms-locations.png') });

    await item.getByRole('button', { name: 'Delete Main plant' }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete this location?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await item.waitFor({ state: 'detached' });
    expect(await navStatus(page, 'claims-check-mailing-locations')).toBe('Not Started');
  });

  it('adds a primary plan administrator, then edits and deletes it', async () => {
    await page.goto(portal.app.url + ADMINISTRATORS);
    await page.getByRole('heading', { name: 'Plan administrators', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Add primary plan administrator' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add primary plan administrator' });
    await dialog.getByLabel('First name').fill('Dana');
    await dialog.getByLabel('Last name').fill('Reyes');
    await dialog.getByLabel('Email').fill('dana.reyes@lakeside.example');
    await dialog.getByLabel('Phone number').fill('555-123-4567');
    await dialog.getByText('All locations', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Save primary plan administrator' }).click();
    await dialog.waitFor({ state: 'detached' });
    const item = page.getByTestId('collection-item').filter({ hasText: 'Dana' });
    await item.waitFor();
    // There is one primary administrator, so the add button goes away.
    expect(await page.getByRole('button', { name: 'Add primary plan administrator' }).count()).toBe(0);

    await item.getByRole('button', { name: /^Edit/ }).click();
    const edit = page.getByRole('dialog', { name: 'Edit primary plan administrator' });
    expect(await edit.getByLabel('Last name').inputValue()).toBe('Reyes');
    await edit.getByLabel('Last name').fill('Reyes-Moreno');
    await edit.getByRole('button', { name: 'Save primary plan administrator' }).click();
    await edit.waitFor({ state: 'detached' });
    await page.getByTestId('collection-item').filter({ hasText: 'Reyes-Moreno' }).waitFor();

    await page
      .getByRole('button', { name: /^Delete/ })
      .first()
      .click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByTestId('collection-item').filter({ hasText: 'Dana' }).waitFor({ state: 'detached' });
  });

  it('opens a step at its first visible sub-step, and explains hidden and unknown sub-steps', async () => {
    await page.goto(`${portal.app.url}${TASK}/step/other-contract-details`);
    await page.waitForURL((url) => url.pathname.endsWith('/confirm-policy-anniversary'));

    // Lakeside has no FLI plan, so FLI preferences is not part of its form.
    await page.goto(`${portal.app.url}${TASK}/step/plan-configuration-&-eligibility/fli-preferences`);
    await page.getByRole('heading', { name: 'This section is not part of this form' }).waitFor();

    await page.goto(`${portal.app.url}${TASK}/step/company-information/no-such-sub-step`);
    await page
      .getByRole('heading', { name: 'Sorry, the page you are looking for does not exist.' })
      .waitFor();
  });

  it('shows the whole form read-only on the summary page', async () => {
    await page.goto(`${portal.app.url}${TASK}/summary`);
    await page.getByRole('heading', { name: 'Summary', exact: true }).waitFor();
    const erisa = page.getByTestId('summary-erisa');
    await erisa.getByText('12/31').waitFor();
    expect(await erisa.innerText()).toContain('One plan that wraps all benefits');
    await page.getByRole('button', { name: 'Download PDF' }).waitFor();
    await page.screenshot({ path: screenshotPath('eif-forms-summary.png') });
    await erisa.screenshot({ path: screenshotPath('eif-forms-summary-erisa.png') });
  });
});
