import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_CLIENT_ID } from '@onboard/platform/seed';
import { apiClient } from '@onboard/platform/testing/http-client';
import { startTestSmtpServer, type TestSmtpServer } from '@onboard/platform/emails/testing-smtp';
import { fullPageScreenshot, screenshotPath } from './browser.ts';
import { demoUser, noBrowser, portalUnderTest } from './testing/portal.ts';

const FROM = 'Onboard <no-reply@onboard.example>';

// The outbox end to end: three kinds of e-mail leave through a real SMTP server started here, staff find
// them in 'All emails' and in the client's e-mails, open one with its status history, resend it, and
// follow the EMAIL_SENT toast to the new e-mail.
describe.skipIf(noBrowser)('e-mails in the browser', () => {
  let smtp: TestSmtpServer;
  const admin = demoUser('SLF_ADMIN');
  const benAdmin = demoUser('BEN_ADMIN');

  // Stopped after the portal (hooks after the tests run last registered first).
  afterAll(async () => {
    await smtp?.stop();
  });
  const portal = portalUnderTest('e2e_emails', async (base) => {
    smtp = await startTestSmtpServer();
    return {
      ...base,
      email: { ...base.email, smtpUrl: smtp.url, from: FROM, retryBaseMs: 500, pollMs: 500 },
    };
  });

  const linkIn = (text: string | undefined, pattern: RegExp) => {
    const found = pattern.exec(text ?? '')?.[0];
    expect(found, `a link matching ${pattern}`).toBeDefined();
    return found!;
  };

  it('three kinds of e-mail arrive, are listed, opened, resent, and the toast leads to the new one', async () => {
    // 1. A password reset, asked for on the sign-in page's 'Forgot' screen.
    const visitor = await portal.browser.newPage();
    await visitor.goto(`${portal.app.url}/forgot`);
    await visitor.getByLabel('E-mail').fill(benAdmin.email);
    await visitor.getByRole('button', { name: 'Send reset link' }).click();
    await visitor.getByTestId('reset-confirmation').waitFor();
    await visitor.close();
    // 2. An activation e-mail and 3. an outside-signer invitation, as the owner sends them.
    const staffApi = apiClient(portal.app.url);
    await staffApi.signIn(demoUser('SLF_OWNER').email);
    expect((await staffApi.post(`/api/users/ben-admin/${benAdmin.id}/activation-email`)).status).toBe(204);
    const invite = await staffApi.post(`/api/clients/${DEMO_CLIENT_ID}/outside-signer`, {
      email: 'sam.signer@example.com',
      firstName: 'Sam',
      lastName: 'Signer',
    });
    expect(invite.status).toBe(201);

    const mails = await smtp.waitFor(3);
    const bySubject = (s: string) => mails.find((m) => m.parsed.subject === s)!;
    const reset = bySubject('Reset your Onboard password');
    const activation = mails.find(
      (m) => m.parsed.subject?.includes('activate') || m.parsed.subject?.includes('Reactivate'),
    )!;
    const signer = bySubject('Please review and sign the Employer Information Form');
    for (const mail of [reset, activation, signer]) {
      expect(mail).toBeDefined();
      expect(mail.envelope.from).toBe('no-reply@onboard.example');
      expect(mail.parsed.from?.value[0]).toEqual({ name: 'Onboard', address: 'no-reply@onboard.example' });
      expect(mail.messageId).toMatch(/^<[0-9a-f-]{36}@onboard\.example>$/);
    }
    expect(reset.envelope.to).toEqual([benAdmin.email]);
    expect(activation.envelope.to).toEqual([benAdmin.email]);
    expect(signer.envelope.to).toEqual(['sam.signer@example.com']);

    // The links work: each opens its page in the portal.app.
    const base = portal.app.url.replace(/[.]/g, '\\.');
    const resetLink = linkIn(reset.parsed.text, new RegExp(`${base}/reset\\?token=[\\w-]+`));
    const activationLink = linkIn(
      activation.parsed.text,
      new RegExp(`${base}/(re)?activate\\?token=[\\w-]+`),
    );
    const signerLink = linkIn(
      signer.parsed.text,
      new RegExp(`${base}/client/${DEMO_CLIENT_ID}/outside-signer/[\\w-]+`),
    );
    for (const link of [resetLink, activationLink]) {
      const page = await portal.browser.newPage();
      await page.goto(link);
      await page.getByText(`choose a password for ${benAdmin.email}`).waitFor();
      await page.close();
    }
    const signerPage = await portal.browser.newPage();
    await signerPage.goto(signerLink);
    await signerPage.getByRole('heading', { level: 1, name: 'Lakeside Manufacturing Co.' }).waitFor();
    await signerPage.close();

    // 'All emails' lists all three; the search narrows it.
    const page: Page = await portal.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await portal.signInOn(page, admin.email);
    await page.waitForURL((url) => url.pathname === '/clients/admin');
    await page.getByRole('link', { name: 'All emails' }).click();
    await page.waitForURL((url) => url.pathname === '/emails');
    const table = page.getByTestId('emails-table');
    for (const mail of [reset, activation, signer])
      await table.getByRole('link', { name: mail.parsed.subject! }).waitFor();
    await page.screenshot({ path: screenshotPath('emails-all.png') });
    // The template previews, from 'All emails'.
    await page.getByRole('link', { name: 'Templates' }).click();
    await page.waitForURL((url) => url.pathname === '/email-templates/admin');
    await page.getByRole('button', { name: 'Task needs action (NIGO)' }).click();
    await expect
      .poll(() => page.getByTestId('template-subject').textContent())
      .toBe('Action needed: Census file');
    await page.frameLocator('iframe').getByText('Open the task').waitFor();
    await page.screenshot({ path: screenshotPath('emails-template-preview.png') });
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/emails');
    await page.getByLabel('Search').fill('Reset your');
    await expect.poll(() => page.getByTestId('email-row').count()).toBe(1);

    // The client's e-mails: the activation and the invitation are the client's; the reset is nobody's.
    await page.goto(`${portal.app.url}/client/${DEMO_CLIENT_ID}/emails`);
    const clientTable = page.getByTestId('emails-table');
    await clientTable.getByRole('link', { name: signer.parsed.subject! }).waitFor();
    await clientTable.getByRole('link', { name: activation.parsed.subject! }).waitFor();
    expect(await clientTable.getByRole('link', { name: reset.parsed.subject! }).count()).toBe(0);
    await page.screenshot({ path: screenshotPath('emails-client.png') });

    // Open one: its recipients, body and status history.
    await clientTable.getByRole('link', { name: signer.parsed.subject! }).click();
    await page.waitForURL((url) => url.pathname.startsWith(`/client/${DEMO_CLIENT_ID}/emails/`));
    const history = page.getByTestId('email-history');
    await history.getByText('Sent').waitFor();
    expect(await history.getByText('Queued').count()).toBe(1);
    await expect.poll(() => page.getByTestId('email-body').textContent()).toContain(signerLink);
    await page.screenshot({ path: screenshotPath('emails-detail.png') });

    // Resend it: a fourth e-mail reaches the server, and the toast links to the new e-mail.
    await page.getByRole('button', { name: 'Resend' }).click();
    await page.getByTestId('email-notice').getByText('The e-mail was sent again.').waitFor();
    const [again] = (await smtp.waitFor(4)).slice(3);
    expect(again!.parsed.subject).toBe(signer.parsed.subject);
    expect(again!.envelope.to).toEqual(['sam.signer@example.com']);
    expect(again!.messageId).not.toBe(signer.messageId);
    const toast = page.getByTestId('email-toast');
    await toast.waitFor();
    const box = await toast.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(500);
    // On a phone it stays on screen (focus inside holds its timer).
    await toast.getByRole('link').focus();
    await page.setViewportSize({ width: 390, height: 844 });
    const phoneBox = await toast.boundingBox();
    expect(phoneBox!.x).toBeGreaterThanOrEqual(0);
    expect(phoneBox!.x + phoneBox!.width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: screenshotPath('email-toast-390.png') });
    await page.setViewportSize({ width: 1280, height: 900 });
    await toast.getByRole('link', { name: signer.parsed.subject! }).click();
    const newId = again!.messageId.slice(1).split('@')[0]!;
    await page.waitForURL((url) => url.pathname === `/emails/${newId}`);
    await page.getByRole('heading', { level: 1, name: signer.parsed.subject! }).waitFor();
    await page.getByTestId('email-history').getByText('Sent').waitFor();

    // Notification rules: CC the broker on every NIGO, previewed before saving.
    await page.goto(`${portal.app.url}/clients/admin/${DEMO_CLIENT_ID}/manage`);
    await page.getByRole('link', { name: 'Notification rules' }).click();
    const nigo = page.getByTestId('rule-TASK_NEEDS_ACTION');
    await nigo.waitFor();
    const [sentToBrokers, copiedBrokers] = await nigo.getByText('Brokers').all();
    await sentToBrokers!.click();
    await copiedBrokers!.click();
    const preview = page.getByTestId('rule-preview-TASK_NEEDS_ACTION');
    await expect.poll(() => preview.textContent()).toContain('CC: broker@onboard.example');
    expect(await preview.textContent()).not.toContain('To: Ben Adler (benadmin@onboard.example), Bianca');
    await page.getByRole('button', { name: 'Save rules' }).click();
    await page.getByTestId('rules-notice').getByText('The notification rules were saved.').waitFor();
    // The daily digest, chosen for one person.
    await page
      .getByText('Ben Adler (benefits administrator): one daily digest instead of single e-mails')
      .click();
    await expect
      .poll(async () => (await staffApi.get(`/api/users/${benAdmin.id}/email-preferences`)).body)
      .toEqual({ daily: true });
    await page.evaluate(() => window.scrollTo(0, 0));
    await fullPageScreenshot(page, 'emails-notification-rules.png');
    await page.close();
  }, 120_000);
});
