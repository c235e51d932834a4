import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_CLIENT_ID } from '@onboard/platform/seed';
import { answerEveryRequiredQuestion } from '@onboard/platform/testing/complete-eif';
import { apiClient } from '@onboard/platform/testing/http-client';
import { ROLES, FORM_ATTRIBUTE_KEYS, OPTION_LABELS } from '@onboard/domain';
import { fullPageScreenshot, signInThroughUi } from './browser.ts';
import { noBrowser, portalUnderTest } from './testing/portal.ts';

const CLIENT = `/api/clients/${DEMO_CLIENT_ID}`;
const HUB = `/client/${DEMO_CLIENT_ID}`;
const MANAGE = `/clients/admin/${DEMO_CLIENT_ID}/manage`;

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
// A long hex run with at least one letter and one digit (an id or a hash prefix, not a word or a number).
const HEX_ID = /\b(?=[0-9a-f]*[a-f])(?=[0-9a-f]*[0-9])[0-9a-f]{16,}\b/i;
const CAMEL_KEYS = FORM_ATTRIBUTE_KEYS.filter((key) => /[a-z][A-Z]/.test(key));
const CODES = [...OPTION_LABELS.keys(), ...ROLES].filter((code) => /^[A-Z0-9]+(_[A-Z0-9]+)+$/.test(code));

/** What a person reads on the page that no person should: ids, attribute keys, option codes. */
function leaks(text: string): string[] {
  const found: string[] = [];
  const uuid = UUID.exec(text);
  if (uuid) found.push(`UUID ${uuid[0]}`);
  const hex = HEX_ID.exec(text);
  if (hex) found.push(`hex id ${hex[0]}`);
  for (const key of CAMEL_KEYS) if (new RegExp(`\\b${key}\\b`).test(text)) found.push(`attribute key ${key}`);
  for (const code of CODES) if (new RegExp(`\\b${code}\\b`).test(text)) found.push(`code ${code}`);
  return found;
}

