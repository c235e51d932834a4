import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startApp, type RunningApp } from '../platform/src/app.ts';
import { embeddedTestConfig } from '../platform/src/config.ts';
import { DEMO_EXPLORER_PAGE_ID, DEMO_EXPLORER_SLUG, DEMO_USERS } from '../platform/src/seed.ts';
import { apiClient, eventually } from '../platform/src/testing/http-client.ts';
import { browserAvailability, skipUnless } from '../testing/backends.ts';
import { freshDatabase } from '../testing/db.ts';
import { ensureWebBuilt, launchBrowser, screenshotPath } from './browser.ts';

const skip = skipUnless('browser', browserAvailability());
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type AxeViolation = { id: string; impact: string | null; nodes: { target: unknown }[] };

/** axe-core in the page (the pages bypass the CSP for it); only serious and critical violations fail. */
async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: () => Promise<{ violations: AxeViolation[] }> } }).axe;
    return (await axe.run()).violations;
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

const dhmo = (id: string, state: string) => ({
  id,
  carrierId: 1,
  benefitType: 'DENTAL',
  planType: 'DHMO',
  planName: `Prepaid Dental ${state}`,
  benefitLevel: 'LOW_HIGH',
  prepaidSitusState: state,
  prepaidDentalNetwork: 'DHMO_SERIES',
  dentalYearType: 'PLAN',
  dentalPreventiveCoinsuranceInNetwork: 100,
  dentalPreventiveCoinsuranceOutOfNetwork: 0,
  dentalBasicCoinsuranceInNetwork: 90,
  dentalBasicCoinsuranceOutOfNetwork: 0,
  dentalMajorCoinsuranceInNetwork: 60,
  dentalMajorCoinsuranceOutOfNetwork: 0,
});

describe.skipIf(skip)('the public Benefits Explorer in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  const slug = 'acme-explorer';

  beforeAll(async () => {
    ensureWebBuilt();
    app = await startApp(embeddedTestConfig(await freshDatabase('e2e_explorer')));
    browser = await launchBrowser();
    // A second site made through the staff API: a Texas prepaid plan beside the seeded ones.
    const staff = apiClient(app.url);
    await staff.signIn(DEMO_USERS.find((u) => u.role === 'SLF_ADMIN')!.email, app.config.demoPassword);
    const created = await staff.post('/api/clients/lakeside-manufacturing/explorer-pages', {
      name: 'Acme 2027 benefits',
      language: 'en',
      planYear: '2027',
      employerState: 'TX',
      policies: ['123456'],
      medicalVideo: 'NO_VIDEO',
      vanitySlug: slug,
      benefits: [dhmo('dhmo-tx', 'TX'), dhmo('dhmo-il', 'IL')],
    });
    expect(created.status).toBe(201);
    await eventually(async () => {
      const answer = await apiClient(app.url).get(`/api/explorer-pages/${slug}`);
      expect(answer.status).toBe(200);
    });
    await eventually(async () => {
      expect((await apiClient(app.url).get(`/api/explorer-pages/${DEMO_EXPLORER_SLUG}`)).status).toBe(200);
    });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('a visitor browses in Spanish, filters by state, compares, keeps favourites and sends the lead form', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    await page.goto(`${app.url}/es/benefits-explorer/${DEMO_EXPLORER_SLUG}`);
    await page.getByRole('heading', { level: 1, name: 'Lakeside Manufacturing Co.' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
    await page.getByRole('link', { name: 'Saltar al contenido principal' }).waitFor({ state: 'attached' });
    expect(await page.getByRole('main').count()).toBe(1);
    expect(await page.getByRole('navigation', { name: 'Explorador de beneficios' }).count()).toBe(1);
    // The seeded site is not live: the demo banner with its three switches.
    await page.getByRole('radio', { name: 'Durante la inscripción' }).waitFor({ state: 'attached' });
    const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
    expect(headings.map((h) => h.split(' (')[0])).toEqual(['Su ubicación', 'Dental', 'Visión', 'Médico']);

    // No prepaid plan before a state is chosen; a blank choice gets the spec's message (in Spanish).
    expect(await page.getByRole('article', { name: 'Prepaid Dental Illinois' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Mostrar planes' }).click();
    await page.getByText('El estado es obligatorio').waitFor();
    await page.getByRole('button', { name: /Estado/ }).click();
    await page.getByRole('option', { name: 'IL', exact: true }).click();
    await page.getByRole('button', { name: 'Mostrar planes' }).click();
    await page.getByText('Planes para IL').waitFor();
    await page.getByRole('article', { name: 'Prepaid Dental Illinois' }).waitFor();

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
    await favouriteDental.click();
    expect(await favouriteDental.getAttribute('aria-pressed')).toBe('true');
    await page.locator('.explorer-favourite-count--bump').waitFor();
    await page.getByRole('button', { name: 'Favorito Vision Plus' }).click();
    expect(await count.textContent()).toBe('2');
    await page.waitForFunction(() => !document.querySelector('.explorer-favourite-count--bump'), null, {
      timeout: 2000,
    });
    const axeSite = await seriousViolations(page);
    await page.screenshot({ path: screenshotPath('explorer-site-es.png'), fullPage: true });
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
    const page = await browser.newPage({ bypassCSP: true });
    await page.goto(`${app.url}/benefits-explorer/${slug}`);
    await page.getByRole('heading', { level: 1, name: 'Acme 2027 benefits' }).waitFor();
    await page.getByRole('button', { name: /State/ }).click();
    await page.getByRole('option', { name: 'TX', exact: true }).click();
    await page.getByRole('button', { name: 'Show plans' }).click();
    await page.getByRole('article', { name: 'Prepaid Dental TX' }).waitFor();
    expect(await page.getByRole('article', { name: 'Prepaid Dental IL' }).count()).toBe(0);
    // The id opens the same site as the slug.
    await page.goto(`${app.url}/benefits-explorer/${DEMO_EXPLORER_PAGE_ID}`);
    await page.getByRole('heading', { level: 1, name: 'Lakeside Manufacturing Co.' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(`${app.url}/benefits-explorer/no-such-site`);
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto(`${app.url}/es/benefits-explorer`);
    await page.getByRole('heading', { level: 1, name: 'Explorador de beneficios' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  }, 60_000);
});
