import { describe, expect, it } from 'vitest';
import { DEMO_EXPLORER_SLUG } from '@onboard/platform/seed';
import { openAdministration, screenshotPath } from './browser.ts';
import { admin, noBrowser, portalUnderTest } from './testing/portal.ts';

describe.skipIf(noBrowser)('feature toggles and the configuration in the browser', () => {
  const portal = portalUnderTest('e2e_feature_toggles');
  const SCREEN = { width: 1280, height: 800 };

  /** The Explorer's language button, as a visitor sees the demo site. */
  async function languageButtonCount(): Promise<number> {
    const page = await portal.browser.newPage();
    await page.goto(`${portal.app.url}/benefits-explorer/${DEMO_EXPLORER_SLUG}`);
    await page.getByRole('heading', { level: 1, name: 'Lakeside Manufacturing Co.' }).waitFor();
    const count = await page.getByRole('button', { name: 'Language' }).count();
    await page.close();
    return count;
  }

  it('a toggle switched by staff takes the language dialog off the Explorer, and back', async () => {
    expect(await languageButtonCount()).toBe(1);

    const page = await portal.signIn(admin.email, { viewport: SCREEN });
    await page.waitForURL((url) => url.pathname === '/clients/admin');
    await openAdministration(page, 'Feature toggles');
    await page.waitForURL((url) => url.pathname === '/feature-toggles/admin');

    const row = page.getByTestId('feature-toggle-explorerLanguage');
    const toggle = row.getByRole('switch', { name: 'Explorer language dialog' });
    await row.locator('[data-state="on"]').waitFor();
    expect(await toggle.isChecked()).toBe(true);
    await row.locator('.switch').click();
    await row.locator('[data-state="off"]').waitFor();
    expect(await toggle.isChecked()).toBe(false);
    // Who set it, by name, and when.
    await row.getByText(/Set for everyone · changed by Adam Alvarez on /).waitFor();
    await page.screenshot({ path: screenshotPath('feature-toggles-admin.png') });
    expect(await languageButtonCount()).toBe(0);

    // By keyboard: the switch takes Space.
    await toggle.focus();
    await page.keyboard.press('Space');
    await row.locator('[data-state="on"]').waitFor();
    expect(await languageButtonCount()).toBe(1);
    await page.close();
  }, 90_000);

  it('asks before turning the ticket-system toggle, which every staff member sees', async () => {
    const page = await portal.signInAt(admin.email, '/feature-toggles/admin', { viewport: SCREEN });
    const row = page.getByTestId('feature-toggle-ticketSystemDown');
    await row.locator('[data-state="off"]').waitFor();

    await row.locator('.switch').click();
    const dialog = page.getByRole('alertdialog', { name: 'Turn on “Ticket system (Jira) is down”?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await row.locator('[data-state="off"]').count()).toBe(1);

    await row.locator('.switch').click();
    await dialog.getByRole('button', { name: 'Turn on' }).click();
    await row.locator('[data-state="on"]').waitFor();
    await row.locator('.switch').click();
    await page
      .getByRole('alertdialog', { name: 'Turn off “Ticket system (Jira) is down”?' })
      .getByRole('button', { name: 'Turn off' })
      .click();
    await row.locator('[data-state="off"]').waitFor();
    await page.close();
  }, 90_000);

  it('staff pick a client by name for an override, and see overrides by the client’s name', async () => {
    const page = await portal.signInAt(admin.email, '/feature-toggles/admin', { viewport: SCREEN });

    const picker = page.getByRole('combobox', { name: 'Client (empty: everyone)' });
    await picker.fill('Lakeside');
    await page.getByRole('option', { name: 'Lakeside Manufacturing Co.' }).click();
    await page.getByText('Toggles of Lakeside Manufacturing Co.').waitFor();
    const row = page.getByTestId('feature-toggle-largeClient');
    await row.locator('[data-state="off"]').waitFor();
    await row.locator('.switch').click();
    await row.getByText('Lakeside Manufacturing Co.: On').waitFor();
    await row.getByText(/This client’s override · changed by Adam Alvarez on /).waitFor();
    // The ticket-system toggle is for everyone only: its switch cannot be used for one client.
    expect(await page.getByTestId('feature-toggle-ticketSystemDown').getByRole('switch').isDisabled()).toBe(
      true,
    );
    await page.screenshot({ path: screenshotPath('feature-toggles-override.png') });

    await page.getByRole('button', { name: 'Remove override: Large client' }).click();
    await row.getByText('Lakeside Manufacturing Co.: On').waitFor({ state: 'detached' });
    await row.locator('[data-state="off"]').waitFor();
    await page.close();
  }, 90_000);

  it('fetches the configuration once per version', async () => {
    const page = await portal.browser.newPage();
    let requests = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/configuration') requests += 1;
    });
    const stored = () => page.evaluate(() => localStorage.getItem('onboard.configuration'));
    const reloadSignInPage = async () => {
      await page.reload();
      await page
        .getByRole('button', { name: /sign in/i })
        .first()
        .waitFor();
    };

    await page.goto(`${portal.app.url}/login`);
    await page.waitForFunction(() => localStorage.getItem('onboard.configuration') !== null);
    expect(JSON.parse((await stored())!)).toMatchObject({ version: portal.app.config.platform.version });
    await reloadSignInPage();
    expect(requests).toBe(1);

    // A configuration from an earlier deployment is replaced once, then kept again.
    await page.evaluate(() => {
      const current = JSON.parse(localStorage.getItem('onboard.configuration')!) as { version: string };
      localStorage.setItem('onboard.configuration', JSON.stringify({ ...current, version: 'earlier-build' }));
    });
    await page.reload();
    await page.waitForFunction(
      () => localStorage.getItem('onboard.configuration')?.includes('earlier') === false,
    );
    await reloadSignInPage();
    expect(requests).toBe(2);
    await page.close();
  }, 60_000);
});
