import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { DEMO_CLIENT_ID, DEMO_EXPLORER_SLUG } from '@onboard/platform/seed';
import { expectNoSeriousAxeViolations, expectNoSidewaysScroll, PHONE, openHub } from './browser.ts';
import { admin, benAdmin, broker, noBrowser, portalUnderTest } from './testing/portal.ts';

const TASK = `/client/${DEMO_CLIENT_ID}/task/eif-submit-company-information`;

const MANAGE = `/clients/admin/${DEMO_CLIENT_ID}/manage`;
const HUB = `/client/${DEMO_CLIENT_ID}`;

/**
 * axe-core on the portal's pages as the people who use them see them (staff, a broker, a benefits
 * administrator, an anonymous visitor), on a wide screen and on a phone (390 px, touch): no serious or
 * critical violation anywhere, and on the phone no page wider than the screen.
 */
describe.skipIf(noBrowser).each([
  { screen: 'at 1280 px', phone: false },
  { screen: 'on a phone', phone: true },
])('accessibility of the portal pages (axe) $screen', ({ phone }) => {
  const portal = portalUnderTest('e2e_accessibility');

  beforeAll(async () => {}, 120_000);

  /** A fresh page with the app's own Content-Security-Policy, at 1280 px or as a phone. */
  const newPage = async () =>
    (await portal.browser.newContext(phone ? PHONE : { viewport: { width: 1280, height: 900 } })).newPage();

  /** axe on the page once its loading skeletons have given way to the content; on a phone, no sideways scroll. */
  async function check(page: Page) {
    await page.locator('.skeleton').first().waitFor({ state: 'detached' });
    await expectNoSeriousAxeViolations(page);
    if (phone) await expectNoSidewaysScroll(page);
  }

  /** Opens `path`, waits for what shows it loaded, and checks it. */
  async function checkAt(page: Page, path: string, loaded: (page: Page) => Locator) {
    await page.goto(`${portal.app.url}${path}`);
    await loaded(page).waitFor();
    await check(page);
  }

  async function signIn(page: Page, email: string) {
    await portal.signInOn(page, email);
  }

  it('sign-in, forgot password and the public Explorer site', async () => {
    const page = await newPage();
    await checkAt(page, '/login', (p) => p.getByRole('heading', { name: 'Sign in to Onboard' }));
    await checkAt(page, '/forgot', (p) => p.getByRole('button').first());
    await checkAt(page, `/benefits-explorer/${DEMO_EXPLORER_SLUG}`, (p) =>
      p.getByRole('article', { name: 'Lakeside PPO 1500' }),
    );
    await checkAt(page, '/no-such-page', (p) => p.getByRole('heading', { level: 1 }));
    await page.context().close();
  }, 90_000);

  it('staff: client list, client manage, users, hub, a task and an EIF sub-step', async () => {
    const page = await newPage();
    await signIn(page, admin.email);
    await page.goto(`${portal.app.url}/clients/admin`);
    await page.getByRole('button', { name: 'New client' }).waitFor();
    await page.getByText('Lakeside Manufacturing').first().waitFor();
    await check(page);

    await page.goto(`${portal.app.url}/clients/admin/${DEMO_CLIENT_ID}/manage`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.getByText('Lakeside Manufacturing').first().waitFor();
    await check(page);

    await checkAt(page, '/users/internal', (p) => p.getByRole('table').or(p.getByRole('grid')).first());

    await openHub(page, portal.app.url, DEMO_CLIENT_ID);
    await check(page);

    await page.goto(`${portal.app.url}${TASK}`);
    await page
      .getByTestId('task-status')
      .or(page.getByRole('heading', { level: 1 }))
      .first()
      .waitFor();
    await check(page);

    await checkAt(page, `${TASK}/step/company-information/tax-id`, (p) =>
      p.getByLabel('Federal Tax ID (EIN)'),
    );
    await page.context().close();
  }, 120_000);

  it("staff's other pages: people, sites, toggles, support, platforms, e-mails, review, history, documents, resources, a summary, review & submit", async () => {
    const page = await newPage();
    await signIn(page, admin.email);
    for (const path of [
      '/brokers/admin/',
      '/ben-admins/admin/',
      '/explorer-sites/admin',
      '/feature-toggles/admin',
      '/support/admin',
      '/ben-admin-platforms/admin',
      '/emails',
      '/email-templates/admin',
      '/analytics/admin',
      '/error-reports/admin',
      `${MANAGE}/review`,
      `${MANAGE}/eif-history`,
      `${MANAGE}/email-rules`,
      `${HUB}/documents`,
      `${HUB}/resources-listing`,
      `${HUB}/emails`,
      `${TASK}/summary`,
      `${TASK}/step/review-&-submit`,
    ]) {
      await page.goto(`${portal.app.url}${path}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      // The page itself, not the not-found or error page in its place.
      const heading = await page.getByRole('heading', { level: 1 }).first().textContent();
      expect(heading, path).not.toMatch(/does not exist|not available|went wrong/i);
      await check(page);
    }
    await page.context().close();
  }, 180_000);

  it('a broker and a benefits administrator: their client list, the hub and an EIF sub-step', async () => {
    for (const [user, home] of [
      [broker, '/clients'],
      [benAdmin, '/clients/ben-admin'],
    ] as const) {
      const page = await newPage();
      await signIn(page, user.email);
      await checkAt(page, home, (p) => p.getByText('Lakeside Manufacturing').first());
      await openHub(page, portal.app.url, DEMO_CLIENT_ID);
      await check(page);
      await checkAt(page, `${TASK}/step/company-information/tax-id`, (p) =>
        p.getByLabel('Federal Tax ID (EIN)'),
      );
      await page.context().close();
    }
  }, 120_000);
});
