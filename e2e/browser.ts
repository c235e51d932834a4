import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { generate } from 'otplib';
import { chromium, type Browser, type Download, type Locator, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { CHROMIUM_LAUNCH_OPTIONS } from './browser-server.ts';

export { ensureWebBuilt } from './browser-server.ts';

/** A phone's browser, as the phone tests present themselves (with a 390 × 844 viewport and touch). */
const PHONE_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

/** A browser context as a phone: 390 × 844 px, touch, a phone's user agent. */
export const PHONE = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  userAgent: PHONE_AGENT,
};

/** Fails when the page is wider than its window: a phone would have to scroll it sideways. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    screen: window.screen.width,
  }));
  expect(widths.page, `the width of ${page.url()}`).toBeLessThanOrEqual(widths.screen);
}

/**
 * The run's Chromium (e2e/global-setup.ts launches one for every e2e file), connected to: the file's pages
 * get browser contexts of their own, and closing it closes them and disconnects. Without the global setup
 * (a file run on its own by other means) a Chromium of its own.
 */
export async function launchBrowser(): Promise<Browser> {
  const wsEndpoint = inject('browserWsEndpoint');
  return waitingForTheApp(
    await (wsEndpoint ? chromium.connect(wsEndpoint) : chromium.launch(CHROMIUM_LAUNCH_OPTIONS)),
  );
}

/** Each page's own `goto`, which returns once the page has loaded, whether the app has taken it over or not. */
const loadOnly = new WeakMap<Page, Page['goto']>();

/**
 * The browser with every page's `goto` and `reload` returning once the app has taken the page over, as a
 * person sees it react: a page served with its markup takes no input until then (`inert`), so a test that
 * typed or clicked at once would lose it. A page without the app (an Explorer page, a file) returns as
 * soon as it has loaded.
 */
function waitingForTheApp(browser: Browser): Browser {
  const patched = new WeakSet<Page>();
  const patch = (page: Page) => {
    if (patched.has(page)) return page;
    patched.add(page);
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    const taken = () => page.locator('div.app[inert]').waitFor({ state: 'detached' });
    loadOnly.set(page, goto);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await taken();
      return response;
    };
    page.reload = async (options) => {
      const response = await reload(options);
      await taken();
      return response;
    };
    return page;
  };
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.on('page', patch);
    const newPage = context.newPage.bind(context);
    context.newPage = async () => patch(await newPage());
    return context;
  };
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (options) => patch(await newPage(options));
  return browser;
}

/** Opens `url` as served, not waiting for the app: for a page whose scripts a test keeps from loading. */
export async function openAsServed(page: Page, url: string): Promise<void> {
  await (loadOnly.get(page) ?? page.goto.bind(page))(url);
}

const ROOT = resolve(import.meta.dirname, '..');

/** A download's bytes, read through the browser's connection (the run's browser server keeps the file). */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The authenticator app of the tests: each user's TOTP secret, read from the enrolment screen. */
export type Authenticator = {
  secrets: Map<string, string>;
  /** A code the server will take: of a step not yet used by this user, claimed here as it is handed out. */
  codeFor(email: string): Promise<string>;
  /** A code the server refuses: none of the codes of the steps around now, and no step claimed for it. */
  wrongCodeFor(email: string): Promise<string>;
};

export function authenticator(): Authenticator {
  const secrets = new Map<string, string>();
  const secretOf = (email: string) => {
    const secret = secrets.get(email);
    if (!secret) throw new Error(`No authenticator enrolled for ${email}`);
    return secret;
  };
  // The server takes a code once per 30-second step and user (RFC 6238 §5.2), and a step either side of its
  // own. A user signing in again within a step uses the next step, or waits for a step not used yet; never
  // the previous step, which a slow page may carry past the server's window as the step turns.
  const usedSteps = new Map<string, Set<number>>();
  return {
    secrets,
    codeFor: async (email) => {
      const secret = secretOf(email);
      const used = usedSteps.get(email) ?? new Set<number>();
      usedSteps.set(email, used);
      for (;;) {
        const step = Math.floor(Date.now() / 30_000);
        const free = [step, step + 1].find((s) => !used.has(s));
        if (free !== undefined) {
          used.add(free);
          return generate({ secret, epoch: free * 30 });
        }
        await new Promise((r) => setTimeout(r, 30_000 - (Date.now() % 30_000) + 50));
      }
    },
    wrongCodeFor: async (email) => {
      const secret = secretOf(email);
      const step = Math.floor(Date.now() / 30_000);
      const valid = await Promise.all(
        [step - 1, step, step + 1, step + 2].map((s) => generate({ secret, epoch: s * 30 })),
      );
      let wrong = Number(valid[1]);
      do wrong = (wrong + 500_001) % 1_000_000;
      while (valid.includes(String(wrong).padStart(6, '0')));
      return String(wrong).padStart(6, '0');
    },
  };
}

