import { subDays } from 'date-fns';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_CLIENT_ID, DEMO_USERS } from '@onboard/platform/seed';
import { apiClient, eventually } from '@onboard/platform/testing/http-client';
import { GENERAL_MESSAGES } from '@onboard/domain';
import { MESSAGES, translateRuleMessage } from '@onboard/web/explorer/i18n';
import { authenticator, fullPageScreenshot, screenshotPath, signInThroughUi } from './browser.ts';
import { choose, fillAll, seriousViolations, startPlan } from './explorer-helpers.ts';
import { noBrowser, portalUnderTest } from './testing/portal.ts';

/**
 * The "Done when" as one journey: staff build a site in the browser, then an anonymous visitor,
 * in a browser context of their own, uses it by its vanity slug in Spanish.
 */
const es = MESSAGES.es;

const savePlan = (page: Page) => page.getByRole('button', { name: 'Add plan' }).click();

async function addDentalPlan(
  page: Page,
  plan: { name: string; planType: string; network: string; situs?: string; coinsurance: string },
) {
  await startPlan(page, { type: 'Dental', carrier: '1', name: plan.name, planType: plan.planType });
  if (plan.situs) await choose(page, 'Prepaid situs state', plan.situs);
  await choose(page, 'Dental network', plan.network);
  await choose(page, 'Dental year type', 'Plan');
  // A DHMO asks only the in-network coinsurance.
  for (const input of await page.getByLabel(/coinsurance %/).all()) await input.fill(plan.coinsurance);
  await savePlan(page);
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

describe.skipIf(noBrowser)('the Benefits Explorer journey: staff build a site, a visitor uses it', () => {
  const slug = 'harborview-benefits';
  const siteName = 'Harborview 2027 benefits';

  const portal = portalUnderTest('e2e_explorer_journey');

  it('staff create a site in the browser; a visitor opens it by slug in Spanish, compares, keeps favourites and sends the lead form', async () => {
    // ---- Staff, signed in, build the site in the browser -------------------------------------------
    const admin = DEMO_USERS.find((u) => u.email === 'admin@onboard.example')!;
    const staffContext = await portal.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const staff = await staffContext.newPage();
    await staff.goto(`${portal.app.url}/clients/admin/${DEMO_CLIENT_ID}/manage`);
    await staff.waitForURL(/\/login/);
    await signInThroughUi(staff, admin.email, portal.app.config.demoPassword, authenticator());
    await staff.getByRole('heading', { name: 'Benefits Explorer sites' }).waitFor();
    await staff.getByRole('link', { name: 'New site' }).click();
    await staff.getByRole('heading', { name: 'New Benefits Explorer site' }).waitFor();

    // Live since yesterday: the public page shows a site only from its start.
    const yesterday = subDays(new Date(), 1);
    await fillAll(staff, {
      'Site name': siteName,
      'Plan year': '2027',
      Policies: '445566',
      'Vanity URL': slug,
      'Start date': isoDay(yesterday),
      'End date': '2099-12-31',
    });
    await choose(staff, 'Employer state', 'TX');

    await startPlan(staff, { type: 'Medical', carrier: '7', name: 'Harbor PPO 2000', planType: 'PPO' });
    await fillAll(staff, { 'Underwriter/Administrator': 'Great Lakes Health Co.' });
    await choose(staff, 'Premium tier', '$$');
    for (const input of await staff.getByLabel(/^(Deductible|Out-of-pocket max), /).all())
      await input.fill('2000');
    await choose(staff, 'Out-of-network benefits', 'Yes');
    await choose(staff, 'PCP coordination required', 'No');
    await choose(staff, 'PCP referral for specialty care', 'No');
    await savePlan(staff);

    await addDentalPlan(staff, {
      name: 'Dental PPO Plus',
      planType: 'PPO',
      network: 'Provider dental network PPO (47)',
      coinsurance: '80',
    });
    // A carrier-1 DHMO needs its prepaid situs state and a dental network (explorer §5).
    await startPlan(staff, { type: 'Dental', carrier: '1', name: 'Prepaid Dental Texas', planType: 'DHMO' });
    await choose(staff, 'Dental year type', 'Plan');
    for (const input of await staff.getByLabel(/coinsurance %/).all()) await input.fill('90');
    await savePlan(staff);
    await staff.getByText('State is required').waitFor();
    await staff.getByText('Dental network is required.').waitFor();
    await choose(staff, 'Prepaid situs state', 'TX');
    await choose(staff, 'Dental network', 'DHMO dental series (29)');
    await savePlan(staff);
    await addDentalPlan(staff, {
      name: 'Prepaid Dental Florida',
      planType: 'DHMO',
      situs: 'FL',
      network: 'Prepaid dental series, Florida only (29)',
      coinsurance: '70',
    });

    await startPlan(staff, { type: 'Vision', carrier: '1', name: 'Vision Plus', planType: 'Voluntary' });
    for (const input of await staff.getByLabel(/^(Exam|Lenses|Frames|Contact lenses), /).all())
      await input.fill('150');
    await savePlan(staff);
    expect(await staff.getByTestId('plan-row').allInnerTexts()).toHaveLength(5);
    await fullPageScreenshot(staff, 'explorer-journey-create.png');

    await staff.getByRole('button', { name: 'Create site' }).click();
    await staff.getByTestId('site-saved').waitFor();
    await staff.getByRole('heading', { name: `Edit ${siteName}` }).waitFor();
    expect(await staff.getByLabel('Vanity URL').inputValue()).toBe(slug);
    expect(await staff.getByTestId('plan-row').count()).toBe(5);
    await fullPageScreenshot(staff, 'explorer-journey-edit.png');
    await staffContext.close();

    // The public read model has the site once its projection caught up.
    await eventually(async () => {
      const answer = await apiClient(portal.app.url).get(`/api/explorer-pages/${slug}`);
      expect(answer.status).toBe(200);
      expect((answer.body as { isLive: boolean }).isLive).toBe(true);
    });

    // ---- An anonymous visitor, in a fresh browser context, by the vanity slug in Spanish ------------
    const visitorContext = await portal.browser.newContext({
      viewport: { width: 1280, height: 900 },
    });
    const page = await visitorContext.newPage();
    await page.goto(`${portal.app.url}/es/benefits-explorer/${slug}`);
    await page.getByRole('heading', { level: 1, name: siteName }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
    expect(await page.getByRole('navigation', { name: es.siteNavigation }).count()).toBe(1);
    // A live site: no demo banner.
    expect(await page.getByRole('radio', { name: es.active }).count()).toBe(0);

    // Prepaid plans wait for the visitor's state; Texas shows its DHMO and hides Florida's.
    expect(await page.getByRole('article', { name: 'Prepaid Dental Texas' }).count()).toBe(0);
    await page.getByRole('button', { name: new RegExp(es.state) }).click();
    await page.getByRole('option', { name: 'TX', exact: true }).click();
    await page.getByRole('button', { name: es.showPlans }).click();
    await page.getByText(es.chosenState('TX')).waitFor();
    await page.getByRole('article', { name: 'Prepaid Dental Texas' }).waitFor();
    expect(await page.getByRole('article', { name: 'Prepaid Dental Florida' }).count()).toBe(0);
    await page.getByRole('article', { name: 'Dental PPO Plus' }).waitFor();
    await page.getByRole('article', { name: 'Harbor PPO 2000' }).waitFor();
    await page.getByRole('article', { name: 'Vision Plus' }).waitFor();

    // Compare the two dental plans (dental comparison opened 2024-05-30).
    await page.getByText(es.select('Dental PPO Plus')).click();
    await page.getByText(es.select('Prepaid Dental Texas')).click();
    await page.getByRole('button', { name: es.compare(2) }).click();
    const table = page.getByRole('table', { name: es.comparisonTitle('Dental') });
    await table.waitFor();
    const basic = table.getByRole('row', { name: new RegExp(`${es.basic}.*${es.inNetwork}`) });
    expect(await basic.getByRole('cell').allTextContents()).toEqual(['80%', '90%']);

    // Favourites, counted in the navigation.
    const count = page.getByTestId('favourite-count');
    expect(await count.textContent()).toBe('0');
    await page.getByRole('button', { name: `${es.favourite} Prepaid Dental Texas` }).click();
    await page.getByRole('button', { name: `${es.favourite} Vision Plus` }).click();
    await page
      .getByTestId('favourite-count')
      .and(page.getByText('2', { exact: true }))
      .waitFor();
    const axeSite = await seriousViolations(page);
    await fullPageScreenshot(page, 'explorer-journey-site-es.png');
    expect(axeSite).toEqual([]);

    // The personal benefits plan lists exactly the favourites.
    await page.getByRole('link', { name: new RegExp(es.myPlan) }).click();
    await page.waitForURL(`**/es/benefits-explorer/${slug}/personal-benefits-plan`);
    await page.getByRole('heading', { level: 1, name: es.personalTitle }).waitFor();
    await page.getByRole('article', { name: 'Prepaid Dental Texas' }).waitFor();
    await page.getByRole('article', { name: 'Vision Plus' }).waitFor();
    expect(await page.getByRole('article').count()).toBe(2);
    const axePersonal = await seriousViolations(page);
    await fullPageScreenshot(page, 'explorer-journey-personal-es.png');
    expect(axePersonal).toEqual([]);

    // The lead form: a bad e-mail gets the spec's message in Spanish, a good one the confirmation.
    await page.getByRole('button', { name: es.leadOpen }).click();
    const dialog = page.getByRole('dialog', { name: es.leadTitle });
    await dialog.waitFor();
    await dialog.getByLabel(es.email).fill('ana..perez@example');
    await dialog.getByLabel(es.firstName, { exact: true }).fill('Ana');
    await dialog.getByLabel(es.lastName).fill('Pérez');
    await dialog.getByLabel(es.city).fill('Houston');
    await dialog.getByRole('button', { name: new RegExp(es.state) }).click();
    await page.getByRole('option', { name: 'TX', exact: true }).click();
    await dialog.getByLabel(es.phone).fill('555-0100');
    await dialog.getByText(es.employer, { exact: true }).click();
    await dialog.getByLabel(es.employerName).fill('Harborview');
    await dialog.getByRole('button', { name: es.send }).click();
    await dialog.getByText(translateRuleMessage(GENERAL_MESSAGES.emailInvalid, 'es')).waitFor();
    const axeLead = await seriousViolations(page);
    expect(axeLead).toEqual([]);

    await dialog.getByLabel(es.email).fill('ana.perez@example.com');
    const sent = page.waitForResponse((r) => r.url().endsWith('/api/explorer-pages/lead-generation/send'));
    await dialog.getByRole('button', { name: es.send }).click();
    const answer = await sent;
    expect(answer.status()).toBe(201);
    expect(answer.request().postDataJSON()).toMatchObject({
      email: 'ana.perez@example.com',
      firstName: 'Ana',
      state: 'TX',
      externalUser: 'employer',
      employerName: 'Harborview',
    });
    const thanks = page.getByRole('dialog', { name: es.leadThanksTitle });
    await thanks.getByText(es.leadThanks).waitFor();
    const axeThanks = await seriousViolations(page);
    await page.screenshot({ path: screenshotPath('explorer-journey-lead-es.png') });
    expect(axeThanks).toEqual([]);
    await visitorContext.close();
  }, 240_000);
});
