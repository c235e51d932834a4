import { describe, expect, it } from 'vitest';
import { DEMO_CLIENT_ID } from '@onboard/platform/seed';
import { fullPageScreenshot, openAdministration, signInThroughUi, untilInteractive } from './browser.ts';
import { demoUser, noBrowser, portalUnderTest } from './testing/portal.ts';

describe.skipIf(noBrowser)('the benefits-administration platform catalogue in the browser', () => {
  const portal = portalUnderTest('e2e_ben_admin_platforms');

  it('staff sign in (the sign-in is stamped), open Platforms from the header, add a platform and see it listed', async () => {
    const admin = demoUser('SLF_ADMIN');
    const page = await portal.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${portal.app.url}/login`);
    const stamped = page.waitForResponse(
      (r) => r.url().endsWith('/api/users/authenticated/logged-in') && r.request().method() === 'POST',
    );
    await signInThroughUi(page, admin.email, portal.app.config.demoPassword, portal.auth);
    expect((await stamped).status()).toBe(200);
    await page.waitForURL((url) => url.pathname === '/clients/admin');

    await openAdministration(page, 'Platforms');
    await page.waitForURL((url) => url.pathname === '/ben-admin-platforms/admin');
    const table = page.getByRole('table', { name: 'Benefits administration platforms' });
    await table.getByRole('cell', { name: 'Benefitfocus', exact: true }).waitFor();

    const form = page.getByRole('form', { name: 'Add a platform' });
    await form.getByRole('textbox', { name: 'Platform name' }).fill('Ease Benefits');
    await form.getByRole('textbox', { name: 'Website' }).fill('https://www.ease.com');
    await form.getByText('Supports data feeds').click();
    await form.getByRole('button', { name: 'Add platform' }).click();

    const row = table.getByRole('row').filter({ hasText: 'Ease Benefits' });
    await row.waitFor();
    expect(await row.getByRole('cell').allTextContents()).toEqual(
      expect.arrayContaining(['Ease Benefits', 'https://www.ease.com', 'Yes', 'Active']),
    );

    // A second platform of the same name is refused on the name field.
    await form.getByRole('textbox', { name: 'Platform name' }).fill('ease benefits');
    await form.getByRole('button', { name: 'Add platform' }).click();
    await form.getByText('A platform with this name is already in the catalogue').waitFor();

    // Still listed after a reload: it came from the read model, not only from the answer.
    await page.reload();
    await table.getByRole('cell', { name: 'Ease Benefits', exact: true }).waitFor();
    await fullPageScreenshot(page, 'ben-admin-platforms.png');

    // The EIF's benefits-administration system name suggests the catalogue's platforms, the new one too.
    await page.goto(
      `${portal.app.url}/client/${DEMO_CLIENT_ID}/task/eif-submit-company-information/step/company-information/benefits-administration-and-data-feed`,
    );
    // The sub-step comes rendered with its answers: it takes input once the app has taken it over.
    await untilInteractive(page);
    // A text box with suggestions is a combobox to assistive technology.
    const name = page.getByRole('combobox', { name: /Name of the benefits administration system/ }).first();
    if (!(await name.isVisible({ timeout: 5000 }).catch(() => false)))
      await page.getByRole('radio', { name: 'Yes' }).first().check({ force: true });
    const list = await name.getAttribute('list');
    expect(list).toBeTruthy();
    await page.waitForFunction(
      (id) =>
        [...(document.getElementById(id!)?.querySelectorAll('option') ?? [])].some(
          (o) => o.value === 'Ease Benefits',
        ),
      list,
    );
    await page.close();
  });
});
