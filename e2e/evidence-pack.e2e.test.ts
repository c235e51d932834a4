import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startApp, type RunningApp } from '@onboard/platform/app';
import { embeddedTestConfig } from '@onboard/platform/config';
import { DEMO_CLIENT_ID, DEMO_USERS } from '@onboard/platform/seed';
import { verifyEvidencePack } from '@onboard/query-api/evidence-pack';
import { browserAvailability, skipUnless } from '@onboard/testing/backends';
import { seededDatabase } from '@onboard/testing/db';
import {
  authenticator,
  ensureWebBuilt,
  launchBrowser,
  screenshotPath,
  signInThroughUi,
  downloadedBytes,
} from './browser.ts';

const skip = skipUnless('browser', browserAvailability());

describe.skipIf(skip)('the evidence pack in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  const auth = authenticator();

  beforeAll(async () => {
    ensureWebBuilt();
    app = await startApp(embeddedTestConfig(await seededDatabase('e2e_evidence')));
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('staff download a client’s sealed evidence pack from its manage page, and it verifies', async () => {
    const admin = DEMO_USERS.find((u) => u.role === 'SLF_ADMIN')!;
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    await page.goto(`${app.url}/clients/admin/${DEMO_CLIENT_ID}/manage`);
    await page.waitForURL(/\/login\?redirect=/);
    await signInThroughUi(page, admin.email, app.config.demoPassword, auth);
    await page.getByRole('heading', { name: 'Lakeside Manufacturing Co.', level: 1 }).waitFor();
    const button = page.getByRole('button', { name: 'Download evidence pack' });
    const card = page.locator('section.card', {
      has: page.getByRole('heading', { name: 'Employer Information Form' }),
    });
    await card.screenshot({ path: screenshotPath('evidence-pack-manage.png') });

    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toBe('Evidence pack - Lakeside Manufacturing Co..pdf');
    const pack = await downloadedBytes(download);
    const result = await verifyEvidencePack(pack);
    expect(result.checks.filter((c) => !c.holds)).toEqual([]);
    expect(result.checks[0]!.detail).toMatch(
      /holds: sealed by Onboard carrier \(self-signed, embedded default\)/,
    );
    await page.close();
  });
});
