import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CLIENT_ID, DEMO_EXPLORER_PAGE_ID, DEMO_USERS } from '@onboard/platform/seed';
import { apiClient, eventually } from '@onboard/platform/testing/http-client';
import { EXPLORER_SITE_MESSAGES } from '@onboard/domain';
import { fullPageScreenshot, screenshotPath, signInThroughUi } from './browser.ts';
import { choose, fillAll, startPlan } from './explorer-helpers.ts';
import { demoUser, noBrowser, portalUnderTest } from './testing/portal.ts';

const MANAGE = `/clients/admin/${DEMO_CLIENT_ID}/manage`;

describe.skipIf(noBrowser)('Explorer site management in the browser', () => {
  const portal = portalUnderTest('e2e_explorer_admin');

  it('staff create a site with medical, dental and vision plans, then list, edit and renew it', async () => {
    const admin = DEMO_USERS.find((u) => u.email === 'admin@onboard.example')!;
    const page = await portal.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${portal.app.url}${MANAGE}/benefits-explorer`);
    await page.waitForURL(/\/login/);
    await signInThroughUi(page, admin.email, portal.app.config.demoPassword, portal.auth);
    await page.getByRole('heading', { name: 'New Benefits Explorer site' }).waitFor();

    await fillAll(page, {
      'Site name': 'Lakeside 2027 benefits',
      'Plan year': '2027 plan',
      Policies: '123456',
    });
    await choose(page, 'Employer state', 'MA');
    await fillAll(page, { 'Start date': '2027-01-01', 'End date': '2099-12-31' });

    // Medical, with an underwriter because carrier 7 is not ours.
    await startPlan(page, { type: 'Medical', carrier: '7', name: 'PPO 1000', planType: 'PPO' });
    await page.getByRole('button', { name: 'Add plan' }).click();
    await page.getByText('Underwriter/Administrator is required').waitFor();
    await page.getByLabel('Underwriter/Administrator').fill('Health Co.');
    await choose(page, 'Premium tier', '$$');
    const limits = await page.getByLabel(/^(Deductible|Out-of-pocket max), /).all();
    expect(limits).toHaveLength(8);
    for (const input of limits) await input.fill('1000');
    await choose(page, 'Out-of-network benefits', 'Yes');
    await choose(page, 'PCP coordination required', 'No');
    await choose(page, 'PCP referral for specialty care', 'Not applicable');
    await page.getByRole('button', { name: 'Add plan' }).click();

    await startPlan(page, { type: 'Dental', carrier: '1', name: 'Dental PPO High', planType: 'PPO' });
    await choose(page, 'Dental network', 'Provider dental network PPO (47)');
    await choose(page, 'Dental year type', 'Calendar');
    for (const input of await page.getByLabel(/coinsurance %/).all()) await input.fill('80');
    await page.getByRole('button', { name: 'Add plan' }).click();

    await startPlan(page, { type: 'Vision', carrier: '1', name: 'Vision Plus', planType: 'Voluntary' });
    for (const input of await page.getByLabel(/^(Exam|Lenses|Frames|Contact lenses), /).all())
      await input.fill('150');
    await page.getByRole('button', { name: 'Add plan' }).click();
    expect(await page.getByTestId('plan-row').count()).toBe(3);

    // The plan year is bad: the spec's message, on the field, and nothing is created.
    await page.getByRole('button', { name: 'Create site' }).click();
    await page.getByText(EXPLORER_SITE_MESSAGES.planYear).waitFor();
    expect(await page.getByLabel('Plan year').getAttribute('aria-invalid')).toBe('true');
    await fullPageScreenshot(page, 'explorer-admin-invalid.png');
    await page.getByLabel('Plan year').fill('2027');
    await page.getByRole('button', { name: 'Create site' }).click();

    await page.getByTestId('site-saved').waitFor();
    await page.getByRole('heading', { name: 'Edit Lakeside 2027 benefits' }).waitFor();
    expect(await page.getByTestId('plan-row').count()).toBe(3);
    await page.getByRole('button', { name: 'Last update' }).click();
    expect(await page.getByTestId('update-tracking').textContent()).toContain('admin@onboard.example');
    await page.keyboard.press('Escape');
    await fullPageScreenshot(page, 'explorer-admin-edit.png');

    await page.getByLabel('Site name').fill('Lakeside 2027 benefits (edited)');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Your changes were saved.').waitFor();

    const row = page.getByTestId('explorer-site-row').filter({ hasText: 'Lakeside 2027 benefits (edited)' });
    for (let attempt = 0; attempt < 20 && !(await row.isVisible()); attempt++) {
      await page.goto(`${portal.app.url}${MANAGE}`);
      await page.getByRole('heading', { name: 'Benefits Explorer sites' }).waitFor();
      await page.getByTestId('explorer-site-row').first().waitFor();
    }
    await row.waitFor();
    expect(
      await row
        .getByRole('link', { name: 'Lakeside 2027 benefits (edited)', exact: true })
        .getAttribute('href'),
    ).toMatch(/^\/benefits-explorer\//);
    await page.getByRole('heading', { name: 'Benefits Explorer sites' }).scrollIntoViewIfNeeded();
    await fullPageScreenshot(page, 'explorer-admin-list.png');

    await row.getByRole('link', { name: /^Renew / }).click();
    await page.getByRole('heading', { name: 'Renew Lakeside 2027 benefits (edited)' }).waitFor();
    await fillAll(page, {
      'New plan year': '2028',
      'New start date': '2028-01-01',
      'New end date': '2028-12-31',
    });
    await fullPageScreenshot(page, 'explorer-admin-renew.png');
    await page.getByRole('button', { name: 'Renew site' }).click();
    await page.getByTestId('site-saved').waitFor();
    await page.getByRole('heading', { name: 'Edit Lakeside 2027 benefits (edited)' }).waitFor();
    expect(await page.getByLabel('Plan year').inputValue()).toBe('2028');
    expect(await page.getByTestId('plan-row').count()).toBe(3);
    await page.close();
  });

  it('staff upload a summary PDF, attach it to the demo site, and its link downloads the same file', async () => {
    const owner = demoUser('SLF_OWNER');
    const page = await portal.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${portal.app.url}${MANAGE}/benefits-explorer/${DEMO_EXPLORER_PAGE_ID}`);
    await page.waitForURL(/\/login/);
    await signInThroughUi(page, owner.email, portal.app.config.demoPassword, portal.auth);
    const section = page.getByTestId('site-documents');
    await section.waitFor();
    // The seeded dental summary is listed already.
    await section.getByText('Dental plans summary').waitFor();

    const pdf = Buffer.from('%PDF-1.7\n% vision summary\n%%EOF\n');
    const chooser = page.waitForEvent('filechooser');
    await section.getByRole('button', { name: 'Choose file' }).click();
    await (await chooser).setFiles({ name: 'Vision summary.pdf', mimeType: 'application/pdf', buffer: pdf });
    expect(await section.getByLabel('Name', { exact: true }).inputValue()).toBe('Vision summary');
    expect(await section.getByLabel('Document key').inputValue()).toBe('Vision summary.pdf');
    await section.getByRole('button', { name: 'Upload and attach' }).click();
    await section.getByText('Please provide a response.').waitFor();
    await choose(page, 'Benefit type', 'Vision');
    await section.getByRole('button', { name: 'Upload and attach' }).click();
    await page.getByTestId('document-attached').waitFor();
    await fullPageScreenshot(page, 'explorer-admin-documents.png');

    const href = await section
      .getByRole('link', { name: 'Download Vision summary', exact: true })
      .getAttribute('href');
    const download = await eventually(async () => {
      const response = await fetch(`${portal.app.url}${href}`);
      expect(response.status).toBe(200);
      return response;
    });
    expect(download.headers.get('content-disposition')).toBe('attachment; filename="Vision summary.pdf"');
    expect(Buffer.from(await download.arrayBuffer())).toEqual(pdf);
    await page.close();
  });

  it('staff set the page settings of the demo site: enrollment link, contact, logo, highlights; they are kept', async () => {
    const owner = demoUser('SLF_OWNER');
    const page = await portal.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const editPath = `${MANAGE}/benefits-explorer/${DEMO_EXPLORER_PAGE_ID}`;
    await page.goto(`${portal.app.url}${editPath}`);
    await page.waitForURL(/\/login/);
    await signInThroughUi(page, owner.email, portal.app.config.demoPassword, portal.auth);
    await page.getByRole('heading', { name: 'Edit Lakeside Manufacturing benefits' }).waitFor();
    // The seeded enrollment window and platform address are shown.
    expect(await page.getByLabel('Open enrollment start').inputValue()).toBe('2026-11-02');
    expect(await page.getByLabel('Benefits administration platform URL').inputValue()).toBe(
      'https://enroll.example.com/lakeside-manufacturing',
    );

    await page.getByLabel('Open enrollment end').fill('2026-10-01');
    await page.getByLabel('Benefits administration platform URL').fill('javascript:alert(1)');
    // The seeded demo site enables every contact option (seed.ts), so its booking link is shown.
    expect(await page.getByRole('checkbox', { name: 'Appointments' }).isChecked()).toBe(true);
    await page.getByLabel('Appointment booking link').fill('calendly.com/lakeside');
    await page.getByLabel('Vision highlight order').fill('-1');
    await page.getByRole('button', { name: 'Save changes' }).click();
    const messages = EXPLORER_SITE_MESSAGES;
    await page.getByText(messages.openEnrollmentEndBeforeStart).waitFor();
    expect(await page.getByText(messages.linkInvalid).count()).toBe(2);
    await page.getByText(messages.highlighterOrder).waitFor();
    expect(await page.getByLabel('Vision highlight order').getAttribute('aria-invalid')).toBe('true');

    await fillAll(page, {
      'Open enrollment end': '2026-12-04',
      'Benefits administration platform URL': 'https://enroll.example.com/lakeside-2027',
      'Appointment booking link': 'https://calendly.com/lakeside/benefits',
      'Vision highlight (English)': 'Eye exams every year',
      'Vision highlight (Spanish)': 'Exámenes de la vista cada año',
      'Vision highlight order': '2',
      'Client name on the page': 'Lakeside Manufacturing',
    });
    await choose(page, 'Sales territory', 'Great Lakes');
    await page.getByText('Kiosk mode', { exact: true }).click();
    // Live chat off (the seed has it on): the public page then offers only booking a call and e-mail.
    await page.getByText('Live chat', { exact: true }).click();
    // The non-provider variant: the footer names the third-party administrator instead.
    await page.getByText("Hide the provider's logo", { exact: true }).click();
    await fillAll(page, {
      'Third-party administrator': 'Harbor Benefit Services',
      "Administrator's website": 'https://harbor.example',
      "Administrator's privacy notice": 'https://harbor.example/privacy',
    });
    // The logo: uploaded to the document store, chosen, and attached to the site on save.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload a logo' }).click();
    await (await chooser).setFiles({ name: 'lakeside-logo.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('button', { name: /lakeside-logo Client logo$/ }).waitFor();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Your changes were saved.').waitFor();

    // After a reload (the read model caught up) every setting is as saved, and the logo is a document.
    await eventually(async () => {
      await page.reload();
      await page.getByLabel('Vision highlight order').waitFor();
      expect(await page.getByLabel('Vision highlight order').inputValue()).toBe('2');
      expect(
        await page.getByTestId('site-documents').getByText('lakeside-logo', { exact: true }).count(),
      ).toBe(1);
    });
    expect(await page.getByLabel('Open enrollment end').inputValue()).toBe('2026-12-04');
    expect(await page.getByLabel('Appointment booking link').inputValue()).toBe(
      'https://calendly.com/lakeside/benefits',
    );
    expect(await page.getByLabel('Vision highlight (Spanish)').inputValue()).toBe(
      'Exámenes de la vista cada año',
    );
    expect(await page.getByRole('checkbox', { name: 'Kiosk mode' }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Live chat' }).isChecked()).toBe(false);
    await page.getByRole('button', { name: /Great Lakes Sales territory$/ }).waitFor();
    await page.getByRole('button', { name: /lakeside-logo Client logo$/ }).waitFor();
    await fullPageScreenshot(page, 'explorer-admin-settings.png');

    // The public page: the not-live demo site previewed during enrollment links to the new address.
    await page.goto(`${portal.app.url}/benefits-explorer/lakeside`);
    await page.getByRole('heading', { level: 1, name: 'Lakeside Manufacturing' }).waitFor();
    await page.getByText('During enrollment', { exact: true }).click();
    const enroll = page.getByRole('link', { name: 'Enroll now' });
    expect(await enroll.getAttribute('href')).toBe('https://enroll.example.com/lakeside-2027');
    await page.getByText('After enrollment', { exact: true }).click();
    await enroll.waitFor({ state: 'detached' });
    // The support panel follows the contact options: no chat, the new booking link, e-mail.
    expect(await page.getByRole('button', { name: 'Chat with us' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Get help' }).click();
    const support = page.locator('#explorer-support-panel');
    expect(await support.getByRole('link', { name: /^Book a call/ }).getAttribute('href')).toBe(
      'https://calendly.com/lakeside/benefits',
    );
    await support.getByRole('button', { name: 'Email us' }).waitFor();
    expect(await support.getByTestId('support-chat').count()).toBe(0);
    const footer = page.getByTestId('legal-footer');
    await footer
      .getByText('Benefits are administered by Harbor Benefit Services on behalf of Lakeside Manufacturing.')
      .waitFor();
    expect(
      await footer.getByRole('link', { name: 'Harbor Benefit Services privacy notice' }).getAttribute('href'),
    ).toBe('https://harbor.example/privacy');
    expect(await footer.getByRole('link', { name: 'Fraud' }).count()).toBe(0);
    await fullPageScreenshot(page, 'explorer-non-provider-footer.png');
    const logo = await fetch(
      `${portal.app.url}/api/explorer-pages/${DEMO_EXPLORER_PAGE_ID}/documents/${await page.evaluate(
        async (id) => {
          const answer = await fetch(`/api/explorer-pages/${id}`);
          return ((await answer.json()) as { logoDocumentId: string }).logoDocumentId;
        },
        DEMO_EXPLORER_PAGE_ID,
      )}`,
    );
    expect(logo.status).toBe(200);
    expect(Buffer.from(await logo.arrayBuffer())).toEqual(png);
    await page.close();
  });
});

describe.skipIf(noBrowser)('Explorer sites by owner in the browser', () => {
  // More internal users than one page of the user list holds (25), so the pickers must read them all.
  const EXTRA_USERS = 27;
  let lastUser = { id: '', name: '' };

  const portal = portalUnderTest('e2e_explorer_owners');
  beforeAll(async () => {
    const owner = apiClient(portal.app.url);
    await owner.signIn(demoUser('SLF_OWNER').email, portal.app.config.demoPassword);
    for (let n = 1; n <= EXTRA_USERS; n++) {
      const number = String(n).padStart(2, '0');
      const created = await owner.post('/api/users/internal', {
        firstName: 'Pat',
        lastName: `Zulu ${number}`,
        email: `pat.zulu${number}@onboard.example`,
        role: 'SLF_ADMIN',
      });
      expect(created.status).toBe(201);
      lastUser = { id: (created.body as { id: string }).id, name: `Pat Zulu ${number}` };
    }
    // Two sites of two clients' worth: owned by the last of them (on the user list's second page).
    for (const name of ['Zulu site A', 'Zulu site B']) {
      const site = await owner.post(`/api/clients/${DEMO_CLIENT_ID}/explorer-pages`, {
        name,
        language: 'en',
        planYear: '2027',
        employerState: 'IL',
        policies: ['555'],
        medicalVideo: 'NO_VIDEO',
        pageOwner: lastUser.id,
      });
      expect(site.status).toBe(201);
    }
    await eventually(async () => {
      const listed = await owner.get(`/api/explorer-pages/by-owner/${lastUser.id}`);
      expect((listed.body as { total: number }).total).toBe(2);
    });
  }, 180_000);

  it('staff open My sites from the client page, list another owner’s sites and transfer them to themselves', async () => {
    const admin = DEMO_USERS.find((u) => u.email === 'admin@onboard.example')!;
    const page = await portal.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${portal.app.url}${MANAGE}`);
    await page.waitForURL(/\/login/);
    await signInThroughUi(page, admin.email, portal.app.config.demoPassword, portal.auth);
    await page.getByRole('heading', { name: 'Benefits Explorer sites' }).waitFor();
    // The owner column links to the owner's list; the section's link opens the signed-in user's own.
    const zuluRow = page.getByTestId('explorer-site-row').filter({ hasText: 'Zulu site A' });
    await zuluRow.getByRole('link', { name: `Sites owned by ${lastUser.name}` }).waitFor();
    await page.getByRole('link', { name: 'My sites' }).click();
    await page.getByRole('heading', { level: 1, name: 'My Benefits Explorer sites' }).waitFor();
    await page.getByRole('heading', { name: '0 sites owned by you' }).waitFor();

    // Pick the owner by typing part of the name: every internal user is offered, not only the first page.
    const picker = page.getByRole('combobox', { name: 'Owner' });
    await picker.fill(`Zulu ${String(EXTRA_USERS).padStart(2, '0')}`);
    await page.getByRole('option', { name: new RegExp(`^${lastUser.name} `) }).click();
    await page.getByRole('heading', { level: 1, name: 'Benefits Explorer sites by owner' }).waitFor();
    await page.getByRole('heading', { name: `2 sites owned by ${lastUser.name}` }).waitFor();
    expect(page.url()).toContain(`owner=${lastUser.id}`);
    expect(await page.getByTestId('owner-site-row').count()).toBe(2);
    await page
      .getByTestId('owner-site-row')
      .first()
      .getByRole('link', { name: 'Lakeside Manufacturing Co.' })
      .waitFor();
    await fullPageScreenshot(page, 'explorer-admin-by-owner.png');

    await page.getByRole('button', { name: 'Transfer these sites' }).click();
    const dialog = page.getByRole('dialog', { name: 'Transfer ownership' });
    await dialog.waitFor();
    await dialog.getByRole('combobox', { name: 'New owner' }).fill('adam');
    await page.getByRole('option', { name: /^Adam Alvarez / }).click();
    await page.screenshot({ path: screenshotPath('explorer-admin-transfer.png') });
    await dialog.getByRole('button', { name: 'Transfer' }).click();
    await page.getByTestId('explorer-notice').getByText('2 sites transferred.').waitFor();

    // The read model follows; My sites then lists both.
    await page.getByRole('button', { name: 'My sites' }).click();
    await page.getByRole('heading', { level: 1, name: 'My Benefits Explorer sites' }).waitFor();
    const mine = page.getByRole('heading', { name: '2 sites owned by you' });
    for (let attempt = 0; attempt < 20 && !(await mine.isVisible()); attempt++) {
      await page.reload();
      await page.getByRole('heading', { name: /sites? owned by you$/ }).waitFor();
    }
    await mine.waitFor();
    await page.close();
  });
});
