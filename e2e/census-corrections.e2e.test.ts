import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { censusStream, parseEvent, type CensusEvent } from '@onboard/events';
import { DEMO_CLIENT_ID } from '@onboard/platform/seed';
import { downloadedBytes, expectNoSeriousAxeViolations, fullPageScreenshot } from './browser.ts';
import {
  HEADERS,
  PLANTED,
  col,
  csvOf,
  goodRow,
  plantedRows,
  portalWithSignedClass,
  CENSUS_PATH,
  POLICY_ID,
} from './testing/census.ts';
import { benAdmin, noBrowser } from './testing/portal.ts';

const ROWS = 200;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The spreadsheet row of a planted problem (the header is row 1). */
const rowOf = (index: number) => index + 1;

/** Upload, confirm the columns as matched with a source, and wait for the validation to finish. */
async function uploadAndValidate(page: Page, name: string, mimeType: string, buffer: Buffer) {
  await page.getByRole('link', { name: 'Upload files' }).click();
  await page.getByRole('heading', { name: 'Upload your census' }).waitFor();
  await page.getByLabel(/^Census file/).setInputFiles({ name, mimeType, buffer });
  await page.getByRole('radio', { name: 'HRIS' }).check();
  await page.getByRole('button', { name: 'Confirm and validate' }).click();
  await page.getByTestId('census-counts').waitFor({ timeout: 30_000 });
}

/** Types a value into a cell of the grid and saves it with Enter; waits for the row to be saved. */
async function fixCell(page: Page, field: string, index: number, value: string) {
  const cell = page.getByRole('textbox', { name: `${field}, row ${rowOf(index)}`, exact: true });
  await cell.fill(value);
  await cell.press('Enter');
  await expect
    .poll(() => page.getByTestId('census-grid-notice').innerText())
    .toBe(`Row ${rowOf(index)} saved.`);
}

