import { afterAll, beforeAll } from 'vitest';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { startApp, type RunningApp } from '@onboard/platform/app';
import { embeddedTestConfig, type AppConfig } from '@onboard/platform/config';
import { DEMO_USERS } from '@onboard/platform/seed';
import { browserAvailability, skipUnless } from '@onboard/testing/backends';
import { seededDatabase } from '@onboard/testing/db';
import {
  authenticator,
  ensureWebBuilt,
  launchBrowser,
  signInThroughUi,
  type Authenticator,
} from '../browser.ts';

/** Whether this machine lacks the browser the suites drive (they report themselves skipped, with the reason). */
export const noBrowser = skipUnless('browser', browserAvailability());

/** The seeded demo user of a role (platform/src/seed.ts). */
export const demoUser = (role: (typeof DEMO_USERS)[number]['role']) =>
  DEMO_USERS.find((u) => u.role === role)!;

/** The seeded demo users the browser tests sign in as, by the part each plays. */
export const admin = demoUser('SLF_ADMIN');
export const benAdmin = demoUser('BEN_ADMIN');
export const broker = demoUser('BROKER');
export const owner = demoUser('SLF_OWNER');

/** The portal one browser-test file drives: its own app on a seeded database, and the run's browser. */
export type Portal = {
  readonly app: RunningApp;
  readonly browser: Browser;
  /** The authenticator app of the file's users (their TOTP secrets, read as they enrol). */
  readonly auth: Authenticator;
  /**
   * A page of its own, opened at `path` (the sign-in page when none), signed in there as `email` with the
   * demo password, and left where the sign-in leads.
   */
  signIn(
    email: string,
    options?: { path?: string; viewport?: { width: number; height: number } },
  ): Promise<Page>;
  /**
   * A page of its own (1280 px wide unless `options` say otherwise) that asks for `path`, is sent to the
   * sign-in page, signs in there as `email` with the demo password, and is led back to `path`.
   */
  signInAt(email: string, path: string, options?: BrowserContextOptions): Promise<Page>;
  /** Signs `page` in as `email` with the demo password on the sign-in page, and leaves it where that leads. */
  signInOn(page: Page, email: string): Promise<void>;
  /**
   * A page in a browser context of its own (1280 × 900 unless `options` say otherwise), not signed in;
   * closing it closes its context.
   */
  openPage(options?: BrowserContextOptions): Promise<Page>;
};

const DESKTOP = { width: 1280, height: 900 };

/**
 * Starts the portal before the enclosing suite's tests and stops it after: call it inside the `describe`
 * so a skipped suite starts nothing. `configure` changes the embedded test configuration (an SMTP server,
 * a setting) before the app starts.
 */
export function portalUnderTest(
  database: string,
  configure: (config: AppConfig) => AppConfig | Promise<AppConfig> = (config) => config,
): Portal {
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  const auth = authenticator();
  const started = <T>(value: T | undefined, what: string): T => {
    if (!value) throw new Error(`the portal's ${what} is used before the suite started it`);
    return value;
  };

  beforeAll(async () => {
    ensureWebBuilt();
    app = await startApp(await configure(embeddedTestConfig(await seededDatabase(database))));
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const openPage = (options: BrowserContextOptions = {}) =>
    started(browser, 'browser').newPage({ viewport: DESKTOP, ...options });
  const signInOn = async (page: Page, email: string, path = '/login') => {
    const running = started(app, 'app');
    await page.goto(running.url + path);
    await signInThroughUi(page, email, running.config.demoPassword, auth);
  };

  return {
    get app() {
      return started(app, 'app');
    },
    get browser() {
      return started(browser, 'browser');
    },
    auth,
    async signIn(email, { path = '/login', viewport = DESKTOP } = {}) {
      const page = await openPage({ viewport });
      await signInOn(page, email, path);
      return page;
    },
    signInOn: (page, email) => signInOn(page, email),
    openPage,
    async signInAt(email, path, options = {}) {
      const running = started(app, 'app');
      const page = await openPage(options);
      await page.goto(running.url + path);
      await page.waitForURL(/\/login\?redirect=/);
      await signInThroughUi(page, email, running.config.demoPassword, auth);
      const back = new URL(path, running.url).pathname;
      await page.waitForURL((url) => url.pathname === back);
      return page;
    },
  };
}
