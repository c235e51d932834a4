import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_CLIENT_ID } from '@onboard/platform/seed';
import { apiClient } from '@onboard/platform/testing/http-client';
import { expectNoSeriousAxeViolations, screenshotPath, signInThroughUi } from './browser.ts';
import { benAdmin, noBrowser, owner, portalUnderTest } from './testing/portal.ts';

/**
 * Two people editing the same EIF: saves of different answers never collide; the same answer does, and
 * the person sees both answers (theirs, with who saved it, and their own) and chooses which to keep.
 */

const CLIENT = `/api/clients/${DEMO_CLIENT_ID}`;
const SUB_STEP_PATH = `/client/${DEMO_CLIENT_ID}/task/eif-submit-company-information/step/other-contract-details/other-changes-to-coverage`;
const NOTES = 'Anything else we should know about changes to coverage? (optional)';

describe.skipIf(noBrowser)('edits that do not collide', () => {
  const portal = portalUnderTest('e2e_collision');
  let page: Page;
  let api: ReturnType<typeof apiClient>;

  beforeAll(async () => {
    api = apiClient(portal.app.url);
    await api.signIn(owner.email, portal.app.config.demoPassword);
    const context = await portal.browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    await page.goto(`${portal.app.url}/login?redirect=${encodeURIComponent(SUB_STEP_PATH)}`);
    await signInThroughUi(page, benAdmin.email, portal.app.config.demoPassword, portal.auth);
  });

  /** Someone else saves over the API, against the newest version, while the page is open. */
  const saveElsewhere = async (answers: Record<string, unknown>) => {
    const seen = (await api.put(CLIENT, {})).body.version as number;
    const res = await api.put(CLIENT, answers, { 'seen-version': String(seen) });
    expect(res.status).toBe(200);
  };
  const storedNotes = async () => (await api.put(CLIENT, {})).body.otherCoverageChangeNotes;
  const openForm = async () => {
    await page.goto(`${portal.app.url}${SUB_STEP_PATH}`);
    await page.getByLabel(NOTES).waitFor();
    await page.waitForLoadState('networkidle');
  };
  /** Someone else saves `theirs` to the notes while the open form saves `mine`: the collision it shows. */
  const collideOnNotes = async (theirs: string, mine: string) => {
    await openForm();
    await saveElsewhere({ otherCoverageChangeNotes: theirs });
    await page.getByLabel(NOTES).fill(mine);
    await page.getByRole('button', { name: 'Save and continue' }).click();
    const collision = page.getByTestId('collision');
    await collision.waitFor();
    return collision;
  };

  it('saves an answer someone else did not touch, though they saved another one meanwhile', async () => {
    // The sub-step's required question is answered before the page opens (the read side catches up).
    expect((await api.put(CLIENT, { coverageChangeEffective: 'DATE_OF_CHANGE' })).status).toBe(200);
    for (let attempt = 0; attempt < 20; attempt++) {
      await openForm();
      if (await page.getByRole('radio', { name: 'On the date of the change' }).isChecked()) break;
      await page.waitForTimeout(300);
    }
    expect(await page.getByRole('radio', { name: 'On the date of the change' }).isChecked()).toBe(true);
    await saveElsewhere({ coverageChangeEffective: 'FIRST_OF_NEXT_MONTH' });
    await page.getByLabel(NOTES).fill('Raises apply from the next pay period');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.waitForURL((url) => !url.pathname.endsWith('/other-changes-to-coverage'));
    expect(await page.getByTestId('collision').count()).toBe(0);
    expect(await storedNotes()).toBe('Raises apply from the next pay period');
    expect((await api.put(CLIENT, {})).body.coverageChangeEffective).toBe('FIRST_OF_NEXT_MONTH');
  });

  it('shows both answers when the same one was changed, and keeps mine when asked', async () => {
    const collision = await collideOnNotes(
      'Changes wait for the next enrollment',
      'Changes apply right away',
    );
    expect(await collision.getByTestId('collision-theirs').innerText()).toBe(
      'Changes wait for the next enrollment',
    );
    expect(await collision.getByTestId('collision-yours').innerText()).toBe('Changes apply right away');
    const text = await collision.innerText();
    expect(text).toContain('Someone else changed this answer while you were editing');
    expect(text).toContain(NOTES);
    expect(text).toContain(`${owner.firstName} ${owner.lastName}`);
    await collision.screenshot({ path: screenshotPath('eif-collision.png') });
    await page.screenshot({ path: screenshotPath('eif-collision-page.png') });
    await expectNoSeriousAxeViolations(page);
    await collision.getByRole('button', { name: 'Keep my answer' }).click();
    await page.waitForURL((url) => !url.pathname.endsWith('/other-changes-to-coverage'));
    expect(await storedNotes()).toBe('Changes apply right away');
  });

  it('takes their answer when asked: the form shows it and saving keeps it', async () => {
    const collision = await collideOnNotes('Their final wording', 'My final wording');
    await collision.getByRole('button', { name: 'Take their answer' }).click();
    expect(await page.getByTestId('collision').count()).toBe(0);
    expect(await page.getByLabel(NOTES).inputValue()).toBe('Their final wording');
    expect(await page.getByTestId('form-notice').innerText()).toBe(
      'Their answers are in the form now. Save to continue.',
    );
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.waitForURL((url) => !url.pathname.endsWith('/other-changes-to-coverage'));
    expect(await storedNotes()).toBe('Their final wording');
  });
});
