import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startApp } from '@onboard/platform/app';
import { embeddedTestConfig } from '@onboard/platform/config';
import { DEMO_EXPLORER_PAGE_ID, DEMO_EXPLORER_SLUG, prepaidDentalPlan } from '@onboard/platform/seed';
import { apiClient, eventually } from '@onboard/platform/testing/http-client';
import { seededDatabase } from '@onboard/testing/db';
import { fullPageScreenshot, screenshotPath } from './browser.ts';
import { seriousViolations } from './explorer-helpers.ts';
import { demoUser, noBrowser, portalUnderTest } from './testing/portal.ts';

const MEDICAL_PLAN = {
  id: 'harbor-ppo',
  carrierId: 7,
  benefitType: 'MEDICAL',
  planType: 'PPO',
  planName: 'Harbor PPO 2000',
  legalEntity: 'Great Lakes Health Co.',
  premium: '$$',
  medicalPlanYearDeductibleIndividualInNetwork: 2000,
  medicalPlanYearDeductibleIndividualOutOfNetwork: 4000,
  medicalPlanYearDeductibleFamilyInNetwork: 4000,
  medicalPlanYearDeductibleFamilyOutOfNetwork: 8000,
  medicalPlanYearOutOfPocketMaxIndividualInNetwork: 5000,
  medicalPlanYearOutOfPocketMaxIndividualOutOfNetwork: 10000,
  medicalPlanYearOutOfPocketMaxFamilyInNetwork: 10000,
  medicalPlanYearOutOfPocketMaxFamilyOutOfNetwork: 20000,
  medicalOutOfNetworkBenefits: 'YES',
  medicalPcpCoordinationRequired: 'NO',
  medicalPcpSpecialtyCareReferralRequired: 'NO',
};

/** Marks a plan a favourite with Space on its toggle button, reached by Tab; waits until it is pressed. */
async function favouriteByKeyboard(page: Page, plan: string) {
  await tabTo(page, new RegExp(`^☆ Favourite\\s+${plan}`));
  await page.keyboard.press('Space');
  await page
    .getByRole('button', { name: `Favourite ${plan}` })
    .and(page.locator('[aria-pressed="true"]'))
    .waitFor();
}

/** Presses Tab until the focused element's accessible text matches; keyboard only, like a visitor. */
async function tabTo(page: Page, text: string | RegExp, max = 80) {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as (HTMLElement & { labels?: NodeListOf<HTMLLabelElement> }) | null;
      if (!el) return '';
      const label = el.getAttribute('aria-label') ?? el.labels?.[0]?.innerText ?? el.innerText ?? '';
      return label.trim();
    });
    if (typeof text === 'string' ? focused === text : text.test(focused)) return;
  }
  throw new Error(`Tab never reached ${String(text)}`);
}

const focusedText = (page: Page) =>
  page.evaluate(() => (document.activeElement as HTMLElement | null)?.innerText.trim() ?? '');

