import { describe, expect, it } from 'vitest';
import { dataFeedFixtures } from '@onboard/command-api/data-feed';
import { DEMO_CLIENT_ID } from '@onboard/platform/seed';
import {
  downloadedBytes,
  expectNoSeriousAxeViolations,
  expectUploadRefused,
  fullPageScreenshot,
} from './browser.ts';
import { portalWithSignedClass } from './testing/census.ts';
import { admin, benAdmin, noBrowser } from './testing/portal.ts';

const TASK_PATH = `/client/${DEMO_CLIENT_ID}/task/connect-service`;
const fixtures = dataFeedFixtures();
const file = (name: string) => ({
  name,
  mimeType: 'application/edi-x12',
  buffer: Buffer.from(fixtures[name]!),
});

// The connect-service task in the browser: a benefits administrator uploads test 834s round after round
// and reads each report (the 999 in words, the problems quoted from the signed plan); staff see the
// readiness and their actions, and edit the companion guide.
describe.skipIf(noBrowser)('the data feed in the browser', () => {
  // The demo EIF signed with one class, 'Salaried', offered dental and long term disability.
  const portal = portalWithSignedClass('e2e_data_feed', {
    planIds: ['plan-dental', 'plan-ltd'],
    minimumHoursPerWeek: null,
    withLocations: false,
  });

  it('uploads a test file and reads its report, round after round, at 1280 and 390 px and by keyboard', async () => {
    const page = await portal.signInAt(benAdmin.email, TASK_PATH, { acceptDownloads: true, bypassCSP: true });
    await page.getByRole('heading', { name: 'Test data feed (834)' }).waitFor();
    await page.getByText('No test file yet.').waitFor();
    const input = page.getByLabel('Test 834 file');

    // Not X12 at all: said in words, nothing kept.
    await expectUploadRefused(
      input,
      page.getByTestId('data-feed-upload-error'),
      { name: 'census.csv', mimeType: 'text/csv', buffer: Buffer.from('Employee ID,Name\nE1,Ada\n') },
      'This is not an X12 file: an 834 begins with an ISA segment of 106 characters',
    );

    // Round 1: the envelope's counts are wrong; the 999 rejects it, in words.
    await input.setInputFiles(file('bad-envelope-counts.834'));
    const rounds = page.getByTestId('data-feed-round');
    await expect.poll(() => rounds.count()).toBe(1);
    const ack = page.getByTestId('data-feed-ack').first();
    await expect
      .poll(() => ack.innerText())
      .toContain('Transaction set 0001: rejected: Number of included segments does not match actual count');
    expect(await ack.innerText()).toContain(
      'Number of included transaction sets does not match actual count (AK9 code 5)',
    );
    expect(await rounds.first().locator('summary').innerText()).toContain(
      'Round 1 · bad-envelope-counts.834',
    );

    // Round 2: a class the plan does not have, quoted from the signed EIF, the member masked.
    await input.setInputFiles(file('unknown-class.834'));
    await expect.poll(() => rounds.count()).toBe(2);
    const issues = page.getByTestId('data-feed-issues').first();
    await expect
      .poll(() => issues.innerText())
      .toContain("Class 'Hourly' is not in the signed EIF; its classes: Salaried");
    expect(await issues.innerText()).toContain('Ada Lovelace (SSN ***-**-0001, born 1960)');
    expect(await page.locator('body').innerText()).not.toContain('100000001');
    expect(await page.getByTestId('data-feed-groups').first().innerText()).toContain(
      'Class not in the signed EIF · Signed EIF · 1',
    );
    await expect
      .poll(() => page.getByTestId('data-feed-changes').first().innerText())
      .toMatch(/^Since round 1: 2 problems fixed, 1 new\. Fixed: Syntax errors \(2\)\./);
    expect(
      await page
        .getByText('No census is submitted yet, so the census checks were left out.')
        .first()
        .isVisible(),
    ).toBe(true);
    await expectNoSeriousAxeViolations(page);

    // Round 3: the valid file is clean; what round 2 found is fixed.
    await input.setInputFiles(file('valid.834'));
    await expect.poll(() => rounds.count()).toBe(3);
    await expect.poll(() => rounds.first().locator('summary').innerText()).toContain('Round 3 · valid.834');
    expect(await rounds.first().locator('summary').innerText()).toContain('clean');
    expect(await page.getByTestId('data-feed-changes').first().innerText()).toContain(
      '1 problem fixed, 0 new',
    );
    expect(await page.getByTestId('data-feed-status').innerText()).toBe(
      '1 clean round in a row of the 2 needed for production.',
    );
    await fullPageScreenshot(page, 'data-feed-1280.png');

    // By keyboard: the 999 of the newest round downloads from its button.
    const button = page.getByRole('button', { name: 'Download the 999 of round 3' });
    await button.focus();
    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    const text = (await downloadedBytes(download)).toString('utf8');
    expect(text).toContain('ST*999*0001*005010X231A1~');
    expect(text).toContain('IK5*A~');

    // A phone's width: nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('heading', { name: 'Test data feed (834)' }).waitFor();
    // The page lays itself out again for the narrower window (the header gives way to its menu) first.
    const wider = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('.data-feed *')]
          .filter((el) => !el.closest('.data-feed__table') || el.classList.contains('data-feed__table'))
          .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
          .map((el) => `${el.tagName.toLowerCase()}.${el.className}`),
      );
    await expect.poll(wider).toEqual([]);
    await fullPageScreenshot(page, 'data-feed-390.png');
    await page.close();
  });

  it('staff see the readiness and edit the companion guide the checks use', async () => {
    const page = await portal.signInAt(admin.email, TASK_PATH, { bypassCSP: true });
    const ready = page.getByRole('button', { name: 'Mark ready for production' });
    await ready.waitFor();
    expect(await ready.isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Download the census as an 834' }).waitFor();

    await page.goto(portal.app.url + '/data-feed/companion-guide/admin');
    await page.getByRole('heading', { name: '834 companion guide' }).waitFor();
    const category = page.getByLabel('Class reporting category (loop 2750, N1*75)');
    expect(await category.inputValue()).toBe('EMPLOYEE CLASS');
    const maintenance = page.getByLabel('Maintenance types and reasons allowed');
    await maintenance.fill('021: 28, ZZ');
    await page.getByRole('button', { name: 'Save the companion guide' }).click();
    await page.getByText('Line 1: ZZ is not an 834 maintenance reason (INS04)').waitFor();
    await maintenance.fill('021: 28, EC, AI\n030: XN, AI');
    await page.getByRole('button', { name: 'Save the companion guide' }).click();
    const alert = page.locator('.alert');
    await expect
      .poll(() => alert.innerText())
      .not.toContain('Correct the fields marked below, then save again.');
    expect(await alert.innerText()).toBe(
      'The companion guide is saved: the next test files are checked against it.',
    );
    await expectNoSeriousAxeViolations(page);
    await page.close();
  });
});
