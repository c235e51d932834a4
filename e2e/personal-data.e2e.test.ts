import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startApp, type RunningApp } from '@onboard/platform/app';
import { embeddedTestConfig } from '@onboard/platform/config';
import { DEMO_CLIENT_ID, DEMO_USERS } from '@onboard/platform/seed';
import { browserAvailability, skipUnless } from '@onboard/testing/backends';
import { seededDatabase } from '@onboard/testing/db';
import {
  authenticator,
  ensureWebBuilt,
  expectNoSeriousAxeViolations,
  expectNoSidewaysScroll,
  launchBrowser,
  signInThroughUi,
} from './browser.ts';
import { col, csvOf, goodRow, plantedRows, signEifWithClass } from './testing/census.ts';

const skip = skipUnless('browser', browserAvailability());
const POLICY_ID = 'policy-lakeside-1';
const CENSUS_PATH = `/client/${DEMO_CLIENT_ID}/task/enrollment-elections/${POLICY_ID}`;

async function uploadAndValidate(page: Page, name: string, buffer: Buffer) {
  await page.getByRole('link', { name: 'Upload files' }).click();
  await page.getByRole('heading', { name: 'Upload your census' }).waitFor();
  await page.getByLabel(/^Census file/).setInputFiles({ name, mimeType: 'text/csv', buffer });
  await page.getByRole('radio', { name: 'HRIS' }).check();
  await page.getByRole('button', { name: 'Confirm and validate' }).click();
  await page.getByTestId('census-counts').waitFor({ timeout: 30_000 });
}

// Row 22 of the planted census lacks a first name; its SSN is good, so it shows masked until revealed.
describe.skipIf(skip)(
  'personal data in the browser: masked, revealed with a reason, in the access log',
  () => {
    let app: RunningApp;
    let browser: Browser;
    const auth = authenticator();

    beforeAll(async () => {
      ensureWebBuilt();
      app = await startApp(embeddedTestConfig(await seededDatabase('e2e_personal_data')));
      await signEifWithClass(app);
      browser = await launchBrowser();
    });

    afterAll(async () => {
      await browser?.close();
      await app?.stop();
    });

    it('reveals an SSN by keyboard with a reason, hides it again, and the owner finds the look in the access log', async () => {
      const owner = DEMO_USERS.find((u) => u.role === 'SLF_OWNER')!;
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
      await page.goto(app.url + `${CENSUS_PATH}/validations`);
      await page.waitForURL(/\/login\?redirect=/);
      await signInThroughUi(page, owner.email, app.config.demoPassword, auth);
      await page.waitForURL((url) => url.pathname.endsWith('/validations'));
      await uploadAndValidate(page, 'census-2026.csv', Buffer.from(csvOf(plantedRows(40))));
      await page.getByRole('link', { name: 'Open the validation report' }).click();
      await page.getByRole('heading', { name: 'Fix the rows with problems' }).waitFor();

      const ssn = goodRow(21)[col('SSN')]!;
      const cell = page.getByRole('textbox', { name: 'SSN, row 22', exact: true });
      expect(await cell.inputValue()).toBe(`***-**-${ssn.slice(-4)}`);
      expect(await page.content()).not.toContain(ssn);
      const born = goodRow(21)[col('Date of Birth')]!;
      expect(
        await page.getByRole('textbox', { name: 'Date of birth, row 22', exact: true }).inputValue(),
      ).toBe(born.slice(-4));

      // By keyboard: the Reveal button opens the reason dialog; no reason, no reveal.
      await page.getByRole('button', { name: 'Reveal SSN, row 22' }).focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Reveal SSN' });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Reveal' }).press('Enter');
      await dialog.getByText('Choose why you need the full value').waitFor();
      await dialog.getByRole('radio', { name: 'Audit' }).focus();
      await page.keyboard.press('Space');
      expect(await dialog.getByRole('radio', { name: 'Audit' }).isChecked()).toBe(true);
      await dialog.getByRole('button', { name: 'Reveal' }).press('Enter');
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => cell.inputValue()).toBe(ssn);
      await expectNoSeriousAxeViolations(page);
      await page.getByRole('button', { name: 'Hide SSN, row 22' }).press('Enter');
      await expect.poll(() => cell.inputValue()).toBe(`***-**-${ssn.slice(-4)}`);

      // The owner's Administration menu leads to the access log.
      await page.goto(`${app.url}/clients/admin`);
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('button', { name: 'Administration' })
        .click();
      await page.getByRole('menuitem', { name: 'Personal data access log' }).click();
      await page.waitForURL((url) => url.pathname === '/personal-data-access/admin');
      await page.getByRole('heading', { name: 'Personal data access log' }).waitFor();
      const entry = page.getByTestId('access-log-entry').first();
      await expect
        .poll(
          async () => {
            if ((await page.getByTestId('access-log-entry').count()) === 0) await page.reload();
            return (await entry.count()) ? entry.innerText() : '';
          },
          { timeout: 15_000 },
        )
        .toContain('SSN of row 22 (employee E21) in census-2026.csv');
      const text = await entry.innerText();
      for (const words of [
        'Lakeside Manufacturing Co.',
        'Olivia Owens (Carrier owner)',
        'Revealed a field',
        'Audit',
      ])
        expect(text).toContain(words);
      expect(await page.content()).not.toContain(ssn);
      await expectNoSeriousAxeViolations(page);

      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByRole('heading', { name: 'Personal data access log' }).waitFor();
      await expectNoSidewaysScroll(page);
      await expectNoSeriousAxeViolations(page);
      await page.close();
    });
  },
);
