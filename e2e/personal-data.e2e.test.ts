import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  expectNoSeriousAxeViolations,
  expectNoSidewaysScroll,
  fullPageScreenshot,
  openAdministration,
} from './browser.ts';
import { col, csvOf, goodRow, plantedRows, portalWithSignedClass, CENSUS_PATH } from './testing/census.ts';
import { noBrowser, owner } from './testing/portal.ts';

async function uploadAndValidate(page: Page, name: string, buffer: Buffer) {
  await page.getByRole('link', { name: 'Upload files' }).click();
  await page.getByRole('heading', { name: 'Upload your census' }).waitFor();
  await page.getByLabel(/^Census file/).setInputFiles({ name, mimeType: 'text/csv', buffer });
  await page.getByRole('radio', { name: 'HRIS' }).check();
  await page.getByRole('button', { name: 'Confirm and validate' }).click();
  await page.getByTestId('census-counts').waitFor({ timeout: 30_000 });
}

// Row 22 of the planted census lacks a first name; its SSN is good, so it shows masked until revealed.
describe.skipIf(noBrowser)(
  'personal data in the browser: masked, revealed with a reason, in the access log',
  () => {
    const portal = portalWithSignedClass('e2e_personal_data');

    it('reveals an SSN by keyboard with a reason, hides it again, and the owner finds the look in the access log', async () => {
      const page = await portal.signInAt(owner.email, `${CENSUS_PATH}/validations`, { bypassCSP: true });
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

      // The change view: last year's census submitted, this year's changes one SSN. Its values come
      // masked; one is revealed with a reason, by the same dialog.
      await page.goto(portal.app.url + `${CENSUS_PATH}/validations`);
      const lastYear = [1, 2, 3].map((i) => goodRow(i));
      await uploadAndValidate(page, 'census-2025.csv', Buffer.from(csvOf(lastYear)));
      await page.getByRole('button', { name: 'Submit census' }).click();
      await page.getByTestId('census-submitted').waitFor();
      const was = lastYear[0]![col('SSN')]!;
      const now = '555-12-3456';
      const thisYear = lastYear.map((r, i) => (i === 0 ? r.with(col('SSN'), now) : r));
      await uploadAndValidate(page, 'census-2026-final.csv', Buffer.from(csvOf(thisYear)));
      const changed = page.getByTestId('census-changed');
      await changed.waitFor();
      expect(await changed.innerText()).toMatch(/SSN\s*\*\*\*-\*\*-\d{4}\s*Reveal\s*\*\*\*-\*\*-3456/);
      for (const value of [was, now]) expect(await page.content()).not.toContain(value);
      await page.getByRole('button', { name: 'Reveal SSN before, employee E1' }).click();
      const reasons = page.getByRole('dialog', { name: 'Reveal SSN' });
      await reasons.getByText('Member asked for a correction').click();
      await reasons.getByRole('button', { name: 'Reveal' }).click();
      await reasons.waitFor({ state: 'detached' });
      await expect.poll(() => changed.getByTestId('census-change-value').first().innerText()).toBe(was);
      expect(await page.content()).not.toContain(now);
      await fullPageScreenshot(page, 'personal-data-change-view.png');
      await page.setViewportSize({ width: 390, height: 844 });
      await fullPageScreenshot(page, 'personal-data-change-view-390.png');
      await expectNoSidewaysScroll(page);
      await page.setViewportSize({ width: 1280, height: 900 });

      // The owner's Administration menu leads to the access log.
      await page.goto(`${portal.app.url}/clients/admin`);
      await openAdministration(page, 'Personal data access log');
      await page.waitForURL((url) => url.pathname === '/personal-data-access/admin');
      await page.getByRole('heading', { name: 'Personal data access log' }).waitFor();
      const entries = page.getByTestId('access-log-entry');
      await expect
        .poll(
          async () => {
            if ((await entries.count()) < 2) await page.reload();
            return entries.allInnerTexts();
          },
          { timeout: 15_000 },
        )
        .toEqual([
          expect.stringContaining('SSN before the change of employee E1 in census-2026-final.csv'),
          expect.stringContaining('SSN of row 22 (employee E21) in census-2026.csv'),
        ]);
      expect(await entries.first().innerText()).toContain('Member asked for a correction');
      const entry = entries.nth(1);
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