describe.skipIf(noBrowser)('the public Benefits Explorer in the browser', () => {
  let staff: ReturnType<typeof apiClient>;
  const slug = 'acme-explorer';
  const videoSlug = 'harbor-explorer';

  const portal = portalUnderTest('e2e_explorer');
  /**
   * A page of its own at `path` (on the app, or the host at `base`), once the site's heading shows: by
   * default the demo site's.
   */
  async function openSite(
    path: string,
    viewport: { width: number; height: number } | undefined,
    heading = 'Lakeside Manufacturing Co.',
    base = portal.app.url,
  ): Promise<Page> {
    const page = await portal.browser.newPage(viewport ? { viewport } : {});
    await page.goto(`${base}${path}`);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    return page;
  }
  beforeAll(async () => {
    // A second site made through the staff API: a Texas prepaid plan beside the seeded ones.
    staff = apiClient(portal.app.url);
    await staff.signIn(demoUser('SLF_ADMIN').email, portal.app.config.demoPassword);
    const created = await staff.post('/api/clients/lakeside-manufacturing/explorer-pages', {
      name: 'Acme 2027 benefits',
      language: 'en',
      planYear: '2027',
      employerState: 'TX',
      policies: ['123456'],
      medicalVideo: 'NO_VIDEO',
      vanitySlug: slug,
      benefits: [prepaidDentalPlan('dhmo-tx', 'TX'), prepaidDentalPlan('dhmo-il', 'IL')],
    });
    expect(created.status).toBe(201);
    await eventually(async () => {
      const answer = await apiClient(portal.app.url).get(`/api/explorer-pages/${slug}`);
      expect(answer.status).toBe(200);
    });
    // A third site with a medical video, summary documents (two share a document key) and the client's
    // own logo instead of the provider's: a PNG drawn by the browser, uploaded like staff do.
    const drawing = await portal.browser.newPage({ viewport: { width: 180, height: 48 } });
    await drawing.setContent(
      '<body style="margin:0;background:#fff;font:700 26px system-ui;color:#0b4f6c;padding:8px">⚓ Harbor</body>',
    );
    const logoPng = await drawing.screenshot({ type: 'png' });
    await drawing.close();
    const uploaded = await staff.upload(
      '/api/documents',
      Buffer.from(logoPng),
      'image/png',
      'harbor-logo.png',
    );
    expect(uploaded.status).toBe(201);
    const logo = uploaded.body as { documentId: string };
    const harbor = await staff.post('/api/clients/lakeside-manufacturing/explorer-pages', {
      name: 'Harbor 2027 benefits',
      language: 'en',
      planYear: '2027',
      employerState: 'IL',
      policies: ['223344'],
      medicalVideo: 'ENGLISH_VIDEO',
      medicalVideoEnglishTitle: 'Choosing a medical plan',
      medicalVideoDocumentId: 'video-doc-1',
      vidyardId: 'vy-harbor',
      logoDocumentId: logo.documentId,
      hideProviderLogo: true,
      // Only e-mail among the contact options: a support panel without the chat.
      enableContactUsEmail: true,
      vanitySlug: videoSlug,
      benefits: [MEDICAL_PLAN],
    });
    expect(harbor.status).toBe(201);
    for (const [documentId, documentKey, name] of [
      ['doc-1', 'sbc-ppo', 'PPO summary of benefits'],
      ['doc-2', 'sbc-ppo', 'PPO summary of benefits (copy)'],
      ['doc-3', 'sbc-hmo', 'Network guide'],
    ]) {
      const attached = await staff.post(
        `/api/clients/lakeside-manufacturing/explorer-pages/${harbor.body.id}/documents`,
        { documentId, documentKey, name, benefitType: 'MEDICAL', language: 'en' },
      );
      expect(attached.status).toBe(201);
    }
    await eventually(async () => {
      const answer = await apiClient(portal.app.url).get(`/api/explorer-pages/${videoSlug}`);
      expect(answer.body.documents).toHaveLength(3);
    });
    await eventually(async () => {
      expect((await apiClient(portal.app.url).get(`/api/explorer-pages/${DEMO_EXPLORER_SLUG}`)).status).toBe(
        200,
      );
    });
  }, 120_000);

  it('a visitor browses in Spanish, filters by state, compares, keeps favourites and sends the lead form', async () => {
    const page = await openSite(`/es/benefits-explorer/${DEMO_EXPLORER_SLUG}`, { width: 1280, height: 900 });
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
    await page.getByRole('link', { name: 'Saltar al contenido principal' }).waitFor({ state: 'attached' });
    expect(await page.getByRole('main').count()).toBe(1);
    const nav = page.getByRole('navigation', { name: 'Explorador de beneficios' });
    expect(await nav.count()).toBe(1);
    // The provider's logo (not hidden on this site) beside the client's name, which has no logo file.
    await nav.getByRole('img', { name: 'Logotipo de Onboard' }).waitFor();
    expect(await nav.locator('.explorer-logo-name').textContent()).toBe('Lakeside Manufacturing Co.');
    // The seeded site is not live: the demo banner with its three switches.
    await page.getByRole('radio', { name: 'Durante la inscripción' }).waitFor({ state: 'attached' });
    // explorer §2: the browser title is the product's name on the main host.
    await page.waitForFunction(() => document.title === 'Onboard');
    // Plan types read as words in the visitor's language, never as codes.
    expect(
      await page.getByRole('article', { name: 'Vision Plus' }).locator('.explorer-plan-meta').textContent(),
    ).toContain('Voluntario');
    // The demo site shows each section's plan count (showBenefitCount), of the plans the visitor sees.
    const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
    expect(headings).toEqual(['Su ubicación', 'Dental (1 plan)', 'Visión (1 plan)', 'Médico (1 plan)']);

    // No prepaid plan before a state is chosen; a blank choice gets the spec's message (in Spanish).
    expect(await page.getByRole('article', { name: 'Prepaid Dental Illinois' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Mostrar planes' }).click();
    await page.getByText('El estado es obligatorio').waitFor();
    await page.getByRole('button', { name: /Estado/ }).click();
    await page.getByRole('option', { name: 'IL', exact: true }).click();
    await page.getByRole('button', { name: 'Mostrar planes' }).click();
    await page.getByText('Planes para IL').waitFor();
    await page.getByRole('article', { name: 'Prepaid Dental Illinois' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Dental (2 planes)' }).waitFor();

    // Compare the two dental plans (dental comparison launched 2024-05-30).
    const compare = page.getByRole('button', { name: /^Comparar los planes seleccionados/ }).first();
    expect(await compare.isDisabled()).toBe(true);
    await page.getByText('Seleccionar Dental PPO High para comparar').click();
    await page.getByText('Seleccionar Prepaid Dental Illinois para comparar').click();
    await compare.click();
    const table = page.getByRole('table', { name: 'Comparar planes de dental' });
    await table.waitFor();
    const basic = table.getByRole('row', { name: /Servicios básicos: coseguro, dentro de la red/ });
    expect(await basic.getByRole('cell').allTextContents()).toEqual(['80%', '90%']);

    // Favourites: the count in the navigation follows and briefly animates.
    const count = page.getByTestId('favourite-count');
    expect(await count.textContent()).toBe('0');
    const favouriteDental = page.getByRole('button', { name: 'Favorito Dental PPO High' });
    // The animation lasts a moment: a busy machine can end it before a poll sees it, so the page itself
    // notes when the count takes the animating class.
    await page.evaluate(() => {
      const badge = document.querySelector('[data-testid="favourite-count"]')!;
      const observer = new MutationObserver(() => {
        if (!badge.classList.contains('explorer-favourite-count--bump')) return;
        badge.setAttribute('data-bumped', 'true');
        observer.disconnect();
      });
      observer.observe(badge, { attributes: true, attributeFilter: ['class'] });
    });
    await favouriteDental.click();
    expect(await favouriteDental.getAttribute('aria-pressed')).toBe('true');
    await page.locator('[data-testid="favourite-count"][data-bumped="true"]').waitFor();
    await page.getByRole('button', { name: 'Favorito Vision Plus' }).click();
    expect(await count.textContent()).toBe('2');
    await page.waitForFunction(() => !document.querySelector('.explorer-favourite-count--bump'), null, {
      timeout: 2000,
    });
    const axeSite = await seriousViolations(page);
    await fullPageScreenshot(page, 'explorer-site-es.png');
    expect(axeSite).toEqual([]);

    // The personal benefits plan lists the favourites, and they survive a reload (localStorage).
    await page.getByRole('link', { name: /Mi plan de beneficios/ }).click();
    await page.waitForURL(`**/es/benefits-explorer/${DEMO_EXPLORER_SLUG}/personal-benefits-plan`);
    await page.getByRole('heading', { level: 1, name: 'Mi plan de beneficios' }).waitFor();
    await page.reload();
    await page.getByRole('article', { name: 'Dental PPO High' }).waitFor();
    await page.getByRole('article', { name: 'Vision Plus' }).waitFor();
    expect(await page.getByRole('article').count()).toBe(2);
    await page.getByRole('button', { name: 'Imprimir' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // The lead form: a bad email gets the spec's message, a good one the confirmation.
    await page.getByRole('button', { name: 'Contáctenos' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cuéntenos sobre usted' });
    await dialog.waitFor();
    await dialog.getByLabel('Correo electrónico').fill('ana..perez@example');
    await dialog.getByLabel('Nombre', { exact: true }).fill('Ana');
    await dialog.getByLabel('Apellido').fill('Pérez');
    await dialog.getByLabel('Ciudad').fill('Springfield');
    await dialog.getByRole('button', { name: /Estado/ }).click();
    await page.getByRole('option', { name: 'IL', exact: true }).click();
    await dialog.getByLabel('Teléfono').fill('555-0100');
    await dialog.getByText('Empleador', { exact: true }).click();
    await dialog.getByLabel('Nombre del empleador').fill('Lakeside');
    await dialog.getByRole('button', { name: 'Enviar' }).click();
    await dialog.getByText('Ingrese una dirección de correo electrónico válida').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByLabel('Correo electrónico').fill('ana.perez@example.com');
    await dialog.getByRole('button', { name: 'Enviar' }).click();
    // The confirmation replaces the form, and with it the dialog's title.
    const thanks = page.getByRole('dialog', { name: '¡Gracias!' });
    await thanks.getByText('Recibimos sus datos. Nuestro equipo se comunicará con usted pronto.').waitFor();
    await page.screenshot({ path: screenshotPath('explorer-lead-es.png') });
    await page.close();
  }, 120_000);

  it('hides other states’ prepaid plans, shows English by default and a not-found view', async () => {
    const page = await openSite(`/benefits-explorer/${slug}`, undefined, 'Acme 2027 benefits');
    await page.getByRole('button', { name: /State/ }).click();
    await page.getByRole('option', { name: 'TX', exact: true }).click();
    await page.getByRole('button', { name: 'Show plans' }).click();
    await page.getByRole('article', { name: 'Prepaid Dental TX' }).waitFor();
    expect(await page.getByRole('article', { name: 'Prepaid Dental IL' }).count()).toBe(0);
    // This site shows no plan counts and enables no contact option: plain headings, no support launcher.
    expect(await page.getByRole('heading', { level: 2, name: 'Dental', exact: true }).count()).toBe(1);
    expect(await page.getByTestId('support').count()).toBe(0);
    // The id opens the same site as the slug.
    await page.goto(`${portal.app.url}/benefits-explorer/${DEMO_EXPLORER_PAGE_ID}`);
    await page.getByRole('heading', { level: 1, name: 'Lakeside Manufacturing Co.' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(`${portal.app.url}/benefits-explorer/no-such-site`);
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto(`${portal.app.url}/es/benefits-explorer`);
    await page.getByRole('heading', { level: 1, name: 'Explorador de beneficios' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  }, 60_000);

  it('the support panel opens and closes from the keyboard, Escape returns focus, and the chat is kept', async () => {
    const page = await openSite(`/benefits-explorer/${DEMO_EXPLORER_SLUG}`, { width: 1280, height: 900 });
    const toggle = page.getByRole('button', { name: 'Chat with us' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');

    await tabTo(page, 'Chat with us');
    await page.keyboard.press('Enter');
    const panel = page.locator('#explorer-support-panel');
    await page.locator('#explorer-support-panel[data-state="expanded"]').waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    // The not-live demo site chats with the demo department (platform §9).
    await panel.getByText('Department: Benefits Explorer Demo').waitFor();
    expect(await panel.getAttribute('data-chat')).toBe('ready');
    // The demo site enables every contact option: beside the chat, booking a call and e-mail.
    const options = panel.getByRole('list', { name: 'Ways to reach us' });
    const book = options.getByRole('link', { name: /^Book a call/ });
    expect(await book.getAttribute('href')).toBe(
      'https://calendly.example.com/lakeside-manufacturing/benefits-call',
    );
    expect(await book.getAttribute('target')).toBe('_blank');
    expect(await book.getAttribute('rel')).toContain('noopener');
    await options.getByRole('button', { name: 'Email us' }).waitFor();

    await tabTo(page, /^Send message/);
    await page.keyboard.press('Enter');
    await panel.getByText('Please enter a message').waitFor();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.type('Does the dental plan cover braces?');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await panel.getByText('You: Does the dental plan cover braces?').waitFor();
    const axePanel = await seriousViolations(page);
    await page.screenshot({ path: screenshotPath('explorer-support-panel.png') });
    expect(axePanel).toEqual([]);

    await page.keyboard.press('Escape');
    await page.locator('#explorer-support-panel').waitFor({ state: 'detached' });
    expect(await focusedText(page)).toBe('Chat with us');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');

    // Reopening resumes the same conversation (kept on the server).
    await page.keyboard.press('Enter');
    await panel.getByText('You: Does the dental plan cover braces?').waitFor();
    const { rows } = await portal.app.pool.query<{ text: string; department: string }>(
      `select m.text, c.department from rm_explorer_support_messages m
         join rm_explorer_support_conversations c using (conversation_id)`,
    );
    // Kept sealed with the client's data key: the read model holds no message text in the clear.
    expect(rows).toEqual([{ text: expect.stringMatching(/^sealed:/), department: 'Benefits Explorer Demo' }]);
    expect(rows[0]!.text).not.toContain('braces');

    // 'Email us' opens the lead dialog; its Escape closes the dialog only, and focus comes back.
    await panel.getByRole('button', { name: 'Email us' }).click();
    const lead = page.getByRole('dialog', { name: 'Tell us about yourself' });
    await lead.waitFor();
    await page.keyboard.press('Escape');
    await lead.waitFor({ state: 'detached' });
    await page.waitForFunction(
      () => (document.activeElement as HTMLElement | null)?.innerText.trim() === 'Email us',
    );
    expect(await panel.getAttribute('data-state')).toBe('expanded');
    await page.close();
  }, 60_000);

  it('warns and says the chat is unavailable when it is not ready within 6 seconds', async () => {
    const page = await portal.browser.newPage({});
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    // The chat's start never answers.
    await page.route('**/support/conversations', () => undefined);
    await page.goto(`${portal.app.url}/es/benefits-explorer/${DEMO_EXPLORER_SLUG}`);
    await page.getByRole('button', { name: 'Chatee con nosotros' }).click();
    await page.getByText('Conectando con la ayuda…').first().waitFor();
    await page
      .getByRole('alert')
      .getByText('El chat no está disponible en este momento. Vuelva a intentarlo más tarde.')
      .waitFor({ timeout: 10_000 });
    expect(warnings).toContain('Support chat did not load within 6 s');
    await page.getByRole('button', { name: 'Reintentar' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  }, 60_000);

  it('the floating support launcher never covers the lead banner when scrolled to the page end', async () => {
    type Box = { x: number; y: number; width: number; height: number };
    const overlaps = (a: Box, b: Box) =>
      a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    for (const width of [1280, 390]) {
      const page = await openSite(`/es/benefits-explorer/${DEMO_EXPLORER_SLUG}`, { width, height: 800 });
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.waitForFunction(
        () => Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight,
      );
      // What the visitor sees (not a full-page shot, where fixed elements sit elsewhere).
      await page.screenshot({ path: screenshotPath(`explorer-support-launcher-${width}.png`) });
      const launcher = (await page.getByRole('button', { name: 'Chatee con nosotros' }).boundingBox())!;
      const banner = page.getByRole('complementary', { name: 'Contáctenos' });
      const contact = (await banner.getByRole('button', { name: 'Contáctenos' }).boundingBox())!;
      const text = (await banner.locator('p').boundingBox())!;
      expect(overlaps(launcher, contact), `at ${width} px the launcher covers 'Contáctenos'`).toBe(false);
      expect(overlaps(launcher, text), `at ${width} px the launcher covers the banner's text`).toBe(false);
      await page.close();
    }
  }, 60_000);

  it('e-mails the selected benefits: unsolved, the human check is missing; solved from the keyboard, it sends', async () => {
    const page = await openSite(`/benefits-explorer/${DEMO_EXPLORER_SLUG}`, { width: 1280, height: 1000 });
    await favouriteByKeyboard(page, 'Vision Plus');
    await tabTo(page, /^My benefits plan/);
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/benefits-explorer/${DEMO_EXPLORER_SLUG}/personal-benefits-plan`);
    const form = page.locator('.explorer-email-form');
    await form.waitFor();
    const humanCheck = form.getByRole('checkbox', { name: "I'm not a robot" });
    await humanCheck.waitFor();
    expect(await form.getByRole('checkbox', { name: 'Vision Plus' }).isChecked()).toBe(true);

    await tabTo(page, 'Email');
    await page.keyboard.type('pat.visitor@example.com');
    await tabTo(page, 'Email my benefits');
    await page.keyboard.press('Enter');
    await form.getByText('Recaptcha token is missing').waitFor();
    const axeForm = await seriousViolations(page);
    await fullPageScreenshot(page, 'explorer-email-missing.png');
    expect(axeForm).toEqual([]);

    // The widget solves the server's proof of work in its worker (the page's CSP allows it) when ticked.
    await tabTo(page, "I'm not a robot");
    await page.keyboard.press('Space');
    await form.getByText('Verified').waitFor();
    await tabTo(page, 'Email my benefits');
    await page.keyboard.press('Enter');
    await page
      .getByRole('status')
      .getByText('We sent your selected benefits to pat.visitor@example.com.')
      .waitFor();
    await fullPageScreenshot(page, 'explorer-email-sent.png');
    expect(await seriousViolations(page)).toEqual([]);
    const mail = await eventually(async () => {
      const { rows } = await portal.app.pool.query<{ subject: string; body: string }>(
        `select subject, body from rm_emails where "to" = 'pat.visitor@example.com'`,
      );
      expect(rows).toHaveLength(1);
      return rows[0]!;
    });
    expect(mail.subject).toBe('Your selected benefits: Lakeside Manufacturing Co.');
    expect(mail.body).toContain('- Vision Plus');
    await page.close();
  }, 60_000);

  it('shows the medical video and up to 15 summary documents per benefit type, one per document key', async () => {
    const page = await openSite(
      `/es/benefits-explorer/${videoSlug}`,
      { width: 1280, height: 900 },
      'Harbor 2027 benefits',
    );
    const video = page.getByRole('link', { name: /Vea el video: Choosing a medical plan/ });
    expect(await video.getAttribute('href')).toBe('https://play.vidyard.com/vy-harbor');
    const documents = page.locator('.explorer-documents');
    await documents.getByRole('heading', { name: 'Documentos de los planes de médico' }).waitFor();
    expect(await documents.getByRole('link').allTextContents()).toEqual([
      'PPO summary of benefits',
      'Network guide',
    ]);
    // The client's own logo, served from the page's document path, and no provider logo (hidden).
    const nav = page.getByRole('navigation', { name: 'Explorador de beneficios' });
    const clientLogo = nav.getByRole('img', { name: 'Logotipo de Harbor 2027 benefits' });
    await clientLogo.waitFor();
    await page.waitForFunction(
      () =>
        (document.querySelector('.explorer-client-logo') as HTMLImageElement | null)?.naturalWidth === 180,
    );
    expect(await nav.getByRole('img', { name: 'Logotipo de Onboard' }).count()).toBe(0);
    // E-mail is this site's only contact option: the launcher offers help, and the panel has no chat.
    await page.getByRole('button', { name: 'Obtenga ayuda' }).click();
    const panel = page.locator('#explorer-support-panel[data-state="expanded"]');
    await panel.getByRole('button', { name: 'Escríbanos' }).waitFor();
    expect(await panel.getByRole('link', { name: /Reserve una llamada/ }).count()).toBe(0);
    expect(await panel.getByTestId('support-chat').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Chatee con nosotros' }).count()).toBe(0);
    // The shot once the panel has faded in (its 200 ms transition after the expanding state).
    await page.waitForFunction(
      () => getComputedStyle(document.querySelector('#explorer-support-panel')!).opacity === '1',
    );
    await page.screenshot({ path: screenshotPath('explorer-support-email-only-es.png') });
    await page.keyboard.press('Escape');
    await page.locator('#explorer-support-panel').waitFor({ state: 'detached' });
    const axeDocs = await seriousViolations(page);
    await fullPageScreenshot(page, 'explorer-documents-es.png');
    expect(axeDocs).toEqual([]);
    await page.close();
  }, 60_000);

  it('offers the language dialog the page answer asks for, by keyboard, and gives focus back', async () => {
    const page = await openSite(`/benefits-explorer/${DEMO_EXPLORER_SLUG}`, undefined);
    await tabTo(page, 'Language');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Language' });
    await dialog.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await focusedText(page)).toBe('Language');
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    // The dialog takes focus; Tab reaches the chosen language and the arrow key picks the other one.
    await page.keyboard.press('Tab');
    await dialog
      .getByRole('radio', { name: 'English' })
      .and(page.locator(':focus'))
      .waitFor({ state: 'attached' });
    await page.keyboard.press('ArrowDown');
    await page.waitForURL(`**/es/benefits-explorer/${DEMO_EXPLORER_SLUG}`);
    await page.getByRole('button', { name: 'Idioma' }).waitFor();
    await page.close();
  }, 60_000);

  it('works with the keyboard alone: skip link, prepaid state, compare, favourite, personal plan, lead dialog', async () => {
    const page = await openSite(`/benefits-explorer/${DEMO_EXPLORER_SLUG}`, { width: 1280, height: 900 });
    const focusedId = () => page.evaluate(() => document.activeElement?.id ?? '');

    // The skip link is the first stop, and it moves focus to the main content.
    await page.keyboard.press('Tab');
    expect(await focusedText(page)).toBe('Skip to main content');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.id === 'explorer-main');
    expect(await focusedId()).toBe('explorer-main');

    // The prepaid location: open the picker, walk the list with the arrow keys, choose, show the plans.
    await tabTo(page, /^Choose a state/);
    await page.keyboard.press('Enter');
    const listbox = page.getByRole('listbox');
    await listbox.waitFor();
    for (let i = 0; i < 60 && (await focusedText(page)) !== 'IL'; i += 1)
      await page.keyboard.press('ArrowDown');
    expect(await focusedText(page)).toBe('IL');
    await page.keyboard.press('Enter');
    await listbox.waitFor({ state: 'detached' });
    // The picker hands focus back to its button once the popover has gone, a frame later.
    await page
      .waitForFunction(
        () => /^IL/.test((document.activeElement as HTMLElement | null)?.innerText ?? ''),
        null,
        {
          timeout: 5_000,
        },
      )
      .catch(() => undefined);
    expect(await focusedText(page)).toMatch(/^IL/);
    await tabTo(page, 'Show plans');
    await page.keyboard.press('Enter');
    await page.getByText('Showing plans for IL').waitFor();
    await page.getByRole('article', { name: 'Prepaid Dental Illinois' }).waitFor();

    // Tick two dental plans with Space and open their comparison with Enter.
    await tabTo(page, /Select Dental PPO High to compare$/);
    await page.keyboard.press('Space');
    await tabTo(page, /Select Prepaid Dental Illinois to compare$/);
    await page.keyboard.press('Space');
    await tabTo(page, 'Compare selected plans (2)');
    await page.keyboard.press('Enter');
    const table = page.getByRole('table', { name: 'Compare Dental plans' });
    await table.waitFor();
    expect(await table.getByRole('columnheader').allTextContents()).toEqual([
      'Feature',
      'Dental PPO High',
      'Prepaid Dental Illinois',
    ]);

    // A favourite, with Space on its toggle button.
    await favouriteByKeyboard(page, 'Vision Plus');
    expect(await page.getByTestId('favourite-count').textContent()).toBe('1');

    // The personal plan page, from the navigation's link.
    await tabTo(page, /^My benefits plan/);
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/benefits-explorer/${DEMO_EXPLORER_SLUG}/personal-benefits-plan`);
    await page.getByRole('heading', { level: 1, name: 'My benefits plan' }).waitFor();
    await page.getByRole('article', { name: 'Vision Plus' }).waitFor();

    // The lead dialog opens with Enter, takes focus, and Escape closes it and gives focus back.
    await tabTo(page, 'Contact us');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Tell us about yourself' });
    await dialog.waitFor();
    expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // The modal hands focus back to its opener once it has gone.
    await page.waitForFunction(
      () => (document.activeElement as HTMLElement | null)?.innerText.trim() === 'Contact us',
    );
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  }, 90_000);

  it('hides the whole navigation in maintenance mode and before the site starts, and says why', async () => {
    const site = (name: string, vanitySlug: string, extra: Record<string, unknown>) =>
      staff.post('/api/clients/lakeside-manufacturing/explorer-pages', {
        name,
        language: 'en',
        planYear: '2099',
        employerState: 'IL',
        policies: ['445566'],
        medicalVideo: 'NO_VIDEO',
        vanitySlug,
        benefits: [MEDICAL_PLAN],
        ...extra,
      });
    expect((await site('Closed for now', 'closed-for-now', { maintenanceMode: true })).status).toBe(201);
    const future = await site('Opens later', 'opens-later', {
      startsAt: '2099-01-01T00:00:00.000Z',
      expiresAt: '2100-01-01T00:00:00.000Z',
    });
    expect(future.status).toBe(201);
    for (const key of ['closed-for-now', 'opens-later']) {
      await eventually(async () =>
        expect((await apiClient(portal.app.url).get(`/api/explorer-pages/${key}`)).status).toBe(200),
      );
    }
    const page = await portal.browser.newPage({ viewport: { width: 1280, height: 900 } });
    /** No navigation, no logo, no language link, no banners, no lead or support: only the message. */
    const expectNoNavigation = async () => {
      expect(await page.getByRole('navigation').count()).toBe(0);
      expect(await page.locator('header, .explorer-logo, .explorer-provider-logo').count()).toBe(0);
      expect(
        await page.getByRole('link', { name: /English|Español|benefits plan|plan de beneficios/ }).count(),
      ).toBe(0);
      expect(await page.getByRole('button').count()).toBe(0);
      expect(await page.getByRole('radio').count()).toBe(0);
      expect(await page.getByRole('article').count()).toBe(0);
      expect(await page.getByRole('main').count()).toBe(1);
    };

    await page.goto(`${portal.app.url}/benefits-explorer/closed-for-now`);
    await page.getByRole('heading', { level: 1, name: 'This site is down for maintenance' }).waitFor();
    await page.getByText('We are updating this benefits site. Please come back later.').waitFor();
    await expectNoNavigation();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath('explorer-maintenance.png') });
    await page.goto(`${portal.app.url}/es/benefits-explorer/closed-for-now`);
    await page.getByRole('heading', { level: 1, name: 'Este sitio está en mantenimiento' }).waitFor();
    await expectNoNavigation();

    await page.goto(`${portal.app.url}/benefits-explorer/opens-later`);
    await page.getByRole('heading', { level: 1, name: 'This site is not open yet' }).waitFor();
    await page.getByText('Your benefits site opens on January 1, 2099. Please come back then.').waitFor();
    await expectNoNavigation();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto(`${portal.app.url}/es/benefits-explorer/opens-later/personal-benefits-plan`);
    await page.getByRole('heading', { level: 1, name: 'Este sitio todavía no está abierto' }).waitFor();
    await page.getByText('Su sitio de beneficios abre el 1 de enero de 2099. Vuelva ese día.').waitFor();
    await expectNoNavigation();
    await page.close();
  }, 60_000);

  it('on the public Explorer host the site lives at the root and nothing else is served', async () => {
    const publicApp = await startApp(
      embeddedTestConfig(await seededDatabase('e2e_explorer_public_host'), { explorerPublicHosts: ['*'] }),
    );
    try {
      await eventually(async () => {
        expect((await apiClient(publicApp.url).get(`/api/explorer-pages/${DEMO_EXPLORER_SLUG}`)).status).toBe(
          200,
        );
      });
      const page = await openSite(
        `/es/${DEMO_EXPLORER_SLUG}`,
        undefined,
        'Lakeside Manufacturing Co.',
        publicApp.url,
      );
      // On the public host the title names the site, in the visitor's language.
      await page.waitForFunction(
        () => document.title === 'Lakeside Manufacturing Co. · Explorador de beneficios',
      );
      const personal = page.getByRole('link', { name: /Mi plan de beneficios/ });
      expect(await personal.getAttribute('href')).toBe(`/es/${DEMO_EXPLORER_SLUG}/personal-benefits-plan`);
      await personal.click();
      await page.getByRole('heading', { level: 1, name: 'Mi plan de beneficios' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: screenshotPath('explorer-public-host.png') });
      const staffPages = await page.goto(`${publicApp.url}/clients/admin`);
      expect(staffPages?.status()).toBe(404);
      await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
      await page.close();
    } finally {
      await publicApp.stop();
    }
  }, 90_000);
});
