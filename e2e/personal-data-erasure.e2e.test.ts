import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_CLIENT_ID, DEMO_USERS } from '@onboard/platform/seed';
import { apiClient, eventually } from '@onboard/platform/testing/http-client';
import { submitCensus } from '@onboard/platform/testing/census';
import {
  expectNoSeriousAxeViolations,
  expectNoSidewaysScroll,
  screenshotPath,
  signInThroughUi,
} from './browser.ts';
import { POLICY_ID } from './testing/census.ts';
import { noBrowser, portalUnderTest } from './testing/portal.ts';

const census = `/api/clients/${DEMO_CLIENT_ID}/census/${POLICY_ID}`;
const CSV = [
  'Employee ID,First Name,Last Name,SSN,Date of Birth,Hire Date,Employee Class,Hours per week,Location,State,ZIP,Annual Salary',
  'E1,Ada,Quillfeather,555-12-3456,04/02/1980,03/15/2020,Salaried,40,Head office,NY,1000,85000',
  'E2,Basil,Thornbury,110-20-1010,12/31/1975,03/15/2020,Salaried,40,Head office,NY,1000,85000',
].join('\n');

describe.skipIf(noBrowser)('erasing personal data from the client’s manage page', () => {
  let documentId: string;
  const benAdmin = () => apiClient(portal.app.url);
  let reader: ReturnType<typeof apiClient>;

  const rows = async () =>
    (await reader.get(`${census}/files/${documentId}/rows`)).body as {
      rows: { cells: Record<string, string> }[];
    };
  const manage = async (page: Page, role: string) => {
    const user = DEMO_USERS.find((u) => u.role === role)!;
    await page.goto(`${portal.app.url}/clients/admin/${DEMO_CLIENT_ID}/manage`);
    await page.waitForURL(/\/login\?redirect=/);
    await signInThroughUi(page, user.email, portal.app.config.demoPassword, portal.auth);
    await page.getByRole('heading', { name: 'Lakeside Manufacturing Co.', level: 1 }).waitFor();
  };

  const portal = portalUnderTest('e2e_personal_data');
  beforeAll(async () => {
    reader = benAdmin();
    await reader.signIn('benadmin@onboard.example');
    documentId = (
      await submitCensus(reader, census, { bytes: CSV, name: 'census.csv' }, 'BEN_ADMIN_PLATFORM')
    ).documentId;
    await eventually(async () => expect((await rows()).rows[0]?.cells.ssn).toBe('***-**-3456'));
  }, 120_000);

  it('is not offered to an admin', async () => {
    const page = await portal.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await manage(page, 'SLF_ADMIN');
    await page.getByRole('heading', { name: 'Employer Information Form' }).waitFor();
    await page.getByRole('heading', { name: 'Plan system' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Personal data' }).count()).toBe(0);
    await page.close();
  });

  it('an owner erases one employee by keyboard, confirming with a reason; the other employee stays', async () => {
    const page = await portal.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await manage(page, 'SLF_OWNER');
    const section = page.locator('section.card', {
      has: page.getByRole('heading', { name: 'Personal data' }),
    });
    await section.waitFor();
    await section.screenshot({ path: screenshotPath('personal-data-manage.png') });

    await section.getByRole('button', { name: 'Erase one employee’s data' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Erase one employee’s personal data' });
    await dialog.waitFor();
    // Nothing chosen: the dialog says what is missing and erases nothing.
    await dialog.getByRole('button', { name: 'Erase this employee’s data' }).click();
    await dialog.getByText('Enter the employee’s ID').waitFor();
    await dialog.getByText('Choose a reason').waitFor();

    await dialog.getByLabel('Employee ID').fill('E404');
    const reason = dialog.getByRole('radio', { name: 'The person asked for their data to be erased' });
    await reason.focus();
    await page.keyboard.press('Space');
    expect(await reason.isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Erase this employee’s data' }).click();
    await dialog
      .getByText('No census of this client holds personal data of an employee with this ID')
      .waitFor();
    expect((await rows()).rows[0]!.cells.ssn).toBe('***-**-3456');

    await dialog.getByLabel('Employee ID').fill('E1');
    await expectNoSeriousAxeViolations(page);
    await dialog.screenshot({ path: screenshotPath('personal-data-erase-dialog.png') });
    await dialog.getByLabel('Employee ID').press('Enter');
    await page.getByTestId('erasure-notice').getByText('The employee’s personal data was erased.').waitFor();
    expect(await dialog.count()).toBe(0);

    const after = await rows();
    expect(after.rows[0]!.cells).toMatchObject({ ssn: 'erased', lastName: 'erased', dateOfBirth: 'erased' });
    expect(after.rows[1]!.cells.ssn).toBe('***-**-1010');
    await page.close();
  });

  it('at a phone’s width the section and its dialog fit', async () => {
    const page = await portal.browser.newPage({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await manage(page, 'SLF_OWNER');
    const section = page.locator('section.card', {
      has: page.getByRole('heading', { name: 'Personal data' }),
    });
    await section.waitFor();
    await section.getByRole('button', { name: 'Erase all personal data' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Erase every employee’s personal data' });
    await dialog.waitFor();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: screenshotPath('personal-data-erase-all-390.png') });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await dialog.count()).toBe(0);
    expect((await rows()).rows[1]!.cells.ssn).toBe('***-**-1010');
    await page.close();
  });
});
