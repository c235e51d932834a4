import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CLIENT_ID } from '@onboard/platform/seed';
import { apiClient } from '@onboard/platform/testing/http-client';
import { answerEveryRequiredQuestion } from '@onboard/platform/testing/complete-eif';
import { expectNoSeriousAxeViolations, reloadUntil, screenshotPath, signInThroughUi } from './browser.ts';
import { benAdmin, noBrowser, owner, portalUnderTest } from './testing/portal.ts';

/**
 * Signing needs every required answer of every visible sub-step: review & submit lists what is missing
 * in words, each sub-step a link to where it is answered, and offers signing only once nothing is; the
 * outside signer sees the same list and cannot sign an unfinished form.
 */

const TASK = `/client/${DEMO_CLIENT_ID}/task/eif-submit-company-information`;
const REVIEW_PATH = `${TASK}/step/review-&-submit`;
const OTHER_CLIENT = 'harbor-freight-lines';

describe.skipIf(noBrowser)('signing an unfinished form', () => {
  const portal = portalUnderTest('e2e_missing_answers');
  let api: ReturnType<typeof apiClient>;

  beforeAll(async () => {
    api = apiClient(portal.app.url);
    await api.signIn(owner.email, portal.app.config.demoPassword);
  });

  it('lists what is missing on review & submit, links to it, and offers signing once all is answered', async () => {
    const context = await portal.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${portal.app.url}/login?redirect=${encodeURIComponent(REVIEW_PATH)}`);
    await signInThroughUi(page, benAdmin.email, portal.app.config.demoPassword, portal.auth);
    await page.getByRole('heading', { name: 'Review your answers' }).waitFor();
    // Only the tax id answered, as in the finding: still far from signable.
    expect((await api.put(`/api/clients/${DEMO_CLIENT_ID}`, { taxId: '12-3456789' })).status).toBe(200);
    await reloadUntil(
      page,
      async () => (await page.getByTestId('summary-tax-id').innerText()).includes('12-3456789'),
      'the tax id',
    );

    const missing = page.getByTestId('missing-answers');
    await missing.waitFor();
    expect(await missing.getByRole('heading').innerText()).toMatch(
      /^Still to answer before signing \(\d+\)$/,
    );
    const text = await missing.innerText();
    expect(text).toContain('Plan administrators');
    expect(text).toContain('Add at least one primary plan administrator');
    expect(text).not.toContain('Federal Tax ID (EIN)');
    // Words, never codes or ids.
    expect(text).not.toMatch(/[a-z]+[A-Z][a-zA-Z]*Id\b|_[A-Z]/);
    expect(await page.getByRole('button', { name: 'Sign the form' }).count()).toBe(0);
    await page.screenshot({ path: screenshotPath('eif-missing-answers.png') });
    await missing.screenshot({ path: screenshotPath('eif-missing-answers-list.png') });
    await expectNoSeriousAxeViolations(page);

    // Each sub-step of the list links to its form.
    await missing.getByRole('link', { name: 'Plan administrators' }).click();
    await page.waitForURL((url) =>
      url.pathname.endsWith('/plan-administrators-&-billing/plan-administrators'),
    );
    await page.getByRole('heading', { name: 'Plan administrators' }).first().waitFor();

    // Everything required answered (over the API): the list goes and signing is offered.
    await answerEveryRequiredQuestion(api, DEMO_CLIENT_ID);
    await page.goto(`${portal.app.url}${REVIEW_PATH}`);
    await reloadUntil(
      page,
      async () => (await page.getByRole('button', { name: 'Sign the form' }).count()) > 0,
      'the sign button',
    );
    expect(await page.getByTestId('missing-answers').count()).toBe(0);
    await page.getByRole('button', { name: 'Sign the form' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Sign' }).click();
    await page.getByText('Thank you. The form is signed.').waitFor();
    await context.close();
  });

  it('shows an outside signer what is missing and lets them sign only a finished form', async () => {
    const invite = await api.post(`/api/clients/${OTHER_CLIENT}/outside-signer`, {
      email: 'owner@harbor.example',
      firstName: 'Hana',
      lastName: 'Ortiz',
      stepId: 'review-&-submit',
    });
    expect(invite.status).toBe(201);
    let link = '';
    for (let attempt = 0; attempt < 30 && !link; attempt++) {
      const { rows } = await portal.app.pool.query<{ body: string }>(
        'select body from rm_emails where id = $1',
        [invite.body.emailId],
      );
      link = /https?:\/\/\S+\/client\/[^/\s]+\/outside-signer\/\S+/.exec(rows[0]?.body ?? '')?.[0] ?? '';
      if (!link) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(link).not.toBe('');

    const context = await portal.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const signer = await context.newPage();
    await signer.goto(`${portal.app.url}${new URL(link).pathname}`);
    await signer.getByText('you were asked to review and sign this form.').waitFor();
    const missing = signer.getByTestId('missing-answers');
    await missing.waitFor();
    expect(await missing.innerText()).toContain('Federal Tax ID (EIN)');
    expect(await signer.getByRole('button', { name: 'Sign', exact: true }).isDisabled()).toBe(true);
    await signer.screenshot({ path: screenshotPath('eif-outside-signer-missing.png') });
    // The links lead to the answers' place in the summary on the same page.
    await missing.getByRole('link', { name: 'Tax ID' }).click();
    expect(new URL(signer.url()).hash).toBe('#summary-sub-tax-id');

    await answerEveryRequiredQuestion(api, OTHER_CLIENT);
    await signer.reload();
    await signer.getByText('you were asked to review and sign this form.').waitFor();
    expect(await signer.getByTestId('missing-answers').count()).toBe(0);
    await signer.getByRole('button', { name: 'Sign', exact: true }).click();
    await signer.getByRole('heading', { name: 'Thank you for signing' }).waitFor();
    await context.close();
  });
});
