import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { CENSUS_MESSAGES } from '@onboard/domain/census';
import { DEMO_CLIENT_ID } from '@onboard/platform/seed';
import {
  expectNoSeriousAxeViolations,
  expectUploadRefused,
  fullPageScreenshot,
  downloadedBytes,
} from './browser.ts';
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
import { admin, benAdmin, noBrowser } from './testing/portal.ts';

const ROWS = 1000;

/** Last year's census, submitted first: without E500, with E2000 who has left, and E10 at another salary. */
const previousRows = () => [
  ...Array.from({ length: ROWS }, (_, k) => k + 1)
    .filter((i) => i !== 500)
    .map((i) => (i === 10 ? goodRow(10, '76000.00') : goodRow(i))),
  goodRow(2000),
];

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Upload, confirm the columns with a source, and wait for the validation to finish. */
async function uploadAndValidate(page: Page, name: string, mimeType: string, buffer: Buffer) {
  await page.getByRole('link', { name: 'Upload files' }).click();
  await page.getByRole('heading', { name: 'Upload your census' }).waitFor();
  await page
    .getByLabel('Census file (CSV, tab-delimited text or XLSX)')
    .setInputFiles({ name, mimeType, buffer });
  await page.getByRole('heading', { name: `Confirm the columns of ${name}` }).waitFor();
  // The headers were matched: SSN is read from the file's SSN column.
  expect(await page.getByLabel('SSN (required)').inputValue()).toBe(String(col('SSN')));
  // How each column was matched is shown beside it, and how the file was read above.
  expect(await page.getByTestId('census-match-ssn').innerText()).toMatch(
    /^(Same name|As confirmed last time)$/,
  );
  await page.getByRole('heading', { name: 'How the file was read' }).waitFor();
  await page.getByRole('radio', { name: 'HRIS' }).check();
  await page.getByRole('button', { name: 'Confirm and validate' }).click();
  try {
    await page.getByTestId('census-counts').waitFor({ timeout: 30_000 });
  } catch (error) {
    await fullPageScreenshot(page, 'census-failed.png');
    const list = await page.evaluate(
      async (path) => (await fetch(path)).text(),
      `/api/clients/${DEMO_CLIENT_ID}/census/${POLICY_ID}/validate`,
    );
    console.log(list.slice(0, 600));
    console.log(await page.locator('.task-content').innerHTML());
    throw error;
  }
}

