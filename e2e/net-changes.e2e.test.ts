import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_CLIENT_ID } from '@onboard/platform/seed';
import { answerEveryRequiredQuestion } from '@onboard/platform/testing/complete-eif';
import { apiClient, eventually } from '@onboard/platform/testing/http-client';
import { fullPageScreenshot, screenshotPath, signInThroughUi, textOf } from './browser.ts';
import { demoUser, noBrowser, portalUnderTest } from './testing/portal.ts';

const client = `/api/clients/${DEMO_CLIENT_ID}`;
const REVIEW_PATH = `/clients/admin/${DEMO_CLIENT_ID}/manage/review`;
const staff = demoUser('SLF_ADMIN');

// A location added after signing and then edited is one net change on the review page (onboarding §4);
// declining it declines both edits, so nothing stays pending for a location that never was accepted.
describe.skipIf(noBrowser)('net changes on the review page', () => {
  const portal = portalUnderTest('e2e_net_changes');
  let page: Page;

  beforeAll(async () => {
    page = await (await portal.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  });

  it('shows a location added and edited after signing as one change, and declines it whole', async () => {
    const benAdmin = apiClient(portal.app.url);
    await benAdmin.signIn('benadmin@onboard.example');
    await answerEveryRequiredQuestion(benAdmin, DEMO_CLIENT_ID);
    expect((await benAdmin.post(`${client}/eif/sign`)).status).toBe(200);
    const address = { name: 'Dock 4', address1: '1 Pier Road', city: 'Erie', state: 'PA', zipCode: '16501' };
    const added = await benAdmin.post(`${client}/locations`, address);
    expect(added.status).toBe(201);
    const location = (added.body.locations as { id: string; name: string }[]).find(
      (l) => l.name === 'Dock 4',
    )!;
    const edited = await benAdmin.put(`${client}/locations/${location.id}`, {
      ...address,
      city: 'Pittsburgh',
    });
    expect(edited.status).toBe(200);
    expect(edited.body.pendingChanges).toHaveLength(2);

    await page.goto(`${portal.app.url}/login?redirect=${encodeURIComponent(REVIEW_PATH)}`);
    await signInThroughUi(page, staff.email, portal.app.config.demoPassword, portal.auth);
    await page.getByRole('heading', { name: 'Review changes' }).waitFor();
    const change = page.getByTestId('pending-change');
    for (let attempt = 0; attempt < 20 && (await change.count()) !== 1; attempt++) {
      await page.waitForTimeout(300);
      await page.reload();
      await page.getByRole('heading', { name: 'Review changes' }).waitFor();
      await page.waitForLoadState('networkidle');
    }
    expect(await change.count()).toBe(1);
    expect(await textOf(change)).toContain('Location: Dock 4 added');
    const city = change.getByRole('listitem').filter({ hasText: 'City' });
    expect(await textOf(city.getByTestId('change-new'))).toBe('Pittsburgh');
    expect(await textOf(page.getByRole('heading', { name: /Pending changes/ }))).toBe('Pending changes (1)');
    await fullPageScreenshot(page, 'net-changes-review.png');

    // The staff client list counts the same net change, not the two edits behind it.
    await page.goto(`${portal.app.url}/clients/admin`);
    const lakeside = page.getByRole('row', { name: /Lakeside Manufacturing/ });
    await lakeside.getByText(/pending change/).waitFor();
    expect(await textOf(lakeside.getByText(/pending change/))).toBe('1 pending change');
    await page.screenshot({ path: screenshotPath('net-changes-client-list.png') });
    await page.goto(`${portal.app.url}${REVIEW_PATH}`);
    await change.first().waitFor();

    await change.getByRole('button', { name: 'Decline the change to Location' }).click();
    const dialog = page.getByRole('dialog', { name: 'Decline changes' });
    await dialog.getByLabel('Reason for declining').fill('We do not ship from that dock');
    await dialog.getByRole('button', { name: 'Decline' }).click();
    await page.getByText('Declined 1 change.').waitFor();
    await page.getByTestId('no-pending').waitFor();

    // Both edits were declined: nothing waits, and the manage page's net change says so.
    expect((await benAdmin.get(client)).body.pendingChanges).toEqual([]);
    await eventually(async () => {
      const nets = (await benAdmin.get(`${client}/change-log/net-changes`)).body as {
        entity: string;
        status: string;
      }[];
      expect(nets.find((n) => n.entity === 'Location')?.status).toBe('declined');
    });
    await page.getByRole('link', { name: 'Lakeside Manufacturing Co.' }).click();
    const declined = page.getByTestId('net-change').filter({ hasText: 'Pittsburgh' });
    await declined.waitFor();
    expect(await textOf(declined)).toContain('Declined');
    await fullPageScreenshot(page, 'net-changes-manage.png');
  });
});