const SIGN_IN_OUTCOME =
  '[data-testid="totp-secret"], input[name="passCode"], [data-testid="signed-in-user"], [data-testid="sign-in-error"]';

/**
 * Answers whatever MFA step the sign-in shows: on the enrolment screen it reads the manual-entry key into
 * the authenticator (as a person would type it into an app), then enters a current code.
 */
export async function answerMfa(
  page: Page,
  email: string,
  auth: Authenticator,
): Promise<'enrolled' | 'verified' | 'none'> {
  await page.locator(SIGN_IN_OUTCOME).first().waitFor();
  const secretField = page.getByTestId('totp-secret');
  const isEnrolling = await secretField.isVisible();
  if (!isEnrolling && !(await page.locator('input[name="passCode"]').isVisible())) return 'none';
  if (isEnrolling) auth.secrets.set(email, await secretField.inputValue());
  const outcome = isEnrolling ? 'enrolled' : 'verified';
  await page.getByLabel('Verification code').fill(await auth.codeFor(email));
  await page.getByRole('button', { name: 'Verify' }).click();
  return outcome;
}

/** Signs in through the real sign-in page (password, then TOTP), accepting the terms of use if asked. */
export async function signInThroughUi(
  page: Page,
  email: string,
  password: string,
  auth: Authenticator,
): Promise<void> {
  await page.getByRole('heading', { name: 'Sign in to Onboard' }).waitFor();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await answerMfa(page, email, auth);
  await finishSignIn(page);
}

/** After the last step: the terms of use when not yet accepted, then the signed-in page. */
export async function finishSignIn(page: Page): Promise<void> {
  const terms = page.getByRole('button', { name: 'I accept the terms of use' });
  // On a phone the header shows who is signed in behind its Menu button.
  const signedIn = page.getByTestId('signed-in-user').or(page.getByRole('button', { name: 'Menu' }));
  await terms.or(signedIn).first().waitFor();
  if (await terms.isVisible()) await terms.click();
  await signedIn.first().waitFor();
}

export async function signOutThroughUi(page: Page): Promise<void> {
  const menu = page.getByRole('button', { name: /^User menu for/ });
  const phoneMenu = page.getByRole('button', { name: 'Menu' });
  // The signed-in header loads after the page: wait for whichever way out this view offers.
  await menu
    .or(phoneMenu)
    .or(page.getByRole('button', { name: 'Sign Out' }))
    .first()
    .waitFor();
  if (await menu.isVisible()) {
    await menu.click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
  } else if (await phoneMenu.isVisible()) {
    await phoneMenu.click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Sign out' }).click();
  } else {
    await page.getByRole('button', { name: 'Sign Out' }).click();
  }
  await page.getByRole('heading', { name: 'Sign in to Onboard' }).waitFor();
}

/**
 * Where screenshots go: the README's docs/screenshots when UPDATE_SCREENSHOTS=1 (to refresh them on
 * purpose), otherwise .tmp/screenshots, so an ordinary test run leaves the work tree clean.
 */
export function screenshotPath(name: string): string {
  const dir =
    process.env.UPDATE_SCREENSHOTS === '1' ? join(ROOT, 'docs/screenshots') : join(ROOT, '.tmp/screenshots');
  mkdirSync(dir, { recursive: true });
  return join(dir, name);
}

/**
 * A screenshot of the whole page, taken from the top: Chromium draws a sticky header where the page is
 * scrolled to, so a page left scrolled down would show its header across the middle of the picture.
 */
export async function fullPageScreenshot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: screenshotPath(name), fullPage: true });
}

/**
 * Opens a client's hub home as the client's people see it: on their first visit the welcome flow comes
 * first, and 'Get started' leads on to the hub.
 */