describe.skipIf(noBrowser)('census in the browser', () => {
  const portal = portalWithSignedClass('e2e_census');

  it('refuses a file that is not a census, then finds 20 planted errors, round-trips the error workbook and submits', async () => {
    const page = await portal.signInAt(admin.email, `${CENSUS_PATH}/validations`, { acceptDownloads: true });
    await page.getByText('No census has been uploaded for this policy.').waitFor();

    // Bad input: a PDF, an empty file, a file without the required columns; nothing is stored.
    await page.getByRole('link', { name: 'Upload files' }).click();
    const input = page.getByLabel('Census file (CSV, tab-delimited text or XLSX)');
    const uploadError = page.getByTestId('census-upload-error');
    await expectUploadRefused(
      input,
      uploadError,
      { name: 'census.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7\n\0\0') },
      'This file is a PDF document, not a table: upload the census as a CSV or XLSX file',
    );
    await expectUploadRefused(
      input,
      uploadError,
      { name: 'empty.csv', mimeType: 'text/csv', buffer: Buffer.alloc(0) },
      'The file is empty',
    );
    await expectUploadRefused(
      input,
      uploadError,
      { name: 'short.csv', mimeType: 'text/csv', buffer: Buffer.from('Employee ID,First Name\nE1,Ada\n') },
      'The file has no column for Last name, SSN',
    );
    await fullPageScreenshot(page, 'census-upload-error.png');
    await expectNoSeriousAxeViolations(page);
    await page.getByRole('link', { name: 'Every file' }).click();
    await page.getByText('No census has been uploaded for this policy.').waitFor();

    // Last year's census, clean, submitted: the change view compares with it.
    await uploadAndValidate(page, 'census-2025.csv', 'text/csv', Buffer.from(csvOf(previousRows())));
    await page.getByTestId('census-no-errors').waitFor();
    await page.getByRole('button', { name: 'Submit census' }).click();
    await page.getByTestId('census-submitted').waitFor();

    // This year's census with 20 planted problems.
    await uploadAndValidate(page, 'census-2026.csv', 'text/csv', Buffer.from(csvOf(plantedRows(ROWS))));
    await page.getByTestId('census-has-errors').waitFor();
    expect(await page.getByRole('button', { name: 'Submit census' }).count()).toBe(0);
    await fullPageScreenshot(page, 'census-validate-errors.png');

    await page.getByRole('link', { name: 'Open the validation report' }).click();
    await page.getByRole('heading', { name: 'Census validation report' }).waitFor();
    const counts = await page.getByTestId('census-counts').innerText();
    expect(counts).toMatch(/19\s*errors/);
    expect(counts).toMatch(/1\s*warning/);
    const groups = await page.getByTestId('census-group').allInnerTexts();
    for (const planted of PLANTED) {
      const group = groups.find((g) => g.startsWith(planted.label));
      expect(group, planted.label).toBeDefined();
      expect(group, planted.label).toContain(String(planted.index + 1));
    }
    expect(groups.find((g) => g.startsWith('Class not in the signed EIF'))).toMatch(/rows? 32$/);
    const issues = page.getByTestId('census-issues');
    expect(await issues.innerText()).toContain(
      '“Executives” is not a class in the signed EIF (its classes: Salaried)',
    );
    // Filters: warnings only, then one rule.
    await page.getByLabel('Severity').selectOption('WARNING');
    expect(await issues.locator('tbody tr').count()).toBe(1);
    await page.getByLabel('Severity').selectOption('ALL');
    await page.getByLabel('Rule', { exact: true }).selectOption({ label: 'Duplicate SSN' });
    expect(await issues.locator('tbody tr').allInnerTexts()).toEqual([expect.stringContaining('30')]);
    await page.getByLabel('Rule', { exact: true }).selectOption('');
    await fullPageScreenshot(page, 'census-report.png');
    await expectNoSeriousAxeViolations(page);

    // The error workbook: the rows with an Errors column and the bad cells highlighted.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download the error workbook' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('census-2026 - errors.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await downloadedBytes(download)) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).getCell(HEADERS.length + 1).value).toBe('Errors');
    expect(sheet.rowCount).toBe(ROWS + 1);
    const ssnCell = sheet.getRow(23).getCell(col('SSN') + 1);
    expect((ssnCell.fill as ExcelJS.FillPattern | undefined)?.pattern).toBe('solid');
    expect(String(sheet.getRow(23).getCell(HEADERS.length + 1).value)).toContain('SSN must be 9 digits');

    // Fixed in the workbook itself, and uploaded again as it is (Errors column included). The workbook
    // comes masked: the administrator writes SSN, date of birth, salary and home ZIP back from their own
    // records.
    for (let index = 1; index <= ROWS; index++)
      for (const header of ['SSN', 'Date of Birth', 'Annual Salary', 'ZIP'])
        sheet.getRow(index + 1).getCell(col(header) + 1).value = goodRow(index)[col(header)]!;
    for (const planted of PLANTED) {
      const row = sheet.getRow(planted.index + 1);
      goodRow(planted.index).forEach((value, c) => {
        row.getCell(c + 1).value = value;
      });
    }
    const fixed = Buffer.from(await workbook.xlsx.writeBuffer());
    await page.getByRole('link', { name: '← Back to the census' }).click();
    await uploadAndValidate(page, 'census-2026 - errors.xlsx', XLSX_TYPE, fixed);
    await page.getByTestId('census-no-errors').waitFor();
    expect(await page.getByTestId('census-counts').innerText()).toMatch(/0\s*errors/);

    // The change view against last year's submitted census.
    const changes = page.getByTestId('census-changes');
    expect(await changes.innerText()).toMatch(/1\s*added[\s\S]*1\s*removed[\s\S]*1\s*changed/);
    expect(await page.getByTestId('census-added').innerText()).toContain('First500 Last500');
    expect(await page.getByTestId('census-removed').innerText()).toContain('First2000 Last2000');
    expect(await page.getByTestId('census-changed').innerText()).toMatch(
      // Salaries show as their bands.
      /First10 Last10[\s\S]*Annual salary\s*\$75,000–\$99,999\s*(Reveal\s*)?\$25,000–\$49,999/,
    );
    await fullPageScreenshot(page, 'census-changes.png');
    await expectNoSeriousAxeViolations(page);

    await page.getByRole('button', { name: 'Submit census' }).click();
    await page.getByTestId('census-submitted').waitFor();

    // Every file, and the task moved to review on the task page.
    await page.getByRole('link', { name: 'Every file' }).click();
    const files = await page.getByTestId('census-files').innerText();
    expect(files).toMatch(/census-2026 - errors\.xlsx[\s\S]*Submitted/);
    expect(files).toMatch(/census-2026\.csv[\s\S]*Validated/);
    await fullPageScreenshot(page, 'census-files.png');

    // Rename and delete from the list, through the documents screen's calls; submitted files are kept.
    const fileRow = (name: string) => page.getByTestId('census-file').filter({ hasText: name });
    await page.getByRole('button', { name: 'Rename census-2026.csv' }).click();
    await page.getByLabel('New name for census-2026.csv').fill('census-2026 first try.csv');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => page.getByTestId('census-files-notice').innerText())
      .toBe('Renamed to census-2026 first try.csv.');
    await fileRow('census-2026 first try.csv').waitFor();
    expect(await fileRow('census-2026.csv').count()).toBe(0);
    for (const kept of ['census-2025.csv', 'census-2026 - errors.xlsx']) {
      expect(await fileRow(kept).getByTestId('census-file-kept').innerText()).toBe(
        CENSUS_MESSAGES.submittedKept,
      );
      expect(
        await fileRow(kept)
          .getByRole('button', { name: /^Delete/ })
          .count(),
      ).toBe(0);
    }
    await fullPageScreenshot(page, 'census-files-actions.png');

    // The client's ben-admin did not upload it: the refusal is shown in the server's words.
    const client = await portal.signInAt(benAdmin.email, `${CENSUS_PATH}/validations`);
    await client.getByRole('button', { name: 'Delete census-2026 first try.csv' }).click();
    await client
      .getByRole('alertdialog', { name: 'Delete this census file?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect
      .poll(() => client.getByTestId('census-files-notice').innerText())
      .toBe(CENSUS_MESSAGES.notYours);
    await client.close();

    await page.getByRole('button', { name: 'Delete census-2026 first try.csv' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete this census file?' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect
      .poll(() => page.getByTestId('census-files-notice').innerText())
      .toBe('census-2026 first try.csv was deleted.');
    await expect.poll(() => fileRow('census-2026 first try.csv').count()).toBe(0);
    expect(await page.getByTestId('census-file').count()).toBe(2);
    await expectNoSeriousAxeViolations(page);

    await page.goto(portal.app.url + CENSUS_PATH);
    expect(await page.getByTestId('task-status').innerText()).toBe('In Review');
    await page.close();
  });
});
