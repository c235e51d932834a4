import { describe, expect, it } from 'vitest';
import { DEMO_CLIENT_ID } from '@onboard/platform/seed';
import { verifyEvidencePack } from '@onboard/query-api/evidence-pack';
import { screenshotPath, downloadedBytes } from './browser.ts';
import { demoUser, noBrowser, portalUnderTest } from './testing/portal.ts';

describe.skipIf(noBrowser)('the evidence pack in the browser', () => {
  const portal = portalUnderTest('e2e_evidence');

  it('staff download a client’s sealed evidence pack from its manage page, and it verifies', async () => {
    const admin = demoUser('SLF_ADMIN');
    const page = await portal.signInAt(admin.email, `/clients/admin/${DEMO_CLIENT_ID}/manage`, {
      acceptDownloads: true,
    });
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
