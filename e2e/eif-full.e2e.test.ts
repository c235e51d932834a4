import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { eifStepOf, subStepForm, type EifSubStepId, type FieldDef, type FormSection } from '@onboard/domain';
import { DEMO_CLIENT_ID } from '@onboard/platform/seed';
import { sampleAnswer } from '@onboard/testing/eif-answers';
import { fullPageScreenshot, openHub, screenshotPath, signInThroughUi, untilInteractive } from './browser.ts';
import { admin, benAdmin, noBrowser, portalUnderTest } from './testing/portal.ts';

/**
 * The whole EIF in the browser: a benefits administrator answers every visible sub-step of the demo
 * client through the forms (answers chosen from the form definitions themselves, so a new question is
 * filled too), sees every status reach Completed, downloads the summary PDF and reads it back, signs;
 * then the implementation consultant pushes the plan design and watches the overlay reach a final state
 * through the real-time stream.
 */

const taskPath = (clientId: string) => `/client/${clientId}/task/eif-submit-company-information`;
const TASK = taskPath(DEMO_CLIENT_ID);

/** The gateway's Server-Sent Events path (query-api/src/gateway/gateway.ts, web Realtime.tsx). */
const EVENTS_STREAM_PATH = '/api/events/stream';

const subStepPath = (id: EifSubStepId, clientId = DEMO_CLIENT_ID) =>
  `${taskPath(clientId)}/step/${eifStepOf(id)}/${id}`;
const navStatus = (page: Page, id: string) =>
  page.getByTestId(`nav-${id}`).getByTestId('step-status').innerText();

/** The first sub-step of each step and the class builder, filled in, for the README's docs. */
const SCREENSHOT_SUB_STEPS = new Set<string>([
  'benefits-administration-and-data-feed',
  'plan-administrators',
  'class-builder',
  'confirm-policy-anniversary',
]);

const CONTEXT = { locationIds: ['first'], contactIds: ['first'] };

/** Picks an option of a react-aria Select: open it, choose the first option (or the named one). */
async function choose(page: Page, control: Locator, name?: string) {
  await control.locator('button').first().click();
  const listbox = page.getByRole('listbox');
  await listbox.waitFor();
  const option = name
    ? listbox.getByRole('option', { name, exact: true })
    : listbox.getByRole('option').first();
  await option.click();
  await listbox.waitFor({ state: 'detached' });
}

/** Answers one question the way its kind asks (text box, radio buttons, select or checkboxes). */
async function answer(page: Page, control: Locator, field: FieldDef) {
  const value = sampleAnswer(field, CONTEXT);
  switch (field.kind) {
    case 'boolean':
      return control.getByText('Yes', { exact: true }).click();
    case 'answer':
      return control.getByText('Yes', { exact: true }).click();
    case 'choice': {
      const label = field.enumeration.labels[String(value)] ?? String(value);
      if ((await control.getByRole('radio').count()) > 0)
        return control.getByText(label, { exact: true }).click();
      return choose(page, control, label);
    }
    case 'month':
      return choose(page, control, 'January');
    case 'contact':
      return choose(page, control);
    case 'multiChoice':
    case 'locations': {
      const boxes = control.getByRole('checkbox');
      if ((await boxes.count()) === 0) return;
      if (!(await boxes.first().isChecked())) await control.locator('label').first().click();
      return;
    }
    default:
      return control.locator('input, textarea').first().fill(String(value));
  }
}

/**
 * Fills every shown question inside `scope` whose key the definitions name; a follow-up question that
 * appears after an answer is filled on the next pass.
 */
async function fillFields(page: Page, scope: Locator, fields: readonly FieldDef[]) {
  // Controls that load on first use (the select) show a busy placeholder until they are there.
  await scope.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
  const done = new Set<string>();
  for (let pass = 0; pass < 4; pass++) {
    let answered = 0;
    for (const field of fields) {
      const controls = scope.locator(`[data-field="${field.key}"]`);
      const count = await controls.count();
      for (let i = 0; i < count; i++) {
        const id = `${field.key}#${i}`;
        if (done.has(id)) continue;
        await answer(page, controls.nth(i), field);
        done.add(id);
        answered++;
      }
    }
    if (answered === 0) return;
  }
}

