import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { OPS, getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { startTestSmtpServer, type TestSmtpServer } from '@onboard/platform/emails/testing-smtp';
import { DEMO_CLIENT_ID } from '@onboard/platform/seed';
import {
  expectNoSeriousAxeViolations,
  fullPageScreenshot,
  openHub,
  screenshotPath,
  downloadedBytes,
} from './browser.ts';
import { admin, benAdmin, broker, noBrowser, portalUnderTest } from './testing/portal.ts';

/** A one-page PDF (612 × 792 pt) with `title` at the top and each label, in black, at its height. */
async function onePagePdf(title: string, labels: readonly (readonly [string, number])[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([612, 792]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  page.drawText(title, { x: 60, y: 720, size: 24, font });
  for (const [label, y] of labels) page.drawText(label, { x: 60, y, size: 12, font, color: rgb(0, 0, 0) });
  return Buffer.from(await pdf.save());
}

/** A one-page form with room for two signatures. */
const groupApplication = () =>
  onePagePdf('Group application', [
    ['Employer', 520],
    ['Broker', 320],
  ]);

/** A one-page resolution with two officers' signature lines (any 2 of the 3 officers sign). */
const officersResolution = () =>
  onePagePdf('Resolution of the officers', [
    ['Officer', 512],
    ['Officer', 412],
  ]);

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

/** Staff open the task, choose `name` (a PDF) as a new template and wait for its first page to render. */
async function templateFromPdf(staff: Page, url: string, name: string, pdf: Buffer) {
  await staff.goto(url);
  await staff.getByTestId('onboarding-forms').waitFor();
  await staff.getByTestId('template-file').setInputFiles({ name, mimeType: 'application/pdf', buffer: pdf });
  const page1 = staff.getByTestId('pdf-page-1');
  await page1.locator('canvas[data-rendered="yes"]').waitFor();
  return page1;
}

/**
 * Draws a signature on the page's signature pad and signs: the pen down at `start`, through `strokes`
 * (offsets from the pad's corner), lifted, then 'Sign'; waits for the page saying it is done.
 */
async function drawSignatureAndSign(
  page: Page,
  start: readonly [number, number],
  strokes: readonly (readonly [number, number])[],
) {
  await page.getByTestId('signature-pad').scrollIntoViewIfNeeded();
  const pad = (await page.getByTestId('signature-pad').boundingBox())!;
  await page.mouse.move(pad.x + start[0], pad.y + start[1]);
  await page.mouse.down();
  for (const [dx, dy] of strokes) await page.mouse.move(pad.x + dx, pad.y + dy, { steps: 6 });
  await page.mouse.up();
  await page.getByRole('button', { name: 'Sign', exact: true }).click();
  await page.getByTestId('signing-done').waitFor();
}

/** Ink (dark, blue-ish pixels) inside a field's box on a rendered page (612 × 792 pt). */
const inkIn = (canvas: Locator, field: Field) =>
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

/**
 * Onboarding forms end to end: staff build a template with fields for two recipients on the rendered page
 * and send it to the client's benefits administrator (first) and broker (second); the benefits
 * administrator signs with a drawn signature, the broker declines with a reason, staff reassign the
 * broker's place to an outside broker, who signs by a signing link; staff watch every status change on the
 * hub's onboarding-forms task without reloading, and the completed PDF, drawn by pdf.js, shows both
 * signatures. Then a quorum: staff build a template for any 2 of 3 officers and send it to three officers
 * without accounts; two sign by their e-mailed links (drawn, typed), the form completes, and the third
 * officer's link says they are no longer needed.
 */
describe.skipIf(noBrowser)('onboarding forms signed in the browser', () => {
  let smtp: TestSmtpServer;
  const contexts: BrowserContext[] = [];
  let staff: Page;
  const taskUrl = () => `${portal.app.url}/client/${DEMO_CLIENT_ID}/task/onboarding-forms`;

  const newPage = async (options: Parameters<Browser['newContext']>[0] = {}) => {
    const context = await portal.browser.newContext(options);
    contexts.push(context);
    return context.newPage();
  };
  const signIn = async (page: Page, email: string) => {
    await portal.signInOn(page, email);
  };
  const statusOf = (page: Page | Locator, name: string) =>
    page.getByTestId('recipient-row').filter({ hasText: name }).getByTestId('recipient-status');

  // Stopped after the portal (hooks after the tests run last registered first).
  afterAll(async () => {
    await smtp?.stop();
  });
  const portal = portalUnderTest('e2e_onboarding_forms', async (base) => {
    // A real SMTP server: recipients without an account sign by the link they were e-mailed.
    smtp = await startTestSmtpServer();
    return { ...base, email: { ...base.email, smtpUrl: smtp.url, pollMs: 300 } };
  });
  beforeAll(async () => {
    staff = await newPage({ viewport: { width: 1280, height: 1000 } });
  }, 90_000);

  afterAll(async () => {
    for (const context of contexts) await context.close();
  });

  it('staff build a template on the rendered page and send it to the ben-admin and the broker', async () => {
    await signIn(staff, admin.email);
    const page1 = await templateFromPdf(staff, taskUrl(), 'Group application.pdf', await groupApplication());
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

    // Where each field sits before it is moved, as its position boxes show it (PDF points).
    const positionOf = async (label: string) => ({
      x: Number(await staff.getByLabel(`${label}: from left`).inputValue()),
      y: Number(await staff.getByLabel(`${label}: from bottom`).inputValue()),
    });
    const dateBefore = await positionOf('Date signed of Benefits administrator');
    const brokerBefore = await positionOf('Signature of Broker');
    // The date is dragged with the mouse 60 pt right and 100 pt down the page (y counts from the bottom).
    const dateField = staff.getByRole('button', {
      name: 'Date signed of Benefits administrator',
      exact: true,
    });
    const from = (await dateField.boundingBox())!;
    await staff.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await staff.mouse.down();
    await staff.mouse.move(from.x + from.width / 2 + 60 * scale, from.y + from.height / 2 + 100 * scale, {
      steps: 8,
    });
    await staff.mouse.up();
    // The broker's signature is nudged from the keyboard: 2 pt right, 10 pt up, then 1 pt wider.
    const brokerSignature = staff.getByRole('button', { name: 'Signature of Broker', exact: true });
    await brokerSignature.focus();
    for (const key of ['ArrowRight', 'ArrowRight', 'Shift+ArrowUp', 'Alt+ArrowRight'])
      await staff.keyboard.press(key);
    await expect.poll(() => brokerSignature.getAttribute('aria-describedby')).toBe('esign-field-move-hint');
    // The builder with its fields placed and one selected passes axe.
    await expectNoSeriousAxeViolations(staff);
    await fullPageScreenshot(staff, 'onboarding-forms-template.png');
    await staff
      .locator('.esign-builder')
      .screenshot({ path: screenshotPath('onboarding-forms-template-selected-field.png') });
    await staff.getByRole('button', { name: 'Save template' }).click();
    await staff.getByText('The template is saved.').waitFor();
    await staff.reload();
    await staff.getByTestId('onboarding-forms').waitFor();
    // The read model catches up behind the save.
    const savedFields = async () => {
      const saved = (await staff.evaluate(
        async (path) => (await fetch(path)).json(),
        '/api/onboarding-form-templates',
      )) as { name: string; fields: Field[] }[];
      return saved.find((t) => t.name === 'Group application')?.fields ?? [];
    };
    await expect.poll(async () => (await savedFields()).length).toBe(3);
    const fields = await savedFields();
    const date = fields.find((f) => f.kind === 'dateSigned')!;
    // Dragged 60 pt right and 100 pt down (the pointer moves in whole pixels, so within a few points).
    expect(Math.abs(date.x - (dateBefore.x + 60))).toBeLessThanOrEqual(3);
    expect(Math.abs(date.y - (dateBefore.y - 100))).toBeLessThanOrEqual(3);
    // Nudged 2 pt right and 10 pt up, and made 1 pt wider than the 180 × 40 a signature starts at.
    const nudged = fields.find((f) => f.kind === 'signature' && f.roleId !== date.roleId)!;
    expect(nudged).toMatchObject({ x: brokerBefore.x + 2, y: brokerBefore.y + 10, width: 181, height: 40 });

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
    const page = await newPage({ hasTouch: true, bypassCSP: true });
    await signIn(page, benAdmin.email);
    // Signed in, the benefits administrator goes on on a phone.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(taskUrl());
    await page.getByRole('button', { name: 'Sign Group application' }).click();
    await page.waitForURL(/\/onboarding-forms\/[^/]+\/action\//);
    await page.locator('canvas[data-rendered="yes"]').first().waitFor();
    await fullPageScreenshot(page, 'onboarding-forms-signing-phone.png');
    await drawSignatureAndSign(
      page,
      [20, 80],
      [
        [60, 20],
        [100, 90],
        [150, 30],
        [200, 85],
        [260, 40],
      ],
    );
    expect(await page.getByTestId('signing-done').textContent()).toContain('You signed Group application');
    // Staff's page was not reloaded: the live stream brought the change.
    await expect.poll(() => statusOf(staff, benAdmin.name).textContent(), { timeout: 10_000 }).toBe('Signed');
    await expect.poll(() => statusOf(staff, broker.name).textContent()).toBe('Sent');
    // The benefits administrator's hub, on the phone, passes axe.
    await openHub(page, portal.app.url, DEMO_CLIENT_ID);
    await expectNoSeriousAxeViolations(page);
  }, 90_000);

  it('the broker declines with a reason; staff reassign to an outside broker who signs by link', async () => {
    const page = await newPage({ bypassCSP: true });
    await signIn(page, broker.email);
    // The broker's hub passes axe.
    await openHub(page, portal.app.url, DEMO_CLIENT_ID);
    await expectNoSeriousAxeViolations(page);
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

    // Reassigned to someone without an account: she is e-mailed a signing link of her own at once.
    await expect
      .poll(() => smtp.received.some((m) => m.envelope.to.includes('rita.ramos@ramos-benefits.example')), {
        timeout: 15_000,
      })
      .toBe(true);
    const toRita = smtp.received.find((m) => m.envelope.to.includes('rita.ramos@ramos-benefits.example'))!;
    expect(toRita.parsed.subject).toBe('Group application is ready for your signature');
    const link = /https?:\/\/\S+\/onboarding-forms\/\S+\/action\/\S+\?token=\S+/.exec(
      toRita.parsed.text ?? '',
    )![0];
    // Staff can still give her another link themselves; the notice dialog names itself and passes axe.
    await staff
      .getByTestId('recipient-row')
      .filter({ hasText: 'Rita Ramos' })
      .getByRole('button', { name: 'Signing link', exact: true })
      .click();
    await staff.getByRole('dialog', { name: 'Signing link for Rita Ramos' }).waitFor();
    expect(
      await staff.getByRole('dialog').getByRole('textbox', { name: 'Signing link' }).inputValue(),
    ).toMatch(/\/onboarding-forms\/.+\?token=/);
    await expectNoSeriousAxeViolations(staff);
    await staff.getByRole('button', { name: 'Close' }).click();

    const outside = await newPage({});
    await outside.goto(link);
    await outside.locator('canvas[data-rendered="yes"]').first().waitFor();
    await expectNoSeriousAxeViolations(outside);
    await outside.getByLabel('Type it').check();
    await outside.getByLabel('Your full name, as your signature').fill('Rita Ramos');
    await outside.getByRole('button', { name: 'Sign', exact: true }).click();
    await outside.getByTestId('signing-done').waitFor();
    expect(await outside.getByTestId('signing-done').textContent()).toContain('the form is complete');
    // The link was single use: opening it again says it was signed through already.
    const again = await newPage();
    await again.goto(link);
    expect(await again.getByTestId('signing-error').textContent()).toContain(
      'You have already signed this form',
    );

    await expect
      .poll(() => staff.getByTestId('form-status').first().textContent(), { timeout: 10_000 })
      .toBe('Completed');
    await expect.poll(() => statusOf(staff, 'Rita Ramos').textContent()).toBe('Signed');
    // Every form completed: the task's own status follows (the API, then the page).
    await expect
      .poll(
        async () => {
          const tasks = (await staff.evaluate(
            async (path) => (await fetch(path)).json(),
            `/api/clients/${DEMO_CLIENT_ID}/tasks`,
          )) as { taskId: string; status: string }[];
          return tasks.find((t) => t.taskId === 'onboarding-forms')?.status;
        },
        { timeout: 10_000 },
      )
      .toBe('Done');
    await staff.reload();
    await staff.getByTestId('onboarding-forms').waitFor();
    await expect.poll(() => staff.getByTestId('task-status').first().textContent()).toBe('Completed');
    // The same trail as the certificate page, on the task: each recipient and every step of theirs.
    const trail = staff.getByTestId('onboarding-form').first().getByTestId('audit-trail');
    await trail.getByRole('button', { name: 'Audit trail of Group application' }).click();
    const ritaTrail = trail.getByTestId('audit-trail-recipient').filter({ hasText: 'Rita Ramos' });
    expect(await ritaTrail.locator('p').textContent()).toBe(
      'Rita Ramos (Broker) · rita.ramos@ramos-benefits.example',
    );
    expect(
      (await ritaTrail.getByTestId('audit-trail-step').allTextContents()).map((t) => t.split(' ')[0]),
    ).toEqual(['Sent', 'Viewed', 'Signed']);
    expect(await ritaTrail.getByTestId('audit-trail-step').last().textContent()).toMatch(
      / · IP address \S+ · Mozilla\//,
    );
    await expectNoSeriousAxeViolations(staff);
    await fullPageScreenshot(staff, 'onboarding-forms-task.png');
    // The client's hub, with the forms done, passes axe too.
    await openHub(staff, portal.app.url, DEMO_CLIENT_ID);
    await expectNoSeriousAxeViolations(staff);
    await staff.goto(taskUrl());
    await staff.getByTestId('onboarding-forms').waitFor();
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
      `${portal.app.url}/client/${DEMO_CLIENT_ID}/onboarding-forms/${form.onboardingFormId}/view/${form.recipients[0]!.recipientId}`,
    );
    const canvas = staff.locator('canvas[data-rendered="yes"]').first();
    await canvas.waitFor();
    await canvas.screenshot({ path: screenshotPath('onboarding-forms-completed-page.png') });
    const signatures = template.fields.filter((f) => f.kind === 'signature');
    expect(signatures).toHaveLength(2);
    for (const field of signatures) expect(await inkIn(canvas, field)).toBeGreaterThan(8);
    // Where nobody signed, the page stays white.
    expect(await inkIn(canvas, { ...signatures[0]!, y: 40, height: 30 })).toBe(0);
  }, 60_000);

  it('any 2 of 3 officers: two sign by their e-mailed links, the third is told they are no longer needed', async () => {
    const officers = [
      { name: 'Olivia Ortiz', email: 'olivia.ortiz@northwind.example' },
      { name: 'Omar Okafor', email: 'omar.okafor@northwind.example' },
      { name: 'Oscar Olsen', email: 'oscar.olsen@northwind.example' },
    ] as const;
    // Staff build the template: one role, 'Officers', signed by any 2 of them, with a signature line and a
    // date for each of the two signatures.
    const page1 = await templateFromPdf(
      staff,
      taskUrl(),
      'Officers resolution.pdf',
      await officersResolution(),
    );
    await staff.getByRole('button', { name: 'Remove the role Broker' }).click();
    await staff.getByLabel('Role 1').fill('Officers');
    await staff.getByLabel('Who signs').selectOption({ label: 'Any 2 of them' });
    await staff.getByText('Place one set of fields per signature needed').waitFor();
    const scale = (await page1.boundingBox())!.width / 612;
    const placeAt = async (x: number, yFromTop: number) => {
      await page1.locator('.esign-page__overlay').click({ position: { x: x * scale, y: yFromTop * scale } });
    };
    await staff.getByTestId('field-role').selectOption({ label: 'Officers' });
    for (const line of [270, 370]) {
      await staff.getByTestId('field-kind').selectOption({ label: 'Signature' });
      await placeAt(220, line);
      await staff.getByTestId('field-kind').selectOption({ label: 'Date signed' });
      await placeAt(470, line);
    }
    // And a text field for each signer's title, lower on the page.
    for (const line of [470, 570]) {
      await staff.getByTestId('field-kind').selectOption({ label: 'Text' });
      await placeAt(220, line);
    }
    await expect.poll(() => staff.locator('.esign-field').count()).toBe(6);
    await staff
      .locator('.esign-builder__roles')
      .screenshot({ path: screenshotPath('onboarding-forms-quorum-roles.png') });
    await fullPageScreenshot(staff, 'onboarding-forms-quorum-template.png');
    await staff.getByRole('button', { name: 'Save template' }).click();
    await staff.getByText('The template is saved.').waitFor();

    // Sent to three officers who have no account: two rows are there for the two signatures, a third is added.
    await staff.getByTestId('send-template').selectOption({ label: 'Officers resolution' });
    const role = staff.getByTestId('send-role-Officers');
    await role.getByRole('button', { name: 'Add another recipient' }).click();
    expect(await role.locator('legend').textContent()).toBe('Officers, signs first: any 2 of the 3 below');
    for (const [i, officer] of officers.entries()) {
      const row = role.locator('.esign-recipient').nth(i);
      await row.getByLabel('Name').fill(officer.name);
      await row.getByLabel('E-mail').fill(officer.email);
    }
    await staff
      .locator('.esign-send')
      .screenshot({ path: screenshotPath('onboarding-forms-quorum-send.png') });
    await staff.getByRole('button', { name: 'Send', exact: true }).click();
    await staff.getByText('Officers resolution was sent.').waitFor();
    const form = staff.getByTestId('onboarding-form').filter({ hasText: 'Officers resolution' });
    const progress = form.getByTestId('role-progress');
    await expect.poll(() => progress.textContent()).toBe('Officers: any 2 of 3 sign · 0 of 2 signed');
    for (const officer of officers)
      await expect.poll(() => statusOf(form, officer.name).textContent()).toBe('Sent');

    // Each officer is e-mailed a signing link of their own as the form is sent; staff may send another.
    await form
      .getByTestId('recipient-row')
      .filter({ hasText: officers[0].name })
      .getByRole('button', { name: 'Signing link', exact: true })
      .click();
    await staff.getByRole('dialog').getByText(`${officers[0].name} was e-mailed this link`).waitFor();
    await staff.getByRole('button', { name: 'Close' }).click();
    await form.evaluate((e) => e.scrollIntoView({ block: 'center' }));
    await form.screenshot({ path: screenshotPath('onboarding-forms-quorum-recipients.png') });
    const linkOf = async (email: string) => {
      await expect
        .poll(() => smtp.received.some((m) => m.envelope.to.includes(email)), { timeout: 15_000 })
        .toBe(true);
      const mail = smtp.received.find((m) => m.envelope.to.includes(email))!;
      expect(mail.parsed.subject).toBe('Officers resolution is ready for your signature');
      const link = /https?:\/\/\S+\/onboarding-forms\/\S+\/action\/\S+\?token=\S+/.exec(
        mail.parsed.text ?? '',
      );
      expect(link).not.toBeNull();
      return link![0];
    };
    const links = await Promise.all(officers.map((o) => linkOf(o.email)));

    // The first officer draws a signature.
    const first = await newPage({});
    await first.goto(links[0]!);
    await first.locator('canvas[data-rendered="yes"]').first().waitFor();
    expect(await first.locator('.esign-signing__fields li').allTextContents()).toEqual([
      'Signature of Officers (page 1)',
      'Date signed of Officers (page 1)',
      'Text of Officers (page 1)',
    ]);
    await first.locator('.esign-signing__panel label.field input').first().fill('Treasurer');
    expect(await first.getByTestId('quorum-note').textContent()).toBe(
      'Any 2 of the 3 Officers sign this form; nobody has signed yet.',
    );
    await fullPageScreenshot(first, 'onboarding-forms-quorum-signing.png');
    const lineOf = (page: Page) =>
      page
        .locator('.esign-field--signature')
        .evaluate((e) => (e as HTMLElement).offsetTop / (e.parentElement as HTMLElement).offsetHeight);
    const firstLine = await lineOf(first);
    await drawSignatureAndSign(
      first,
      [20, 70],
      [
        [70, 25],
        [120, 85],
        [180, 30],
        [240, 80],
      ],
    );
    expect(await first.getByTestId('signing-done').textContent()).toBe(
      'Thank you, Olivia Ortiz. You signed Officers resolution.',
    );
    await expect
      .poll(() => statusOf(form, officers[0].name).textContent(), { timeout: 10_000 })
      .toBe('Signed');
    await expect.poll(() => progress.textContent()).toBe('Officers: any 2 of 3 sign · 1 of 2 signed');
    expect(await form.getByTestId('form-status').textContent()).toBe('Waiting for signatures');

    // The second officer types theirs: the quorum is reached and the form is complete.
    const second = await newPage({});
    await second.goto(links[1]!);
    await second.locator('canvas[data-rendered="yes"]').first().waitFor();
    expect(await second.getByTestId('quorum-note').textContent()).toBe(
      'Any 2 of the 3 Officers sign this form; 1 has signed so far.',
    );
    // The second signer fills the second line, below the first one's.
    expect(await lineOf(second)).toBeGreaterThan(firstLine + 0.08);
    await second.locator('.esign-signing__panel label.field input').first().fill('Secretary');
    await second.getByLabel('Type it').check();
    await second.getByLabel('Your full name, as your signature').fill('Omar Okafor');
    await second.getByRole('button', { name: 'Sign', exact: true }).click();
    await second.getByTestId('signing-done').waitFor();
    expect(await second.getByTestId('signing-done').textContent()).toContain('the form is complete');

    // The hub's task: completed, who signed and who was released, without a reload.
    await expect
      .poll(() => form.getByTestId('form-status').textContent(), { timeout: 10_000 })
      .toBe('Completed');
    await expect.poll(() => statusOf(form, officers[1].name).textContent()).toBe('Signed');
    await expect.poll(() => statusOf(form, officers[2].name).textContent()).toBe('No longer needed');
    expect(await statusOf(form, officers[0].name).textContent()).toBe('Signed');
    // The released officer is dated with the quorum: the second signature's date.
    const dateOf = (name: string) =>
      form.getByTestId('recipient-row').filter({ hasText: name }).locator('td').nth(3).textContent();
    expect(await dateOf(officers[2].name)).not.toBe('');
    expect(await dateOf(officers[2].name)).toBe(await dateOf(officers[1].name));
    expect(await progress.textContent()).toBe('Officers: any 2 of 3 sign · 2 of 2 signed');
    expect(await form.getByRole('button', { name: 'Signing link' }).count()).toBe(0);
    await form.evaluate((e) => e.scrollIntoView({ block: 'center' }));
    await form.screenshot({ path: screenshotPath('onboarding-forms-quorum-task.png') });

    // The third officer's link says, in words, that they are no longer needed, with nothing to sign.
    const third = await newPage({});
    await third.goto(links[2]!);
    await third.getByTestId('signing-not-needed').waitFor();
    expect(await third.getByTestId('signing-not-needed').textContent()).toBe(
      'You no longer need to sign Officers resolution: it needed any 2 of the 3 Officers, and 2 have signed.',
    );
    expect(await third.getByRole('button', { name: 'Sign' }).count()).toBe(0);
    await expectNoSeriousAxeViolations(third);
    await fullPageScreenshot(third, 'onboarding-forms-quorum-released.png');

    // The completed PDF downloads from the task: the form with both signatures, each on its own line, then
    // its audit certificate.
    const [download] = await Promise.all([
      staff.waitForEvent('download'),
      form.getByRole('link', { name: 'Download the completed form' }).click(),
    ]);
    const bytes = await downloadedBytes(download);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(2);

    const forms = (await staff.evaluate(
      async (path) => (await fetch(path)).json(),
      `/api/clients/${DEMO_CLIENT_ID}/onboarding-forms`,
    )) as {
      onboardingFormId: string;
      formName: string;
      templateId: string;
      recipients: { recipientId: string }[];
    }[];
    const sent = forms.find((f) => f.formName === 'Officers resolution')!;
    const template = (await staff.evaluate(
      async (path) => (await fetch(path)).json(),
      `/api/clients/${DEMO_CLIENT_ID}/onboarding-forms/template/${sent.templateId}`,
    )) as { fields: Field[] };
    const byLine = (kind: string) => template.fields.filter((f) => f.kind === kind).sort((a, b) => b.y - a.y);
    const signatures = byLine('signature');
    expect(signatures).toHaveLength(2);

    // The completed PDF, opened with pdf.js: each signer's ink and text once, in their own seat's field.
    const pdf = await getDocument({ data: new Uint8Array(bytes) }).promise;
    const first1 = await pdf.getPage(1);
    const items = ((await first1.getTextContent()).items as { str: string; transform: number[] }[]).filter(
      (i) => i.str !== '',
    );
    const inside = (x: number, y: number, f: Field) =>
      x >= f.x - 1 && x <= f.x + f.width + 1 && y >= f.y - 1 && y <= f.y + f.height + 1;
    const placedIn = (text: string | RegExp) =>
      items.filter((i) => (typeof text === 'string' ? i.str === text : text.test(i.str)));
    const onlyIn = (text: string, field: Field) => {
      const found = placedIn(text);
      expect(found, text).toHaveLength(1);
      expect(inside(found[0]!.transform[4]!, found[0]!.transform[5]!, field), text).toBe(true);
    };
    onlyIn('Omar Okafor', signatures[1]!);
    const [title1, title2] = byLine('text');
    onlyIn('Treasurer', title1!);
    onlyIn('Secretary', title2!);
    // One date in each date field.
    const dates = placedIn(/^\d{4}-\d{2}-\d{2}$/);
    expect(dates).toHaveLength(2);
    for (const field of byLine('dateSigned'))
      expect(dates.filter((d) => inside(d.transform[4]!, d.transform[5]!, field))).toHaveLength(1);
    // The drawn signature is painted once, inside the first seat's signature line.
    const operators = await first1.getOperatorList();
    const images: number[][] = [];
    let matrix = [1, 0, 0, 1, 0, 0];
    const stack: number[][] = [];
    operators.fnArray.forEach((fn, i) => {
      if (fn === OPS.save) stack.push(matrix);
      else if (fn === OPS.restore) matrix = stack.pop() ?? [1, 0, 0, 1, 0, 0];
      else if (fn === OPS.transform) {
        const [a, b, c, d, e, f] = operators.argsArray[i] as number[];
        const [A, B, C, D, E, F] = matrix;
        matrix = [
          a! * A! + b! * C!,
          a! * B! + b! * D!,
          c! * A! + d! * C!,
          c! * B! + d! * D!,
          e! * A! + f! * C! + E!,
          e! * B! + f! * D! + F!,
        ];
      } else if (fn === OPS.paintImageXObject) images.push(matrix);
    });
    expect(images).toHaveLength(1);
    const [w, , , h, x, y] = images[0]!;
    expect(inside(x!, y!, signatures[0]!) && inside(x! + w!, y! + h!, signatures[0]!)).toBe(true);
    // The certificate page names both signers, and the released officer.
    const certificate = ((await (await pdf.getPage(2)).getTextContent()).items as { str: string }[])
      .map((i) => i.str)
      .join('\n');
    for (const officer of officers) expect(certificate).toContain(`${officer.name} (Officers)`);
    expect(certificate).toContain('No longer needed');

    await staff.goto(
      `${portal.app.url}/client/${DEMO_CLIENT_ID}/onboarding-forms/${sent.onboardingFormId}/view/${sent.recipients[0]!.recipientId}`,
    );
    const canvas = staff.locator('canvas[data-rendered="yes"]').first();
    await canvas.waitFor();
    await canvas.screenshot({ path: screenshotPath('onboarding-forms-quorum-completed-page.png') });
    for (const field of signatures) expect(await inkIn(canvas, field)).toBeGreaterThan(8);
  }, 110_000);
});
