import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startApp, type RunningApp } from '@onboard/platform/app';
import { embeddedTestConfig } from '@onboard/platform/config';
import { browserAvailability, skipUnless } from '@onboard/testing/backends';
import { freshDatabase } from '@onboard/testing/db';
import {
  authenticator,
  ensureWebBuilt,
  launchBrowser,
  signInThroughUi,
  signOutThroughUi,
} from './browser.ts';

const skip = skipUnless('browser', browserAvailability());

// What people see at the edges: pages they may not open, errors in words, invitations they can act on.
describe.skipIf(skip)('what users see in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  const auth = authenticator();

  beforeAll(async () => {
    ensureWebBuilt();
    app = await startApp(embeddedTestConfig(await freshDatabase('e2e_what_users_see')));
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('a broker or a benefits administrator opening an internal page lands on their home', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    for (const [email, home] of [
      ['broker@onboard.example', '/clients'],
      ['benadmin@onboard.example', '/clients/ben-admin'],
    ] as const) {
      await page.goto(`${app.url}/login`);
      await signInThroughUi(page, email, app.config.demoPassword, auth);
      for (const path of ['/clients/admin', '/users/internal']) {
        await page.goto(`${app.url}${path}`);
        await page.waitForURL((url) => url.pathname === home);
        // Their own navigation, not the staff one (whose Users menu lists brokers and ben-admins).
        await page.getByTestId('signed-in-user').first().waitFor();
        expect(await page.getByRole('button', { name: /^Users/ }).count()).toBe(0);
      }
      await signOutThroughUi(page);
    }
    await page.close();
  });

  it('forgot password refuses an empty e-mail in the form, and a server error reads in whole words', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const resetCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/reset-password')) resetCalls.push(request.url());
    });
    await page.goto(`${app.url}/forgot`);
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('Email is required').waitFor();
    expect(await page.getByText(/No route/).count()).toBe(0);
    await page.getByLabel('E-mail').fill('not-an-address');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('Please enter a valid email address').waitFor();
    expect(resetCalls).toEqual([]);

    // The server fails: the whole action-level message of onboarding §8, ending in the support address.
    await page.route('**/api/users/reset-password/**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }),
    );
    await page.getByLabel('E-mail').fill('someone@onboard.example');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Oops! Something went wrong.' });
    await alert.waitFor();
    expect(await alert.innerText()).toMatch(
      /^Oops! Something went wrong\. Please try again\. If that doesn't help, email \S+@\S+$/,
    );
    expect(resetCalls).toHaveLength(1);
    await page.close();
  });
});
