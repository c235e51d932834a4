import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { DEMO_CLIENT_ID } from '@onboard/platform/seed';
import { apiClient } from '@onboard/platform/testing/http-client';
import { answerEveryRequiredQuestion } from '@onboard/platform/testing/complete-eif';
import {
  fullPageScreenshot,
  openHub,
  reloadUntil,
  screenshotPath,
  signInThroughUi,
  textOf,
} from './browser.ts';
import { benAdmin, demoUser, noBrowser, portalUnderTest } from './testing/portal.ts';

const HUB = `/client/${DEMO_CLIENT_ID}`;
const TAX_ID_PATH = `${HUB}/task/eif-submit-company-information/step/company-information/tax-id`;
const REVIEW_SUBMIT_PATH = `${HUB}/task/eif-submit-company-information/step/review-&-submit`;
const MANAGE_PATH = `/clients/admin/${DEMO_CLIENT_ID}/manage`;
const DECLINE_REASON = 'The EIN does not match the IRS letter';

const staff = demoUser('SLF_ADMIN');

describe.skipIf(noBrowser)('the EIF cycle in the browser', () => {
  const portal = portalUnderTest('e2e_eif');
  let client: Page;
  let admin: Page;

  beforeAll(async () => {
    client = await portal.openPage();
    admin = await portal.openPage();
  });

  const hubTaxId = (page: Page) => page.getByTestId('substep-tax-id');
  /** The hub's tax id answer, read whether or not its step's sections are unfolded. */
  const hubText = async (locator: Locator) =>
    (await locator.count()) > 0 ? ((await locator.first().textContent()) ?? '').trim() : '';

  /** Staff invite an outside signer for the updates; the link is read from the e-mail records. */
  async function inviteOutsideSigner(email: string, isScreenshot = false): Promise<string> {
    await admin.goto(`${portal.app.url}${MANAGE_PATH}`);
    await admin.getByRole('button', { name: 'Invite an outside signer' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Invite an outside signer' });
    await dialog.getByLabel('First name').fill('Casey');
    await dialog.getByLabel('Last name').fill('Fowler');
    await dialog.getByLabel('E-mail').fill(email);
    await dialog.getByRole('radio', { name: 'Review the updates made after signing' }).check();
    if (isScreenshot) await admin.screenshot({ path: screenshotPath('eif-invite-dialog.png') });
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await admin.getByText(`An invitation was sent to ${email}.`).waitFor();

    let link = '';
    for (let attempt = 0; attempt < 30 && !link; attempt++) {
      const { rows } = await portal.app.pool.query<{ body: string }>(
        `select body from rm_emails where "to" ilike $1 order by created_at desc limit 1`,
        [`%${email}%`],
      );
      link = /https?:\/\/\S+\/client\/[^/\s]+\/outside-signer\/\S+/.exec(rows[0]?.body ?? '')?.[0] ?? '';
      if (!link) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(link).not.toBe('');
    return new URL(link).pathname;
  }

  /** Saves the tax id: the form moves on to the next sub-step once the answer is stored. */
  async function saveTaxId(page: Page) {
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/subsidiaries-and-affiliates'));
  }

  it('signs, edits after signing, is declined with a reason, edits again, is accepted, and replays it all', async () => {
    // A ben-admin fills the tax id; the other required answers are filled over the API (the owner);
    // then the ben-admin signs on the review & submit page.
    await client.goto(`${portal.app.url}/login?redirect=${encodeURIComponent(TAX_ID_PATH)}`);
    await signInThroughUi(client, benAdmin.email, portal.app.config.demoPassword, portal.auth);
    const input = client.getByLabel('Federal Tax ID (EIN)');
    await input.fill('12-3456789');
    await saveTaxId(client);
    const owner = apiClient(portal.app.url);
    await owner.signIn('owner@onboard.example', portal.app.config.demoPassword);
    await answerEveryRequiredQuestion(owner, DEMO_CLIENT_ID);
    await client
      .getByRole('navigation', { name: 'Steps' })
      .getByRole('link', { name: 'Review & submit' })
      .click();
    await client.getByRole('heading', { name: 'Review your answers' }).waitFor();
    await reloadUntil(
      client,
      async () => (await client.getByRole('button', { name: 'Sign the form' }).count()) > 0,
      'the sign button',
    );
    expect(await textOf(client.getByTestId('summary-tax-id').getByTestId('accepted-value'))).toBe(
      '12-3456789',
    );
    await client.getByRole('button', { name: 'Sign the form' }).click();
    await client.getByRole('alertdialog').getByRole('button', { name: 'Sign' }).click();
    await client.getByText('Thank you. The form is signed.').waitFor();
    expect(await textOf(client.getByTestId('eif-status'))).toBe('Signed');
    expect(await client.getByRole('button', { name: 'Sign the form' }).count()).toBe(0);
    await fullPageScreenshot(client, 'eif-review-submit-signed.png');

    // After signing, an edit is pending: the accepted value stays, the new one is marked for review.
    await client.getByRole('link', { name: 'Edit Tax ID' }).click();
    await input.waitFor();
    expect(await input.inputValue()).toBe('12-3456789');
    await input.fill('98-7654321');
    await saveTaxId(client);
    await fullPageScreenshot(client, 'eif-tax-id-pending.png');
    await openHub(client, portal.app.url, DEMO_CLIENT_ID);
    await reloadUntil(
      client,
      async () => (await hubText(hubTaxId(client).getByTestId('pending-value'))) === '98-7654321',
      'the pending tax id on the hub',
    );
    expect(await hubText(hubTaxId(client).getByTestId('accepted-value'))).toBe('12-3456789');
    expect(await hubText(hubTaxId(client).getByTestId('pending-badge'))).toContain('Pending review');
    await fullPageScreenshot(client, 'eif-hub-pending.png');

    // The ben-admin submits the change for review from the review & submit page.
    await client.goto(`${portal.app.url}${REVIEW_SUBMIT_PATH}`);
    await client.getByRole('button', { name: 'Submit changes for review' }).click();
    await client.getByText('Your changes were submitted.').waitFor();
    expect(await client.getByTestId('edit-state').getAttribute('data-state')).toBe('ready-for-review');

    // Staff find the client in the list and decline the change with a reason.
    await admin.goto(`${portal.app.url}/login?redirect=${encodeURIComponent('/clients/admin')}`);
    await signInThroughUi(admin, staff.email, portal.app.config.demoPassword, portal.auth);
    await admin.getByRole('heading', { name: 'Clients', exact: true }).waitFor();
    await admin.getByLabel('Search').fill('lakeside');
    const row = admin.getByRole('row', { name: /Lakeside Manufacturing/ });
    await reloadUntil(admin, async () => (await textOf(row)).includes('1 pending'), 'the pending count');
    await fullPageScreenshot(admin, 'eif-admin-clients.png');
    await row.getByRole('link', { name: 'Manage Lakeside Manufacturing Co.' }).click();
    await admin.getByRole('heading', { name: 'Lakeside Manufacturing Co.' }).waitFor();
    await admin.getByTestId('net-change').first().waitFor();
    await fullPageScreenshot(admin, 'eif-manage.png');
    await admin.getByRole('link', { name: /^Review changes/ }).click();
    await admin.getByRole('heading', { name: 'Review changes' }).waitFor();
    const change = admin.getByTestId('pending-change');
    await reloadUntil(admin, async () => (await change.count()) === 1, 'the pending change');
    const taxGroup = admin.getByRole('region', { name: 'Company information: Tax ID' });
    expect(await textOf(taxGroup.getByTestId('change-previous'))).toBe('12-3456789');
    expect(await textOf(taxGroup.getByTestId('change-new'))).toBe('98-7654321');
    expect(await textOf(change)).toContain('Ben Adler (Benefits administrator)');
    await fullPageScreenshot(admin, 'eif-review.png');

    await change.getByRole('button', { name: 'Decline' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Decline changes' });
    await dialog.getByRole('button', { name: 'Decline' }).click();
    await dialog.getByText('Please provide a reason for declining').waitFor();
    await dialog.getByLabel('Reason for declining').fill(DECLINE_REASON);
    await admin.screenshot({ path: screenshotPath('eif-decline-dialog.png') });
    await dialog.getByRole('button', { name: 'Decline' }).click();
    await admin.getByText('Declined 1 change.').waitFor();
    await admin.getByTestId('no-pending').waitFor();

    // The ben-admin sees the declined state and the reason; the signed value is unchanged.
    await openHub(client, portal.app.url, DEMO_CLIENT_ID);
    const editState = client.getByTestId('edit-state');
    await reloadUntil(
      client,
      async () => (await editState.getAttribute('data-state')) === 'changes-declined-no-new-edits',
      'the declined state',
    );
    expect(await textOf(client.getByTestId('declined-reason'))).toBe(DECLINE_REASON);
    expect(await hubText(hubTaxId(client).getByTestId('accepted-value'))).toBe('12-3456789');
    expect(await hubTaxId(client).getByTestId('pending-badge').count()).toBe(0);
    await fullPageScreenshot(client, 'eif-hub-declined.png');

    // The ben-admin edits again; staff accept; the hub shows the new signed value.
    await client.goto(`${portal.app.url}${TAX_ID_PATH}`);
    await input.waitFor();
    await input.fill('11-1111111');
    await saveTaxId(client);

    await reloadUntil(admin, async () => (await change.count()) === 1, 'the second pending change');
    expect(await textOf(change.getByTestId('change-new'))).toBe('11-1111111');
    await admin.getByRole('button', { name: 'Accept all' }).click();
    await admin.getByText('Accepted 1 change.').waitFor();

    await openHub(client, portal.app.url, DEMO_CLIENT_ID);
    await reloadUntil(
      client,
      async () => (await hubText(hubTaxId(client).getByTestId('accepted-value'))) === '11-1111111',
      'the accepted tax id',
    );
    expect(await editState.getAttribute('data-state')).toBe('changes-accepted');
    await fullPageScreenshot(client, 'eif-hub-accepted.png');

    // The history shows every step and the form as it was before the first signature.
    await admin.goto(`${portal.app.url}${MANAGE_PATH}`);
    await admin.getByRole('link', { name: 'EIF history' }).click();
    await admin.getByRole('heading', { name: 'EIF history' }).waitFor();
    const events = admin.getByTestId('history-event');
    await events.first().waitFor();
    const types = await events.evaluateAll((items) => items.map((i) => i.getAttribute('data-type')));
    expect(types).toEqual(
      expect.arrayContaining([
        'EifSigned',
        'EifChangesMarkedReadyForReview',
        'EifChangesDeclined',
        'EifChangesAccepted',
      ]),
    );
    expect(await textOf(admin.locator('[data-type="EifChangesDeclined"]'))).toContain(DECLINE_REASON);
    expect(await textOf(admin.locator('[data-type="EifChangesDeclined"]'))).toContain('Carrier admin');
    // Newest first: the event listed right after the signature is the last one before it.
    const signedIndex = types.indexOf('EifSigned');
    await events.nth(signedIndex + 1).click();
    const point = admin.getByTestId('history-point');
    await point.waitFor();
    expect(await textOf(point.getByTestId('eif-status'))).toBe('Not signed');
    expect(await textOf(point.getByTestId('summary-tax-id').getByTestId('accepted-value'))).toBe(
      '12-3456789',
    );
    await fullPageScreenshot(admin, 'eif-history.png');
    const differences = admin.getByRole('grid', { name: 'Difference from now' });
    expect(await textOf(differences.getByRole('row').filter({ hasText: 'Federal Tax ID' }))).toContain(
      '11-1111111',
    );
  });

  it('lets an outside signer accept the updates staff made after signing', async () => {
    // An implementation consultant changes the tax id after signing: a pending change.
    await admin.goto(`${portal.app.url}${TAX_ID_PATH}`);
    const input = admin.getByLabel('Federal Tax ID (EIN)');
    await input.waitFor();
    await input.fill('22-2222222');
    await saveTaxId(admin);

    const path = await inviteOutsideSigner('cfo@lakeside.example', true);

    // A fresh browser with no session opens the link.
    const signer = await portal.openPage();
    await signer.goto(`${portal.app.url}${path}`);
    await signer.getByTestId('updates-notice').waitFor();
    expect(await textOf(signer.getByTestId('updates-notice'))).toContain(
      'Your implementation consultant changed some sections',
    );
    // The changes load after the notice: wait for them before counting.
    const pending = signer.getByTestId('pending-change');
    await pending.first().waitFor();
    expect(await pending.count()).toBe(1);
    expect(await textOf(pending.getByTestId('change-new'))).toBe('22-2222222');
    expect(await textOf(signer.getByTestId('summary-tax-id').getByTestId('accepted-value'))).toBe(
      '11-1111111',
    );
    await fullPageScreenshot(signer, 'eif-outside-signer.png');

    await signer.getByRole('button', { name: 'Accept updates' }).click();
    await signer.getByRole('heading', { name: 'Thank you for accepting the updates' }).waitFor();
    expect(new URL(signer.url()).pathname).toBe(`${HUB}/outside-signer/eif-summary`);
    await signer.getByRole('button', { name: 'Print a copy' }).waitFor();
    expect(await textOf(signer.getByTestId('summary-tax-id').getByTestId('accepted-value'))).toBe(
      '22-2222222',
    );
    await fullPageScreenshot(signer, 'eif-outside-signer-thanks.png');

    // The link works once.
    await signer.goto(`${portal.app.url}${path}`);
    await signer.getByText('This link has expired or has already been used.').waitFor();
    await signer.close();
  });

  it('thanks an outside signer who declines the updates and says the provider is reviewing', async () => {
    await admin.goto(`${portal.app.url}${TAX_ID_PATH}`);
    const input = admin.getByLabel('Federal Tax ID (EIN)');
    await reloadUntil(admin, async () => (await input.inputValue()) === '22-2222222', 'the accepted update');
    await input.fill('33-3333333');
    await saveTaxId(admin);
    const path = await inviteOutsideSigner('controller@lakeside.example');

    const signer = await portal.openPage();
    await signer.goto(`${portal.app.url}${path}`);
    await signer.getByRole('button', { name: 'Decline updates' }).click();
    const dialog = signer.getByRole('dialog', { name: 'Decline the updates' });
    await dialog.getByRole('button', { name: 'Decline updates' }).click();
    await dialog.getByText('Please provide a reason for declining').waitFor();
    await dialog.getByLabel('Why are you declining the updates?').fill('Our EIN has not changed');
    await dialog.getByRole('button', { name: 'Decline updates' }).click();
    await signer.getByRole('heading', { name: 'Thank you', exact: true }).waitFor();
    expect(await textOf(signer.getByTestId('signer-thanks'))).toContain('reviewing your responses');
    await fullPageScreenshot(signer, 'eif-outside-signer-declined.png');
    await signer.close();
  });
});