// The rendered text of the pages staff, clients and outside signers read, scanned for ids, keys and codes.
describe.skipIf(noBrowser)('names and labels instead of ids, keys and codes', () => {
  const portal = portalUnderTest('e2e_no_ids');
  let signUpdatesPath = '';

  /** The action id of the latest invitation e-mailed to an address. */
  const invitationPath = async (email: string) => {
    for (let attempt = 0; attempt < 50; attempt++) {
      const { rows } = await portal.app.pool.query<{ body: string }>(
        `select body from rm_emails where "to" ilike $1 order by created_at desc limit 1`,
        [`%${email}%`],
      );
      const link = /https?:\/\/\S+(\/client\/[^/\s]+\/outside-signer\/\S+)/.exec(rows[0]?.body ?? '')?.[1];
      if (link) return link;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`No invitation to ${email}`);
  };

  /** A call from the signed-in page, as the app makes it (session and CSRF cookies). */
  const call = (page: Page, method: string, path: string, body?: unknown) =>
    page.evaluate(
      async ({ method, path, body }) => {
        const csrf = document.cookie
          .split('; ')
          .find((c) => c.startsWith('onboard_csrf='))
          ?.split('=')[1];
        const res = await fetch(path, {
          method,
          headers: { 'content-type': 'application/json', ...(csrf ? { 'x-csrf-token': csrf } : {}) },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        const text = await res.text();
        return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
      },
      { method, path, body },
    );

  /** Staff invite an outside signer from the page; answers the path of the link e-mailed to them. */
  const invite = async (
    page: Page,
    signer: { email: string; firstName: string; lastName: string; stepId: string },
  ) => {
    expect((await call(page, 'POST', `${CLIENT}/outside-signer`, signer)).status).toBe(201);
    return invitationPath(signer.email);
  };

  it('shows people by name, answers by question and option, items by what they are', async () => {
    const page = await portal.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${portal.app.url}/login?redirect=${encodeURIComponent(MANAGE)}`);
    await signInThroughUi(page, 'admin@onboard.example', portal.app.config.demoPassword, portal.auth);
    await page.getByRole('heading', { name: 'Employer Information Form' }).waitFor();

    // Before signing: a location and the one answer signing needs.
    const location = await call(page, 'POST', `${CLIENT}/locations`, {
      name: 'Boston office',
      address1: '1 Federal St',
      city: 'Boston',
      state: 'MA',
      zipCode: '02110',
    });
    expect(location.status).toBe(201);
    // A write answers the client as its editor sees it: the new location is in it.
    const locations = (location.body as { locations: { id: string; name: string }[] }).locations;
    const boston = locations.find((l) => l.name === 'Boston office')!;
    // Every required answer (signing needs them), as the client's benefits administrator.
    const benAdmin = apiClient(portal.app.url);
    await benAdmin.signIn('benadmin@onboard.example');
    await answerEveryRequiredQuestion(benAdmin, DEMO_CLIENT_ID);

    // An outside signer signs through the e-mailed link.
    const signPath = await invite(page, {
      email: 'jane.roe@lakeside.example',
      firstName: 'Jane',
      lastName: 'Roe',
      stepId: 'review-&-submit',
    });
    const signer = apiClient(portal.app.url);
    await signer.get('/api/auth/csrf');
    const actionId = signPath.split('/').pop()!;
    expect((await signer.post(`/api/outside-signer/${DEMO_CLIENT_ID}/${actionId}/sign`)).status).toBe(200);

    // After signing, staff change answers (one a choice), and a location: pending review.
    expect(
      (
        await call(page, 'PUT', CLIENT, {
          erisaPlanType: 'NOT_SUBJECT_TO_ERISA',
          otherCoverageChangeNotes: 'Dental moves to a new carrier',
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await call(page, 'PUT', `${CLIENT}/locations/${boston.id}`, {
          name: 'Boston office',
          address1: '100 Summer St',
          city: 'Boston',
          state: 'MA',
          zipCode: '02110',
        })
      ).status,
    ).toBe(200);
    const taxSaved = await call(page, 'PUT', CLIENT, { taxId: '98-7654321' });
    expect(taxSaved.status).toBe(200);
    const view = taxSaved.body as {
      pendingChanges: { changeId: string; attributes: Record<string, unknown> }[];
    };
    const taxChange = view.pendingChanges.find((c) => 'taxId' in c.attributes)!;
    const accepted = await call(page, 'POST', `${CLIENT}/eif/changes/accept`, {
      changeIds: [taxChange.changeId],
    });
    expect(accepted.status).toBe(200);
    // The answer names who accepted, so the page shows a name before it reads the client again.
    expect(Object.values(accepted.body!.people as Record<string, string>)).toContain(
      'Adam Alvarez (Carrier admin)',
    );

    // Someone else reviews the updates by link.
    signUpdatesPath = await invite(page, {
      email: 'cfo@lakeside.example',
      firstName: 'Casey',
      lastName: 'Fowler',
      stepId: 'review-&-submit-updates',
    });

    const scan = async (path: string, ready: () => Promise<unknown>, name: string) => {
      await page.goto(`${portal.app.url}${path}`);
      await ready();
      // Let lazy sections (the change log, the history) settle.
      await page.waitForLoadState('networkidle');
      await fullPageScreenshot(page, `no-ids-${name}.png`);
      const text = await page.evaluate(() => document.body.innerText);
      return { text, leaks: leaks(text) };
    };

    const manage = await scan(MANAGE, () => page.getByTestId('net-change').first().waitFor(), 'manage');
    expect(manage.leaks).toEqual([]);
    expect(manage.text).toContain('Jane Roe (Outside signer)');
    expect(manage.text).toContain('Adam Alvarez (Carrier admin)');
    expect(manage.text).toContain('Location: Boston office');
    expect(manage.text).toContain('How is your ERISA plan set up?');
    expect(manage.text).toContain('Not subject to ERISA');

    const reviewPage = await scan(
      `${MANAGE}/review`,
      () => page.getByTestId('pending-change').first().waitFor(),
      'review',
    );
    expect(reviewPage.leaks).toEqual([]);
    expect(reviewPage.text).toContain('Not subject to ERISA');
    expect(reviewPage.text).toContain('Adam Alvarez (Carrier admin)');
    // Controls are named by the change, not its id (the whole change's, and its answer's own).
    expect(
      await page
        .getByRole('button', { name: /^Accept the change to Company: .*How is your ERISA plan set up\?/ })
        .count(),
    ).toBeGreaterThanOrEqual(1);

    const submit = await scan(
      `${HUB}/task/eif-submit-company-information/step/review-&-submit`,
      () => page.getByTestId('eif-status').first().waitFor(),
      'review-submit',
    );
    expect(submit.leaks).toEqual([]);

    const history = await scan(
      `${MANAGE}/eif-history`,
      () => page.getByTestId('history-event').first().waitFor(),
      'history',
    );
    expect(history.leaks).toEqual([]);
    expect(history.text).toContain('Adam Alvarez (Carrier admin)');
    await page.getByTestId('history-event').first().click();
    await page.getByTestId('history-point').waitFor();
    const point = await page.evaluate(() => document.body.innerText);
    expect(leaks(point)).toEqual([]);

    const hub = await scan(
      HUB,
      () => page.getByTestId('hub-progress').or(page.getByTestId('task-status')).first().waitFor(),
      'hub',
    );
    expect(hub.leaks).toEqual([]);
    await page.close();
  });

  it('shows the outside signer the updates by name and label', async () => {
    const context = await portal.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${portal.app.url}${signUpdatesPath}`);
    await page.getByTestId('pending-change').first().waitFor();
    await fullPageScreenshot(page, 'no-ids-outside-signer.png');
    const text = await page.evaluate(() => document.body.innerText);
    expect(leaks(text)).toEqual([]);
    expect(text).toContain('Not subject to ERISA');
    expect(text).toContain('Adam Alvarez (Carrier admin)');
    await context.close();
  });
});
