import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { startApp, type RunningApp } from '@onboard/platform/app';
import { embeddedTestConfig } from '@onboard/platform/config';
import { DEMO_CLIENT_ID, DEMO_USERS } from '@onboard/platform/seed';
import { browserAvailability, skipUnless } from '@onboard/testing/backends';
import { freshDatabase } from '@onboard/testing/db';
import {
  authenticator,
  ensureWebBuilt,
  expectNoSeriousAxeViolations,
  launchBrowser,
  screenshotPath,
  signInThroughUi,
} from './browser.ts';

const skip = skipUnless('browser', browserAvailability());
const admin = DEMO_USERS.find((u) => u.role === 'SLF_ADMIN')!;
const benAdmin = DEMO_USERS.find((u) => u.role === 'BEN_ADMIN')!;
const broker = DEMO_USERS.find((u) => u.role === 'BROKER')!;

/** A one-page form with room for two signatures. */
async function groupApplication(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([612, 792]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  page.drawText('Group application', { x: 60, y: 720, size: 24, font });
  page.drawText('Employer', { x: 60, y: 520, size: 12, font });
  page.drawText('Broker', { x: 60, y: 320, size: 12, font, color: rgb(0, 0, 0) });
  return Buffer.from(await pdf.save());
}

type Field = {
  fieldId: string;
  roleId: string;
  kind: string;
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
};

/**
 * Onboarding forms end to end: staff build a template with fields for two recipients on the rendered page
 * and send it to the client's benefits administrator (first) and broker (second); the benefits
 * administrator signs with a drawn signature, the broker declines with a reason, staff reassign the
 * broker's place to an outside broker, who signs by a signing link; staff watch every status change on the
 * hub's onboarding-forms task without reloading, and the completed PDF, drawn by pdf.js, shows both
 * signatures.
 */
describe.skipIf(skip)('onboarding forms signed in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let staff: Page;
  const auth = authenticator();
  const taskUrl = () => `${app.url}/client/${DEMO_CLIENT_ID}/task/onboarding-forms`;

  const newPage = async (options: Parameters<Browser['newContext']>[0] = {}) => {
    const context = await browser.newContext(options);
    contexts.push(context);
    return context.newPage();
  };
  const signIn = async (page: Page, email: string) => {
    await page.goto(`${app.url}/login`);
    await signInThroughUi(page, email, app.config.demoPassword, auth);
  };
  const statusOf = (page: Page, name: string) =>
    page.getByTestId('recipient-row').filter({ hasText: name }).getByTestId('recipient-status');

  beforeAll(async () => {
    ensureWebBuilt();
    app = await startApp(embeddedTestConfig(await freshDatabase('e2e_onboarding_forms')));
    browser = await launchBrowser();
    staff = await newPage({ viewport: { width: 1280, height: 1000 }, bypassCSP: true });
  }, 90_000);

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await app?.stop();
  });

  it('staff build a template on the rendered page and send it to the ben-admin and the broker', async () => {
    await signIn(staff, admin.email);
    await staff.goto(taskUrl());
    await staff.getByTestId('onboarding-forms').waitFor();
    await staff.getByTestId('template-file').setInputFiles({
      name: 'Group application.pdf',
      mimeType: 'application/pdf',
      buffer: await groupApplication(),
    });
    const page1 = staff.getByTestId('pdf-page-1');
    await page1.locator('canvas[data-rendered="yes"]').waitFor();
    const box = (await page1.boundingBox())!;
    const scale = box.width / 612;
    // A click places the chosen role's chosen field, centred where the page was clicked.
    const placeAt = async (x: number, yFromTop: number) => {
      await page1.locator('.esign-page__overlay').click({ position: { x: x * scale, y: yFromTop * scale } });
    };
    await staff.getByTestId('field-role').selectOption({ label: 'Benefits administrator' });
    await staff.getByTestId('field-kind').selectOption({ label: 'Signature' });
    await placeAt(200, 300);
    await staff.getByTestId('field-kind').selectOption({ label: 'Date signed' });
    await placeAt(450, 300);
    await staff.getByTestId('field-role').selectOption({ label: 'Broker' });
    await staff.getByTestId('field-kind').selectOption({ label: 'Signature' });
    await placeAt(200, 500);
    await expect.poll(() => staff.locator('.esign-field').count()).toBe(3);
    await staff.screenshot({ path: screenshotPath('onboarding-forms-template.png'), fullPage: true });
    await staff.getByRole('button', { name: 'Save template' }).click();
    await staff.getByText('The template is saved.').waitFor();

    await staff.getByTestId('send-template').selectOption({ label: 'Group application' });
    await staff
      .getByTestId('send-role-Benefits administrator')
      .getByRole('combobox')
      .selectOption({ label: `${benAdmin.name} (Benefits administrator)` });
    await staff
      .getByTestId('send-role-Broker')
      .getByRole('combobox')
      .selectOption({ label: `${broker.name} (Broker)` });
    await staff.getByRole('button', { name: 'Send', exact: true }).click();
    await staff.getByText('Group application was sent.').waitFor();
    await expect.poll(() => statusOf(staff, benAdmin.name).textContent()).toBe('Sent');
    await expect.poll(() => statusOf(staff, broker.name).textContent()).toBe('Waiting for others');
    await expectNoSeriousAxeViolations(staff);
  }, 90_000);

  it('the ben-admin signs with a drawn signature; staff see it without a reload', async () => {
    const page = await newPage({ hasTouch: true });
    await signIn(page, benAdmin.email);
    // Signed in, the benefits administrator goes on on a phone.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(taskUrl());
    await page.getByRole('button', { name: 'Sign Group application' }).click();
    await page.waitForURL(/\/onboarding-forms\/[^/]+\/action\//);
    await page.locator('canvas[data-rendered="yes"]').first().waitFor();
    await page.screenshot({ path: screenshotPath('onboarding-forms-signing-phone.png'), fullPage: true });
    await page.getByTestId('signature-pad').scrollIntoViewIfNeeded();
    const pad = (await page.getByTestId('signature-pad').boundingBox())!;
    await page.mouse.move(pad.x + 20, pad.y + 80);
    await page.mouse.down();
    for (const [dx, dy] of [
      [60, 20],
      [100, 90],
      [150, 30],
      [200, 85],
      [260, 40],
    ] as const)
      await page.mouse.move(pad.x + dx, pad.y + dy, { steps: 6 });
    await page.mouse.up();
    await page.getByRole('button', { name: 'Sign', exact: true }).click();
    await page.getByTestId('signing-done').waitFor();
    expect(await page.getByTestId('signing-done').textContent()).toContain('You signed Group application');
    // Staff's page was not reloaded: the live stream brought the change.
    await expect.poll(() => statusOf(staff, benAdmin.name).textContent(), { timeout: 10_000 }).toBe('Signed');
    await expect.poll(() => statusOf(staff, broker.name).textContent()).toBe('Sent');
  }, 90_000);

  it('the broker declines with a reason; staff reassign to an outside broker who signs by link', async () => {
    const page = await newPage();
    await signIn(page, broker.email);
    await page.goto(taskUrl());
    await page.getByRole('button', { name: 'Sign Group application' }).click();
    await page.locator('canvas[data-rendered="yes"]').first().waitFor();
    await page.getByRole('button', { name: 'Decline' }).click();
    await page.getByLabel('Why do you decline?').fill('We are not the broker of record for this group');
    await page.getByRole('dialog').getByRole('button', { name: 'Decline' }).click();
    await page.getByTestId('signing-done').waitFor();
    await expect
      .poll(() => statusOf(staff, broker.name).textContent(), { timeout: 10_000 })
      .toBe('Declined: We are not the broker of record for this group');
    await expect.poll(() => staff.getByTestId('form-status').first().textContent()).toBe('Declined');

    await staff
      .getByTestId('recipient-row')
      .filter({ hasText: broker.name })
      .getByRole('button', { name: 'Reassign' })
      .click();
    const dialog = staff.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Rita Ramos');
    await dialog.getByLabel('E-mail').fill('rita.ramos@ramos-benefits.example');
    await dialog.getByRole('button', { name: 'Reassign' }).click();
    await expect.poll(() => statusOf(staff, 'Rita Ramos').textContent()).toBe('Sent');
    await expect.poll(() => statusOf(staff, broker.name).textContent()).toBe('Reassigned');

    await staff
      .getByTestId('recipient-row')
      .filter({ hasText: 'Rita Ramos' })
      .getByRole('button', { name: 'Signing link' })
      .click();
    const link = await staff.getByRole('dialog').getByRole('textbox', { name: 'Signing link' }).inputValue();
    await staff.getByRole('button', { name: 'Close' }).click();

    const outside = await newPage({ bypassCSP: true });
    await outside.goto(link);
    await outside.locator('canvas[data-rendered="yes"]').first().waitFor();
    await expectNoSeriousAxeViolations(outside);
    await outside.getByLabel('Type it').check();
    await outside.getByLabel('Your full name, as your signature').fill('Rita Ramos');
    await outside.getByRole('button', { name: 'Sign', exact: true }).click();
    await outside.getByTestId('signing-done').waitFor();
    expect(await outside.getByTestId('signing-done').textContent()).toContain('the form is complete');
    // The link was single use: opening it again is an expired link.
    const again = await newPage();
    await again.goto(link);
    expect(await again.getByTestId('signing-error').textContent()).toContain('This signing link has expired');

    await expect
      .poll(() => staff.getByTestId('form-status').first().textContent(), { timeout: 10_000 })
      .toBe('Completed');
    await expect.poll(() => statusOf(staff, 'Rita Ramos').textContent()).toBe('Signed');
    await staff.screenshot({ path: screenshotPath('onboarding-forms-task.png'), fullPage: true });
  }, 120_000);

  it('the completed PDF, drawn by pdf.js, shows both signatures', async () => {
    const forms = (await staff.evaluate(
      async (path) => (await fetch(path)).json(),
      `/api/clients/${DEMO_CLIENT_ID}/onboarding-forms`,
    )) as { onboardingFormId: string; templateId: string; recipients: { recipientId: string }[] }[];
    const form = forms[0]!;
    const template = (await staff.evaluate(
      async (path) => (await fetch(path)).json(),
      `/api/clients/${DEMO_CLIENT_ID}/onboarding-forms/template/${form.templateId}`,
    )) as { fields: Field[]; roles: { roleId: string; name: string }[] };
    const download = await staff.evaluate(async (path) => {
      const response = await fetch(path);
      return { type: response.headers.get('content-type'), size: (await response.arrayBuffer()).byteLength };
    }, `/api/clients/${DEMO_CLIENT_ID}/onboarding-forms/${form.onboardingFormId}/download`);
    expect(download.type).toBe('application/pdf');
    expect(download.size).toBeGreaterThan(1000);

    await staff.goto(
      `${app.url}/client/${DEMO_CLIENT_ID}/onboarding-forms/${form.onboardingFormId}/view/${form.recipients[0]!.recipientId}`,
    );
    const canvas = staff.locator('canvas[data-rendered="yes"]').first();
    await canvas.waitFor();
    await canvas.screenshot({ path: screenshotPath('onboarding-forms-completed-page.png') });
    const signatures = template.fields.filter((f) => f.kind === 'signature');
    expect(signatures).toHaveLength(2);
    // Ink (dark, blue-ish pixels) inside each signature box of the rendered page.
    const inkIn = (field: Field) =>
      canvas.evaluate((element, f) => {
        const c = element as HTMLCanvasElement;
        const ratio = c.width / 612;
        const context = c.getContext('2d')!;
        const data = context.getImageData(
          f.x * ratio,
          (792 - f.y - f.height) * ratio,
          f.width * ratio,
          f.height * ratio,
        ).data;
        let ink = 0;
        for (let i = 0; i < data.length; i += 4)
          if (data[i]! < 120 && data[i + 2]! > data[i]! && data[i + 3]! > 0) ink += 1;
        return ink;
      }, field);
    for (const field of signatures) expect(await inkIn(field)).toBeGreaterThan(8);
    // Where nobody signed, the page stays white.
    expect(await inkIn({ ...signatures[0]!, y: 40, height: 30 })).toBe(0);
  }, 60_000);
});
