import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { verify } from 'otplib';
import { startApp, type RunningApp } from '@onboard/platform/app';
import { embeddedTestConfig } from '@onboard/platform/config';
import { demoTotpSecret } from '@onboard/platform/demo-totp';
import { freshDatabase } from '@onboard/testing/db';
import { ensureWebBuilt, finishSignIn, launchBrowser } from './browser.ts';
import { noBrowser } from './testing/portal.ts';

const ROOT = resolve(import.meta.dirname, '..');

// Trying the demo without an authenticator app: the embedded default's demo users come enrolled with a
// printed secret, and `npm run demo-code` prints a user's current code.
describe.skipIf(noBrowser)('the demo sign-in without an authenticator app', () => {
  let app: RunningApp;
  let browser: Browser;

  beforeAll(async () => {
    ensureWebBuilt();
    app = await startApp(embeddedTestConfig(await freshDatabase('e2e_demo_sign_in'), { demoTotp: true }));
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('signs a demo user in with the code `npm run demo-code` prints, with no enrolment screen', async () => {
    const email = 'owner@onboard.example';
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${app.url}/login`);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill(app.config.demoPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByLabel('Verification code').waitFor();
    expect(await page.getByTestId('totp-secret').count()).toBe(0);

    const code = execFileSync(process.execPath, ['--import', 'tsx', 'platform/src/cli/demo-code.ts', email], {
      cwd: ROOT,
      encoding: 'utf8',
    }).trim();
    expect(code).toMatch(/^\d{6}$/);
    expect((await verify({ secret: demoTotpSecret(email), token: code, epochTolerance: 30 })).valid).toBe(
      true,
    );
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await finishSignIn(page);
    await page.waitForURL((url) => url.pathname === '/clients/admin');
    await page.close();
  });
});
