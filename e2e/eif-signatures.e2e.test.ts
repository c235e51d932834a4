import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_CLIENT_ID } from '@onboard/platform/seed';
import { answerEveryRequiredQuestion } from '@onboard/platform/testing/complete-eif';
import { apiClient, eventually } from '@onboard/platform/testing/http-client';
import {
  expectNoSeriousAxeViolations,
  fullPageScreenshot,
  openHub,
  screenshotPath,
  signInThroughUi,
} from './browser.ts';
import { admin, demoUser, noBrowser, owner, portalUnderTest } from './testing/portal.ts';

const client = `/api/clients/${DEMO_CLIENT_ID}`;
const REVIEW_PATH = `/clients/admin/${DEMO_CLIENT_ID}/manage/review`;
const benAdminUser = demoUser('BEN_ADMIN');

/** The calls of a page's own session (its cookies and CSRF token), as the API helpers take them. */
function pageApi(page: Page, baseUrl: string) {
  const call = async (method: 'GET' | 'PUT' | 'POST', path: string, body?: unknown) => {
    const csrf = (await page.context().cookies()).find((c) => c.name === 'onboard_csrf')?.value;
    const res = await page.context().request.fetch(`${baseUrl}${path}`, {
      method,
      ...(body === undefined ? {} : { data: body }),
      headers: csrf ? { 'x-csrf-token': csrf } : {},
    });
    const text = await res.text();
    return {
      status: res.status(),
      headers: new Headers(res.headers()),
      text,
      body: (text ? JSON.parse(text) : null) as any, // eslint-disable-line @typescript-eslint/no-explicit-any
    };
  };
  return {
    get: (path: string) => call('GET', path),
    put: (path: string, body: unknown) => call('PUT', path, body),
    post: (path: string, body?: unknown) => call('POST', path, body),
  };
}

