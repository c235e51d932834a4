import { describe, expect, it } from 'vitest';
import { SIGNING_MESSAGES } from '@onboard/domain';
import { DEMO_CLIENT_ID } from '@onboard/platform/seed';
import { signInThroughUi, signOutThroughUi } from './browser.ts';
import { noBrowser, portalUnderTest } from './testing/portal.ts';

// What people see at the edges: pages they may not open, errors in words, invitations they can act on.
describe.skipIf(noBrowser)('what users see in the browser', () => {
  const portal = portalUnderTest('e2e_what_users_see');

  it('a broker or a benefits administrator opening an internal page lands on their home', async () => {
    const page = await portal.browser.newPage({ viewport: { width: 1280, height: 900 } });
    for (const [email, home] of [
      ['broker@onboard.example', '/clients'],
      ['benadmin@onboard.example', '/clients/ben-admin'],
    ] as const) {
      await portal.signInOn(page, email);
      for (const path of ['/clients/admin', '/users/internal']) {
        await page.goto(`${portal.app.url}${path}`);
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
    const page = await portal.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const resetCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/reset-password')) resetCalls.push(request.url());
    });
    await page.goto(`${portal.app.url}/forgot`);
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

  it('an outside-signer invitation follows the form: an unsigned form asks for a signature', async () => {
    const page = await portal.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(
      `${portal.app.url}/login?redirect=${encodeURIComponent(`/clients/admin/${DEMO_CLIENT_ID}/manage`)}`,
    );
    await signInThroughUi(page, 'admin@onboard.example', portal.app.config.demoPassword, portal.auth);
    await page.getByRole('button', { name: 'Invite an outside signer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite an outside signer' });
    // The demo form is not signed: the invitation asks for a signature unless told otherwise.
    expect(await dialog.getByRole('radio', { name: 'Review and sign the form' }).isChecked()).toBe(true);
    await dialog.getByLabel('First name').fill('Casey');
    await dialog.getByLabel('Last name').fill('Fowler');
    await dialog.getByLabel('E-mail').fill('cfo@lakeside.example');

    // Asking for a review of updates the form cannot have is refused in words, and nothing is sent.
    await dialog.getByText('Review the updates made after signing').click();
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await dialog.getByText(SIGNING_MESSAGES.notSignedYet).waitFor();

    await dialog.getByText('Review and sign the form').click();
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText('An invitation was sent to cfo@lakeside.example.').waitFor();
    let link = '';
    for (let attempt = 0; attempt < 30 && !link; attempt++) {
      const { rows } = await portal.app.pool.query<{ body: string }>(
        `select body from rm_emails where "to" ilike $1 order by created_at desc`,
        ['%cfo@lakeside.example%'],
      );
      expect(rows.length).toBeLessThanOrEqual(1);
      link = /https?:\/\/\S+\/client\/[^/\s]+\/outside-signer\/\S+/.exec(rows[0]?.body ?? '')?.[0] ?? '';
      if (!link) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(link).not.toBe('');
    await signOutThroughUi(page);

    // The signer is asked to sign, and can.
    await page.goto(`${portal.app.url}${new URL(link).pathname}`);
    await page.getByText('you were asked to review and sign this form.').waitFor();
    expect(await page.getByRole('heading', { name: /Updates to review/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Sign', exact: true }).isVisible()).toBe(true);
    await page.close();
  });
});
