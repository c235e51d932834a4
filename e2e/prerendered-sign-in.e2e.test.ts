import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startApp, type RunningApp } from '@onboard/platform/app';
import { embeddedTestConfig } from '@onboard/platform/config';
import { DEMO_USERS } from '@onboard/platform/seed';
import { browserAvailability, skipUnless } from '@onboard/testing/backends';
import { seededDatabase } from '@onboard/testing/db';
import { authenticator, ensureWebBuilt, launchBrowser, openAsServed, signInThroughUi } from './browser.ts';

const skip = skipUnless('browser', browserAvailability());
const admin = DEMO_USERS.find((u) => u.role === 'SLF_ADMIN')!;

/**
 * The sign-in page comes with its markup (prerendered at build time, web/src/prerender.tsx): on screen
 * before any script runs, inert until the app hydrates it, and hydrated without a mismatch.
 */
describe.skipIf(skip)('the prerendered sign-in page', () => {
  let app: RunningApp;
  let browser: Browser;
  const auth = authenticator();

  beforeAll(async () => {
    ensureWebBuilt();
    app = await startApp(embeddedTestConfig(await seededDatabase('e2e_prerendered_sign_in')));
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  /**
   * A page that records every error the console or the page reports (a hydration mismatch is one). The
   * browser's own lines for an HTTP answer it logged as failed are not the page's errors: the sign-in's
   * outcome is checked by what the page shows.
   */
  async function watchedPage(): Promise<{ page: Page; errors: string[] }> {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true });
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource:'))
        errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    return { page, errors };
  }

  it('is served with its form in the HTML for its path only', async () => {
    const login = await (await fetch(`${app.url}/login?redirect=%2Fclients%2Fadmin`)).text();
    expect(login).toContain('Sign in to Onboard');
    expect(login).toMatch(/<input[^>]*name="username"/);
    const other = await (await fetch(`${app.url}/forgot`)).text();
    expect(other).toContain('<div id="root"></div>');
  });

  it('shows the form with no script at all, and keeps it inert until the app takes it over', async () => {
    const { page } = await watchedPage();
    await page.route('**/assets/*.js', (route) => route.abort());
    await openAsServed(page, `${app.url}/login`);
    await page.getByRole('heading', { name: 'Sign in to Onboard' }).waitFor();
    expect(await page.getByLabel('E-mail').isVisible()).toBe(true);
    // Typed before the app could read it, an answer would be lost: the form takes no input yet.
    expect(await page.locator('[inert] form').count()).toBe(1);
    const focusable = await page.getByLabel('E-mail').evaluate((input: HTMLElement) => {
      input.focus();
      return document.activeElement === input;
    });
    expect(focusable).toBe(false);
    await page.close();
  });

  it('is hydrated, its own elements kept, without an error, and signs a user in', async () => {
    const { page, errors } = await watchedPage();
    // The prerendered form is marked as soon as the HTML is parsed; a page rendered afresh would replace it.
    await page.addInitScript(() =>
      document.addEventListener('readystatechange', () => {
        const form = document.querySelector('form');
        if (document.readyState === 'interactive' && form) Object.assign(form, { prerendered: true });
      }),
    );
    await page.goto(`${app.url}/login`);
    await page.getByLabel('E-mail').fill(admin.email);
    expect(await page.locator('form').evaluate((form) => 'prerendered' in form)).toBe(true);
    await signInThroughUi(page, admin.email, app.config.demoPassword, auth);
    await page.waitForURL((url) => url.pathname === '/clients/admin');
    expect(errors).toEqual([]);
    await page.close();
  });

  it("ticks 'Remember me' from the keyboard, with the focus ring the keyboard brings", async () => {
    const { page, errors } = await watchedPage();
    await page.goto(`${app.url}/login`);
    await expect.poll(() => page.locator('[inert] form').count()).toBe(0);
    const rememberMe = page.getByRole('checkbox', { name: 'Remember me' });
    // From the password, past 'Forgot your password?', to the checkbox.
    await page.getByLabel('Password').focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await rememberMe.evaluate((input) => document.activeElement === input)).toBe(true);
    expect(await page.locator('label.checkbox[data-focus-visible]').count()).toBe(1);
    await page.keyboard.press('Space');
    expect(await rememberMe.isChecked()).toBe(true);
    expect(await page.locator('label.checkbox[data-selected]').count()).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("shows a remembered username, which its markup cannot know, with 'Remember me' ticked", async () => {
    const { page, errors } = await watchedPage();
    await page.addInitScript(() =>
      localStorage.setItem('onboard.rememberedUsername', 'jane@onboard.example'),
    );
    await page.goto(`${app.url}/login`);
    const username = page.getByLabel('E-mail');
    await expect.poll(() => username.inputValue()).toBe('jane@onboard.example');
    expect(await page.getByRole('checkbox', { name: 'Remember me' }).isChecked()).toBe(true);
    expect(await username.isEditable()).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });
});