// Twenty planted problems: twelve fixed in the report's grid (by typing, with the keyboard, and by a
// find-and-replace over a column), eight in the error workbook, which holds the twelve already; submitted.
describe.skipIf(noBrowser)('census corrected where it is read, in the browser', () => {
  const portal = portalWithSignedClass('e2e_census_corrections');

  it('fixes 12 problems in the grid and 8 in the error workbook, and submits with none left', async () => {
    const page = await portal.signInAt(benAdmin.email, `${CENSUS_PATH}/validations`, {
      acceptDownloads: true,
      bypassCSP: true,
    });

    await uploadAndValidate(page, 'census-2026.csv', 'text/csv', Buffer.from(csvOf(plantedRows(ROWS))));
    await page.getByTestId('census-has-errors').waitFor();
    await page.getByRole('link', { name: 'Open the validation report' }).click();
    await page.getByRole('heading', { name: 'Fix the rows with problems' }).waitFor();
    expect(await page.getByTestId('census-counts').innerText()).toMatch(/19\s*errors[\s\S]*1\s*warning/);
    const gridRows = page.getByTestId('census-grid-row');
    expect(await gridRows.count()).toBe(20);
    expect(await gridRows.locator('th').allInnerTexts()).toEqual(PLANTED.map((p) => String(rowOf(p.index))));
    // An SSN shows its last four digits only, beside the button that reveals it.
    expect(
      await gridRows
        .first()
        .getByRole('textbox', { name: `SSN, row ${rowOf(21)}`, exact: true })
        .inputValue(),
    ).toMatch(/^\*\*\*-\*\*-\d{4}$/);
    await gridRows
      .first()
      .getByRole('button', { name: `Reveal SSN, row ${rowOf(21)}` })
      .waitFor();
    await expectNoSeriousAxeViolations(page);

    const good = (index: number, header: string) => goodRow(index)[col(header)]!;
    // Nine by typing a cell and pressing Enter.
    await fixCell(page, 'First name', 21, good(21, 'First Name'));
    await fixCell(page, 'SSN', 22, good(22, 'SSN'));
    await fixCell(page, 'Date of birth', 23, good(23, 'Date of Birth'));
    await fixCell(page, 'ZIP code', 24, good(24, 'ZIP'));
    await fixCell(page, 'E-mail', 26, good(26, 'E-mail'));
    await fixCell(page, 'Annual salary', 27, good(27, 'Annual Salary'));
    await fixCell(page, 'SSN', 29, good(29, 'SSN'));
    await fixCell(page, 'Employee ID', 30, good(30, 'Employee ID'));
    await fixCell(page, 'Hours per week', 32, '40');
    // By keyboard alone: Escape puts a cell back; the down arrow saves and moves to the row below.
    const hours28 = page.getByRole('textbox', { name: `Hours per week, row ${rowOf(28)}`, exact: true });
    await hours28.fill('nonsense');
    await hours28.press('Escape');
    expect(await hours28.inputValue()).toBe('forty');
    await hours28.fill('40');
    await hours28.press('ArrowDown');
    await expect
      .poll(() => page.getByTestId('census-grid-notice').innerText())
      .toBe(`Row ${rowOf(28)} saved.`);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? ''))
      .toBe(`Hours per week, row ${rowOf(29)}`);
    expect(await hours28.inputValue()).toBe('40');
    // Two by a find-and-replace over a column: the state code and the class.
    for (const [column, find, replaceWith] of [
      ['State', 'ZZ', 'NY'],
      ['Employee class', 'Executives', 'Salaried'],
    ] as const) {
      await page.getByRole('button', { name: /Column/ }).click();
      await page.getByRole('option', { name: column, exact: true }).click();
      await page.getByRole('textbox', { name: 'Find', exact: true }).fill(find);
      await page.getByRole('textbox', { name: 'Replace with', exact: true }).fill(replaceWith);
      await page.getByRole('button', { name: 'Replace in column' }).click();
      await expect
        .poll(() => page.getByTestId('census-grid-notice').innerText())
        .toBe(`Replaced “${find}” with “${replaceWith}” in ${column}.`);
    }
    expect(await page.getByTestId('census-grid-error').count()).toBe(0);
    await expect
      .poll(() => page.getByTestId('census-counts').innerText())
      .toMatch(/8\s*errors[\s\S]*0\s*warnings/);
    expect(await page.getByTestId('census-grid-left').innerText()).toContain(
      '8 rows of 20 still have problems',
    );
    expect(await gridRows.filter({ hasText: 'Fixed' }).count()).toBe(12);
    await fullPageScreenshot(page, 'census-corrections.png');
    await expectNoSeriousAxeViolations(page);

    // Every correction is an event: who changed which cell from what to what.
    const corrections = (await portal.app.store.readStream(censusStream(DEMO_CLIENT_ID, POLICY_ID)))
      .map((r) => parseEvent(r) as CensusEvent)
      .filter((e) => e.type === 'CensusCellsCorrected');
    expect(corrections).toHaveLength(12);
    expect(corrections.every((e) => e.data.by.role === 'BEN_ADMIN')).toBe(true);
    expect(corrections[1]!.data.cells).toEqual([
      {
        row: rowOf(22),
        field: 'ssn',
        before: '12-3456',
        after: good(22, 'SSN'),
        employeeId: good(22, 'Employee ID'),
      },
    ]);

    // The phone width: the grid scrolls sideways inside its card.
    await page.setViewportSize({ width: 390, height: 844 });
    await fullPageScreenshot(page, 'census-corrections-phone.png');
    const wider = await page.evaluate(() =>
      [...document.querySelectorAll('body *')]
        .filter((e) => e.getBoundingClientRect().right > 391 && !e.closest('[role=region]'))
        .map((e) => `${e.tagName}.${e.className}`),
    );
    expect(wider).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const grid = (await page.getByTestId('census-grid').boundingBox())!;
    expect(grid.x + grid.width).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 900 });

    // The error workbook holds the corrected values: only the eight rows left carry errors.
    const download = page.getByRole('button', { name: 'Download the error workbook' });
    await download.waitFor({ timeout: 30_000 });
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await downloadedBytes(file)) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const errorsOf = (index: number) =>
      String(sheet.getRow(rowOf(index)).getCell(HEADERS.length + 1).value ?? '');
    // Masked as the screens show it: the SSN's last four digits.
    expect(sheet.getRow(rowOf(22)).getCell(col('SSN') + 1).value).toBe(`***-**-${good(22, 'SSN').slice(-4)}`);
    expect(sheet.getRow(rowOf(31)).getCell(col('Employee Class') + 1).value).toBe('Salaried');
    const left = PLANTED.filter((p) => errorsOf(p.index) !== '').map((p) => p.index);
    expect(left).toEqual([33, 34, 35, 36, 37, 38, 39, 40]);

    // The eight left fixed in the workbook; the administrator writes the masked columns (SSN, date of
    // birth, salary, home ZIP) back from their own records before uploading it again.
    for (let index = 1; index <= ROWS; index++) {
      const row = sheet.getRow(rowOf(index));
      for (const header of ['SSN', 'Date of Birth', 'Annual Salary', 'ZIP'])
        row.getCell(col(header) + 1).value = good(index, header);
    }
    for (const index of left) {
      const row = sheet.getRow(rowOf(index));
      goodRow(index).forEach((value, c) => {
        row.getCell(c + 1).value = value;
      });
    }
    const fixed = Buffer.from(await workbook.xlsx.writeBuffer());
    await page.getByRole('link', { name: '← Back to the census' }).click();
    await uploadAndValidate(page, 'census-2026 - errors.xlsx', XLSX_TYPE, fixed);
    await page.getByTestId('census-no-errors').waitFor();
    expect(await page.getByTestId('census-counts').innerText()).toMatch(/0\s*errors[\s\S]*0\s*warnings/);
    await page.getByRole('button', { name: 'Submit census' }).click();
    await page.getByTestId('census-submitted').waitFor();
    await page.close();
  });
});