// Re-signing only by whom it concerns: the benefits administrator signed the whole form and an outside
// signer countersigned the contract details; a tax id change is accepted, so staff see that only the
// administrator still has to confirm, and the administrator confirms from the page the e-mail links to.
describe.skipIf(noBrowser)('re-signing only by whom it concerns', () => {
  const portal = portalUnderTest('e2e_eif_signatures');
  let benAdminPage: Page;
  let staff: ReturnType<typeof apiClient>;

  /** Invites the outside signer to sign the contract details; answers the link's action id. */
  const inviteOutsideSigner = async () => {
    const invite = await staff.post(`${client}/outside-signer`, {
      email: 'casey.frost@lakeside.example',
      firstName: 'Casey',
      lastName: 'Frost',
      stepId: 'review-&-submit',
      sections: ['other-contract-details'],
    });
    expect(invite.status).toBe(201);
    const body = await eventually(async () => {
      const { rows } = await portal.app.pool.query<{ body: string }>(
        'select body from rm_emails where id = $1',
        [invite.body.emailId],
      );
      expect(rows).toHaveLength(1);
      return rows[0]!.body;
    });
    return /\/outside-signer\/(\S+)/.exec(body)![1]!;
  };

  const signedIn = async (email: string, path: string, width = 1280) => {
    const page = await (
      await portal.browser.newContext({ viewport: { width: 1280, height: 900 } })
    ).newPage();
    await page.goto(`${portal.app.url}/login?redirect=${encodeURIComponent(path)}`);
    await signInThroughUi(page, email, portal.app.config.demoPassword, portal.auth);
    await page.setViewportSize({ width, height: 900 });
    return page;
  };

  beforeAll(async () => {
    // The benefits administrator works in the browser (their session answers and signs the form); the
    // owner, staff, invites and accepts over the API.
    benAdminPage = await signedIn(benAdminUser.email, `/client/${DEMO_CLIENT_ID}`);
    const benAdmin = pageApi(benAdminPage, portal.app.url);
    staff = apiClient(portal.app.url);
    await staff.signIn(owner.email);
    await answerEveryRequiredQuestion(benAdmin, DEMO_CLIENT_ID);
    expect((await benAdmin.put(client, { taxId: '12-3456789' })).status).toBe(200);
    expect((await benAdmin.post(`${client}/eif/sign`)).status).toBe(200);
    // The outside signer countersigns the contract details through their e-mailed link.
    const actionId = await inviteOutsideSigner();
    const signer = apiClient(portal.app.url);
    await signer.get('/api/auth/csrf');
    expect((await signer.post(`/api/outside-signer/${DEMO_CLIENT_ID}/${actionId}/sign`)).status).toBe(200);
    // A company information answer changes after signing, and staff accept it.
    expect((await benAdmin.put(client, { taxId: '98-7654321' })).status).toBe(200);
    expect((await staff.post(`${client}/eif/changes/accept`, { changeIds: 'all' })).status).toBe(200);
  });

  const waitingFor = (page: Page) => page.getByTestId('waiting-for');

  it('shows staff on the review page who still has to confirm: only the signer whose section changed', async () => {
    const page = await signedIn(admin.email, REVIEW_PATH);
    await page.getByRole('heading', { name: 'Review changes' }).waitFor();
    await waitingFor(page).waitFor();
    expect(await waitingFor(page).innerText()).toBe(
      'Still to confirm the changes made to what they signed: Ben Adler (Benefits administrator).',
    );
    const signatures = page.getByTestId('signatures');
    expect(await signatures.innerText()).toContain('Casey Frost (Outside signer)');
    expect(await signatures.innerText()).toContain('Sections: Other contract details');
    await fullPageScreenshot(page, 'resign-review.png');
  });

  it('lets the signer confirm the changed answers from the page the e-mail sends them to, by keyboard', async () => {
    // The e-mail asking to confirm went to the benefits administrator only.
    const mails = await eventually(async () => {
      const { rows } = await portal.app.pool.query<{ to: string; body: string }>(
        `select "to", body from rm_emails where subject like 'Please confirm the changes%'`,
      );
      expect(rows).toHaveLength(1);
      return rows;
    }, 20_000);
    expect(mails[0]!.to).toContain(benAdminUser.email);
    const link = new URL(/(https?:\/\/\S+\/confirm-changes)/.exec(mails[0]!.body)![1]!);

    const hub = benAdminPage;
    await openHub(hub, portal.app.url, DEMO_CLIENT_ID);
    const card = hub.getByTestId('signatures');
    await card.getByRole('link', { name: 'Confirm the 1 change to what you signed' }).waitFor();
    await card.scrollIntoViewIfNeeded();
    await hub.screenshot({ path: screenshotPath('resign-hub.png'), fullPage: false });

    const page = benAdminPage;
    await page.setViewportSize({ width: 390, height: 900 });
    await page.goto(`${portal.app.url}${link.pathname}`);
    await page.getByRole('heading', { name: 'Confirm the changes to what you signed' }).waitFor();
    const answers = page.getByTestId('changed-answer');
    await answers.first().waitFor();
    expect(await answers.count()).toBe(1);
    const text = await answers.first().innerText();
    expect(text.toLowerCase()).toContain('company information · company');
    expect(text).toContain('Federal Tax ID');
    expect(text).toContain('12-3456789');
    expect(text).toContain('98-7654321');
    expect(text).not.toMatch(/taxId|AUTHORIZED_SIGNER/);
    await expectNoSeriousAxeViolations(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await fullPageScreenshot(page, 'resign-confirm-390.png');

    await page.getByRole('button', { name: 'Confirm these changes' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('You confirmed 1 change. Thank you.').waitFor();
    await expect.poll(() => answers.count()).toBe(0);

    const review = await signedIn(admin.email, REVIEW_PATH);
    await waitingFor(review).waitFor();
    expect(await waitingFor(review).innerText()).toBe(
      'Every signer has confirmed the changes made to what they signed.',
    );
  });

  it('lets the outside signer confirm a change to the section they signed from a new link', async () => {
    // A contract detail changes: the outside signer signed that section (so did the administrator).
    expect((await staff.put(client, { erisaPlanAdminName: 'Lakeside HR' })).status).toBe(200);
    expect((await staff.post(`${client}/eif/changes/accept`, { changeIds: 'all' })).status).toBe(200);
    const actionId = await inviteOutsideSigner();
    const page = await (await portal.browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await page.goto(`${portal.app.url}/client/${DEMO_CLIENT_ID}/outside-signer/${actionId}`);
    await page.getByRole('heading', { name: 'Changes since you signed (1)' }).waitFor();
    const text = await page.getByTestId('changed-answer').innerText();
    expect(text).toContain('Lakeside HR');
    expect(text.toLowerCase()).toContain('other contract details');
    // Not the whole form: no summary of it.
    expect(await page.getByRole('heading', { name: 'Form summary' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Confirm these changes' }).click();
    await page.getByRole('heading', { name: 'Thank you for confirming the changes' }).waitFor();
    const { body } = await staff.get(`${client}/eif/signatures`);
    expect(body.waitingFor).toEqual(['Ben Adler (Benefits administrator)']);
  });
});
