import { describe, expect, it } from 'vitest';
import type { Request } from 'playwright-core';
import { parseEnvelope, summarizeEvent } from '@onboard/domain';
import { openAdministration, screenshotPath } from './browser.ts';
import { demoUser, noBrowser, portalUnderTest } from './testing/portal.ts';

/** The envelopes the page sent through the tunnel, read as the server reads them. */
const envelopeOf = (request: Request) =>
  parseEnvelope(new Uint8Array(request.postDataBuffer() ?? Buffer.alloc(0)));

describe.skipIf(noBrowser)('error reporting in the browser', () => {
  const portal = portalUnderTest('e2e_error_reporting');

  it('an error thrown in a page arrives through the tunnel, traced in full on a local host, and staff read it', async () => {
    const admin = demoUser('SLF_ADMIN');
    const page = await portal.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const tunnelled: Request[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/sentry')
        tunnelled.push(request);
    });
    await portal.signInOn(page, admin.email);
    await page.waitForURL((url) => url.pathname === '/clients/admin');
    await page.locator('html[data-error-reporting="ready"]').waitFor({ state: 'attached', timeout: 15_000 });

    const answered = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/sentry' &&
        envelopeOf(response.request()).items.some((item) => item.type === 'event'),
    );
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('The page broke on purpose');
      }, 0);
    });
    const response = await answered;
    expect(response.status()).toBe(200);

    const envelope = envelopeOf(response.request());
    const event = summarizeEvent(envelope.items.find((item) => item.type === 'event')!.payload);
    expect(event.message).toBe('Error: The page broke on purpose');
    expect(event.environment).toBe('local');
    expect(event.url).toBe(`${portal.app.url}/clients/admin`);
    // 127.0.0.1 is a local host: every trace is sampled (onboarding §9).
    expect(envelope.header.trace).toMatchObject({ environment: 'local', sample_rate: '1', sampled: 'true' });
    expect(tunnelled.length).toBeGreaterThanOrEqual(1);

    await openAdministration(page, 'Error reports');
    await page.waitForURL((url) => url.pathname === '/error-reports/admin');
    const row = page.getByTestId('error-report').filter({ hasText: 'The page broke on purpose' });
    await row.waitFor();
    expect(await row.textContent()).toContain('In the browser');
    expect(await row.textContent()).toContain('Error');
    expect(await row.textContent()).toContain(`${portal.app.url}/clients/admin`);
    expect(await row.textContent()).toContain('onboard@dev');
    await page.screenshot({ path: screenshotPath('error-reports.png') });
    await page.close();
  });
});
