import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_CLIENT_ID } from '@onboard/platform/seed';
import { answerEveryRequiredQuestion } from '@onboard/platform/testing/complete-eif';
import { apiClient } from '@onboard/platform/testing/http-client';
import { fullPageScreenshot, signInThroughUi, textOf } from './browser.ts';
import { admin, noBrowser, owner, portalUnderTest } from './testing/portal.ts';

const client = `/api/clients/${DEMO_CLIENT_ID}`;
const REVIEW_PATH = `/clients/admin/${DEMO_CLIENT_ID}/manage/review`;

// Review by the answer (onboarding §4 per answer): the administrator changed two ERISA answers and the
// owner a third; each answer names who changed it, the counts agree, and two staff decide single answers.
describe.skipIf(noBrowser)('review by the answer', () => {
  const portal = portalUnderTest('e2e_review_by_answer');

  const reviewPage = async (email: string, width: number) => {
    // Signed in on a wide window (the header names who is signed in there), then sized as asked.
    const page = await (
      await portal.browser.newContext({ viewport: { width: 1280, height: 900 } })
    ).newPage();
    await page.goto(`${portal.app.url}/login?redirect=${encodeURIComponent(REVIEW_PATH)}`);
    await signInThroughUi(page, email, portal.app.config.demoPassword, portal.auth);
    await page.getByRole('heading', { name: 'Review changes' }).waitFor();
    await page.setViewportSize({ width, height: 900 });
    return page;
  };

  /** A write of the form's company answers in the page's own session (its cookies and CSRF token). */
  const putAs = async (page: Page, body: Record<string, unknown>) => {
    const csrf = (await page.context().cookies()).find((c) => c.name === 'onboard_csrf')?.value;
    const res = await page.context().request.put(`${portal.app.url}${client}`, {
      data: body,
      headers: csrf ? { 'x-csrf-token': csrf } : {},
    });
    expect(res.status()).toBe(200);
  };

  /** Reloads until the read model lists the company's answers waiting (the projection runs behind). */
  const waitForAnswers = async (page: Page, count: number) => {
    const answers = page.getByTestId('pending-change').getByTestId('change-answer');
    for (let attempt = 0; attempt < 20 && (await answers.count()) !== count; attempt++) {
      await page.waitForTimeout(300);
      await page.reload();
      await page.getByRole('heading', { name: 'Review changes' }).waitFor();
      await page.waitForLoadState('networkidle');
    }
    expect(await answers.count()).toBe(count);
  };

  it('lets one staff member accept one answer and another decline another answer of the same entity', async () => {
    const benAdmin = apiClient(portal.app.url);
    await benAdmin.signIn('benadmin@onboard.example');
    await answerEveryRequiredQuestion(benAdmin, DEMO_CLIENT_ID);
    expect((await benAdmin.post(`${client}/eif/sign`)).status).toBe(200);
    // Both staff sign in through the browser; each changes answers as they would on the form.
    const page = await reviewPage(admin.email, 1280);
    const phone = await reviewPage(owner.email, 390);
    await putAs(page, { erisaPlanAdminName: 'Lakeside HR', erisaPlanNumber: 502 });
    await putAs(phone, { erisaLegalAgent: 'Dana Reyes' });

    // The administrator reviews: three answers, each credited to whoever changed it, counted alike.
    await waitForAnswers(page, 3);
    expect(await textOf(page.getByRole('heading', { name: /Pending changes/ }))).toBe('Pending changes (3)');
    expect(await textOf(page.getByTestId('edit-state'))).toContain('3 changes are pending review');
    const answer = (label: string) => page.getByTestId('change-answer').filter({ hasText: label });
    expect(await textOf(answer('ERISA plan number').getByTestId('answer-authors'))).toContain(
      admin.firstName,
    );
    expect(
      await textOf(answer('Agent for service of legal process').getByTestId('answer-authors')),
    ).toContain(owner.firstName);
    await fullPageScreenshot(page, 'review-by-answer.png');

    // Accept one answer, by keyboard.
    await page
      .getByRole('button', { name: 'Accept the change to Company: ERISA plan number', exact: true })
      .focus();
    await page.keyboard.press('Enter');
    await page.getByText('Accepted 1 change.').waitFor();
    await waitForAnswers(page, 2);
    expect(await textOf(page.getByRole('heading', { name: /Pending changes/ }))).toBe('Pending changes (2)');
    expect((await benAdmin.get(client)).body).toMatchObject({ erisaPlanNumber: 502, pendingReviewCount: 2 });

    // The owner, on a phone, declines another answer of the same entity with a reason.
    await waitForAnswers(phone, 2);
    await phone
      .getByRole('button', {
        name: 'Decline the change to Company: Agent for service of legal process',
        exact: true,
      })
      .click();
    const dialog = phone.getByRole('dialog', { name: 'Decline changes' });
    await dialog.getByLabel('Reason for declining').fill('Our agent has not changed');
    await dialog.getByRole('button', { name: 'Decline' }).click();
    await phone.getByText('Declined 1 change.').waitFor();
    await waitForAnswers(phone, 1);
    expect(await textOf(phone.getByRole('heading', { name: /Pending changes/ }))).toBe('Pending changes (1)');
    await fullPageScreenshot(phone, 'review-by-answer-phone.png');

    const after = (await benAdmin.get(client)).body;
    expect(after).toMatchObject({ pendingReviewCount: 1, erisaPlanNumber: 502 });
    expect(after.erisaLegalAgent).not.toBe('Dana Reyes');
    expect(after.pendingChanges).toHaveLength(1);
  });
});