/** Adds one item to each list of the sub-step that is shown and still empty. */
async function fillCollections(page: Page, sections: readonly FormSection[]) {
  for (const section of sections) {
    if (section.type !== 'collection') continue;
    const list = page.getByTestId(`collection-${section.entity}`).and(page.getByLabel(section.title));
    if ((await list.count()) === 0) continue;
    if ((await list.getByTestId('collection-item').count()) > 0) continue;
    await list.getByRole('button', { name: `Add ${section.itemLabel}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await fillFields(page, dialog, section.fields);
    await dialog.getByRole('button', { name: `Save ${section.itemLabel}` }).click();
    await dialog.waitFor({ state: 'detached' });
    await list.getByTestId('collection-item').first().waitFor();
  }
}

/** One class for everyone, offered every class-eligible plan, employer-paid. */
async function fillClassBuilder(page: Page) {
  await page.locator('.class-builder').waitFor();
  if ((await page.getByTestId('class-row').count()) > 0) return;
  await page.getByRole('link', { name: 'Create class' }).click();
  await page.getByRole('heading', { name: 'Create class' }).waitFor();
  await page.getByLabel('Class name').fill('All full-time employees');
  for (const plan of await page.locator('[data-testid^="plan-"]').all()) {
    await plan.getByText(/^Offer /).click();
    await plan.getByRole('radiogroup').locator('label').first().click();
    await plan.getByRole('textbox', { name: /Employer contribution/ }).fill('100');
    await plan.getByRole('textbox', { name: /Employee contribution/ }).fill('0');
  }
  await page.getByRole('button', { name: 'Save class' }).click();
  await page.getByTestId('class-row').first().waitFor();
}

async function fillSubStep(page: Page, id: EifSubStepId, clientId = DEMO_CLIENT_ID) {
  await page.goto(`${new URL(page.url()).origin}${subStepPath(id, clientId)}`);
  // The sub-step comes rendered with its data: it takes answers once the app has taken it over.
  await untilInteractive(page);
  await page.getByTestId(`nav-${id}`).waitFor();
  const form = subStepForm(id);
  if (form.sections.some((s) => s.type === 'classBuilder')) await fillClassBuilder(page);
  for (let round = 0; round < 2; round++) {
    await fillFields(
      page,
      page.locator('main'),
      form.sections.flatMap((s) => (s.type === 'collection' || s.type === 'classBuilder' ? [] : s.fields)),
    );
    await fillCollections(page, form.sections);
    // A list can appear only once an answer above it is saved (e.g. subsidiaries after "Yes").
    const before = page.url();
    // Every sub-step saves and moves on ('Continue' when it holds only lists, which save item by item).
    await page.getByRole('button', { name: /^(Save and continue|Continue)$/ }).click();
    await page.waitForURL((url) => url.toString() !== before);
    await page.goto(before);
    await untilInteractive(page);
    await page.getByTestId(`nav-${id}`).waitFor();
    if ((await navStatus(page, id)) === 'Completed') {
      if (SCREENSHOT_SUB_STEPS.has(id)) await page.screenshot({ path: screenshotPath(`eif-step-${id}.png`) });
      return;
    }
  }
  await fullPageScreenshot(page, `eif-full-stuck-${id}.png`);
  throw new Error(`${id} is ${await navStatus(page, id)} after filling it`);
}

describe.skipIf(noBrowser)('a whole EIF, from the first answer to the plan system', () => {
  const portal = portalUnderTest('e2e_eif_full');

  it('is filled, summarised as a PDF, signed and pushed', async () => {
    const page = await portal.browser.newPage({
      viewport: { width: 1280, height: 900 },
      acceptDownloads: true,
    });
    await page.goto(`${portal.app.url}/login?redirect=${encodeURIComponent(subStepPath('tax-id'))}`);
    await signInThroughUi(page, benAdmin.email, portal.app.config.demoPassword, portal.auth);
    await page.getByTestId('nav-tax-id').waitFor();
    // The task without a step opens on its first sub-step not yet completed.
    await page.goto(`${portal.app.url}${TASK}`);
    await page.waitForURL((url) => url.pathname === subStepPath('benefits-administration-and-data-feed'));
    await page.getByTestId('nav-tax-id').waitFor();

    const visible = await page
      .locator('[data-testid^="nav-"]')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-testid')!.slice(4)));
    const subSteps = visible.filter((id) => id !== 'review-&-submit') as EifSubStepId[];
    expect(subSteps.length).toBeGreaterThan(15);
    // Locations first: administrators and bills choose from them.
    const ordered = [
      ...subSteps.filter((id) => id === 'claims-check-mailing-locations'),
      ...subSteps.filter((id) => id !== 'claims-check-mailing-locations'),
    ];
    for (const id of ordered) {
      try {
        await fillSubStep(page, id);
      } catch (error) {
        await fullPageScreenshot(page, `eif-full-stuck-${id}.png`);
        throw error;
      }
    }
    for (const id of subSteps) expect(await navStatus(page, id)).toBe('Completed');

    // The hub home lists every step and, folded under it, its sub-steps with their status and links.
    await openHub(page, portal.app.url, DEMO_CLIENT_ID);
    await page.getByTestId('hub-step-company-information').waitFor();
    expect(await page.getByTestId('substep-tax-id').isVisible()).toBe(false);
    for (const sections of await page.locator('.hub-step__summary').all()) await sections.click();
    expect(await page.getByTestId('substep-tax-id').isVisible()).toBe(true);
    for (const id of subSteps) {
      const item = page.getByTestId(`substep-${id}`);
      expect(await item.getByTestId('step-status').innerText()).toBe('Completed');
      expect(await item.getByRole('link').first().getAttribute('href')).toBe(subStepPath(id));
    }
    expect(await page.getByTestId('task-status').innerText()).toBe('In Progress');
    await fullPageScreenshot(page, 'eif-hub.png');

    // The summary PDF names the client and carries the answers.
    await page.goto(`${portal.app.url}${TASK}/summary`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('EIF summary - Lakeside Manufacturing Co..pdf');
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const pdf = await getDocumentProxy(new Uint8Array(Buffer.concat(chunks)));
    const { text } = await extractText(pdf, { mergePages: true });
    for (const expected of [
      'Lakeside Manufacturing Co.',
      'Federal Tax ID (EIN): 12-3456789',
      'Plan year ends on (MM/DD): 12/31',
      'ERISA',
      'Class: ',
    ])
      expect(text).toContain(expected);

    await page.screenshot({ path: screenshotPath('eif-summary.png') });

    // Sign.
    await page.goto(`${portal.app.url}${TASK}/step/review-&-submit`);
    // The task is open, so the top bar carries its due date (soon, in the demo data scheduled from today).
    expect(await page.getByTestId('due-date').innerText()).toMatch(
      /^(Due today|(Due Soon: |Past Due: )?Due by \d\d\/\d\d\/\d{4})$/,
    );
    await page.getByRole('button', { name: 'Sign the form' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Sign' }).click();
    await page.getByText('Thank you. The form is signed.').waitFor();
    // Signed, the task is Completed: no due date any more.
    await page.getByTestId('due-date').waitFor({ state: 'detached' });
    // The top of the page: the signed status and what follows from it.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: screenshotPath('eif-step-review-and-submit.png') });

    // The consultant opens the push page from the client's manage page and pushes; the overlay follows
    // the job over the real-time stream to its end (the 60-second poll never fires in between).
    const staff = await portal.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const requests: string[] = [];
    staff.on('request', (request) => requests.push(new URL(request.url()).pathname));
    await staff.goto(
      `${portal.app.url}/login?redirect=${encodeURIComponent(`/clients/admin/${DEMO_CLIENT_ID}/manage`)}`,
    );
    await signInThroughUi(staff, admin.email, portal.app.config.demoPassword, portal.auth);
    await staff.getByRole('link', { name: 'Push to plan system' }).click();
    await staff.waitForURL((url) => url.pathname === `${TASK}/push-to-qps`);
    await staff.getByRole('button', { name: 'Push to plan system' }).click();
    const entry = staff.getByTestId(`push-status-${DEMO_CLIENT_ID}`);
    await entry.waitFor();
    await staff
      .locator(`[data-testid="push-status-${DEMO_CLIENT_ID}"]:not([data-state="loading"])`)
      .waitFor({ timeout: 20_000 });
    // Every plan of the filled-in form is offered to its class, paid in full: nothing to report.
    expect(await entry.getAttribute('data-state')).toBe('success');
    expect(requests).toContain(EVENTS_STREAM_PATH);
    expect(requests.filter((path) => path === '/api/api-jobs')).toEqual([]);
    // The page shows the finished job beside the finished overlay, not a stale "In progress".
    const lastPush = staff.getByTestId('last-push');
    await lastPush.getByText('Completed', { exact: true }).waitFor();
    expect(await lastPush.getByText('In progress').count()).toBe(0);
    // The bar eases to 100% (a CSS transition): the picture waits for it to be full.
    await staff.waitForFunction((selector) => {
      const track = document.querySelector(`${selector} .progress__track`);
      const fill = document.querySelector(`${selector} .progress__fill`);
      return !!track && !!fill && fill.clientWidth >= track.clientWidth - 1;
    }, `[data-testid="push-status-${DEMO_CLIENT_ID}"]`);
    await staff.screenshot({ path: screenshotPath('eif-push-to-plan-system.png') });
  });

  it('asks each demo client what its coverages call for, and those sub-steps can be filled', async () => {
    const page = await portal.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(
      `${portal.app.url}/login?redirect=${encodeURIComponent(subStepPath('tax-id', 'harbor-freight-lines'))}`,
    );
    await signInThroughUi(page, admin.email, portal.app.config.demoPassword, portal.auth);
    const cases: { clientId: string; fill: EifSubStepId[]; absent: string[]; labels: string[] }[] = [
      {
        clientId: 'harbor-freight-lines',
        fill: ['fli-preferences'],
        absent: ['malpractice-reimbursements'],
        labels: [],
      },
      {
        clientId: 'tri-state-staffing',
        fill: ['non-class-benefits-preferences'],
        absent: ['class-builder', 'confirm-policy-anniversary', 'erisa', 'fli-preferences'],
        labels: ['Statutory benefits'],
      },
      {
        clientId: 'riverside-medical-group',
        fill: ['malpractice-reimbursements', 'non-class-benefits-preferences'],
        absent: ['fli-preferences'],
        labels: ['PFML preferences'],
      },
    ];
    for (const { clientId, fill, absent, labels } of cases) {
      for (const id of fill) await fillSubStep(page, id, clientId);
      for (const id of absent) expect(await page.getByTestId(`nav-${id}`).count()).toBe(0);
      for (const label of labels)
        await page.getByTestId('nav-non-class-benefits-preferences').getByText(label).waitFor();
    }
    await page.screenshot({ path: screenshotPath('eif-step-non-class-benefits-preferences.png') });
  });
});