/**
 * The read side is eventually consistent: a fresh page load may show the state from just before the last
 * command, so reload until the page shows what the test waits for (bounded).
 */
/** Chooses `file` in the file input `input` and waits until `error` says `message`: the upload refused. */
export async function expectUploadRefused(
  input: Locator,
  error: Locator,
  file: { name: string; mimeType: string; buffer: Buffer },
  message: string,
): Promise<void> {
  await input.setInputFiles(file);
  await expect.poll(() => error.innerText()).toContain(message);
}

export async function reloadUntil(page: Page, isReady: () => Promise<boolean>, what: string): Promise<void> {
  for (let attempt = 0; attempt < 20; attempt++) {
    if (attempt > 0) {
      await page.waitForTimeout(300);
      await page.reload();
    }
    await page.locator('#main').waitFor();
    await page.waitForLoadState('networkidle');
    if (await isReady()) return;
  }
  await fullPageScreenshot(page, `failed-${what.replaceAll(' ', '-')}.png`);
  throw new Error(`The page never showed ${what}`);
}

/** The text of the first element `locator` finds, or '' when it finds none. */
export const textOf = async (locator: Locator): Promise<string> =>
  (await locator.count()) > 0 ? await locator.first().innerText() : '';

/** Opens an item of the main navigation's Administration menu, as staff do. */
export async function openAdministration(page: Page, item: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Administration' })
    .click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** Waits until the page is the app's: a page served with its markup takes no input before (`inert`). */
export const untilInteractive = (page: Page): Promise<void> => page.locator('div.app:not([inert])').waitFor();

export async function openHub(page: Page, baseUrl: string, clientId: string): Promise<void> {
  const hub = `/client/${clientId}`;
  await page.goto(`${baseUrl}${hub}`);
  await page.waitForURL((url) => url.pathname === hub || url.pathname === `${hub}/welcome`);
  await untilInteractive(page);
  const getStarted = page.getByRole('button', { name: 'Get started' });
  const welcomed = await Promise.race([
    getStarted.waitFor().then(() => true),
    page
      .getByTestId('hub-progress')
      .or(page.getByTestId('task-status'))
      .first()
      .waitFor()
      .then(() => false),
  ]);
  if (welcomed) {
    await getStarted.click();
    await page.waitForURL((url) => url.pathname === hub);
  }
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export type AxeViolation = {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown; html?: string }[];
};

/**
 * axe-core in the page, evaluated by the driver (the DevTools protocol), so the page's own
 * Content-Security-Policy stays in force and cannot block it; a page where axe did not load fails
 * rather than reporting nothing. Only serious and critical violations count. react-aria's off-screen
 * live announcer is left out: an announcement of a toast that has since gone points at the toast's
 * vanished title for a few seconds.
 */
export async function seriousViolations(page: Page, within?: string): Promise<AxeViolation[]> {
  const hasAxe = () => typeof (window as unknown as { axe?: { run?: unknown } }).axe?.run === 'function';
  if (!(await page.evaluate(hasAxe))) await page.evaluate(AXE_SOURCE);
  if (!(await page.evaluate(hasAxe))) throw new Error(`axe-core did not load into ${page.url()}`);
  const violations = await page.evaluate(async (selector) => {
    type Axe = {
      run: (context: {
        include?: string[][];
        exclude: string[][];
      }) => Promise<{ violations: AxeViolation[]; passes: unknown[] }>;
    };
    const axe = (window as unknown as { axe: Axe }).axe;
    const results = await axe.run({
      ...(selector ? { include: [[selector]] } : {}),
      exclude: [['[data-live-announcer]']],
    });
    return { violations: results.violations, checked: results.passes.length + results.violations.length };
  }, within);
  // A run that checked no rule at all did not look at the page.
  if (violations.checked === 0) throw new Error(`axe-core checked nothing on ${page.url()}`);
  return violations.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** Fails with each serious or critical axe violation of the page as it is now: rule, help and elements. */
export async function expectNoSeriousAxeViolations(page: Page, within?: string): Promise<void> {
  const found = (await seriousViolations(page, within)).map((v) => ({
    rule: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.map((n) => n.html ?? JSON.stringify(n.target)),
  }));
  expect(found, `axe on ${page.url()}`).toEqual([]);
}
