import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_CLIENT_ID } from '@onboard/platform/seed';
import { PASSWORD_POLICY_MESSAGE } from '@onboard/domain';
import {
  answerMfa,
  finishSignIn,
  fullPageScreenshot,
  screenshotPath,
  signInThroughUi,
  signOutThroughUi,
} from './browser.ts';
import { demoUser, noBrowser, portalUnderTest } from './testing/portal.ts';

const LOCKED_MESSAGE = 'Your account is locked for security reasons. Please, try again in about 60 minutes';
const WRONG_CREDENTIALS = 'The username or password you entered is incorrect.';
const WRONG_CODE = "Your code doesn't match our records. Please try again.";
const TOO_MANY_ATTEMPTS = 'Too many attempts. Try again in 15 minutes.';
const NEW_USER = {
  firstName: 'Nora',
  lastName: 'Quinn',
  email: `nora.quinn.${Date.now()}@client.example`,
  phoneNumber: '(555) 010-2030',
};
const NEW_PASSWORD = 'Harbour-Lights-2026!';

async function waitFor<T>(read: () => Promise<T | null>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.skipIf(noBrowser)('sign-in, MFA and user administration in the browser', () => {
  const portal = portalUnderTest('e2e_identity');
  let activationPath = '';

  const newPage = () => portal.browser.newPage({ viewport: { width: 1280, height: 860 } });

  /** The activation link the welcome e-mail carried, as a path on this portal.app. */
  const activationLinkFor = (email: string) =>
    waitFor(async () => {
      const { rows } = await portal.app.pool.query<{ body: string }>(
        'select body from rm_emails where lower("to") = lower($1) order by created_at desc',
        [email],
      );
      for (const row of rows) {
        const match = /\/activate\?token=[A-Za-z0-9_\-.%]+/.exec(row.body);
        if (match) return match[0];
      }
      return null;
    });

  const fieldError = (page: Page, label: string) =>
    page.locator('.field', { has: page.getByLabel(label, { exact: true }) }).locator('.field__error');

  it('an admin enrols TOTP on first sign-in and creates a ben-admin with a welcome e-mail', async () => {
    const admin = demoUser('SLF_ADMIN');
    const page = await newPage();
    await page.goto(`${portal.app.url}/LOGIN`);
    await page.getByLabel('E-mail').fill(admin.email);
    await page.getByLabel('Password').fill(portal.app.config.demoPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();

    // MFA_ENROLL is answered automatically (one authenticator-type factor): the QR and the manual key show.
    const secret = page.getByTestId('totp-secret');
    await secret.waitFor();
    expect(await secret.inputValue()).toMatch(/^[A-Z2-7]{16,}$/);
    expect(await page.getByRole('img', { name: /QR code/ }).getAttribute('src')).toMatch(
      /^data:image\/png;base64,/,
    );
    await page.getByRole('checkbox', { name: 'Remember this device' }).waitFor();
    await page.screenshot({ path: screenshotPath('sign-in-enrol-totp.png') });
    expect(await answerMfa(page, admin.email, portal.auth)).toBe('enrolled');
    await finishSignIn(page);
    await page.waitForURL((url) => url.pathname === '/clients/admin');

    // The route table matches case-insensitively; the page renders inside the internal layout.
    await page.goto(`${portal.app.url}/Emails`);
    await page.getByRole('heading', { level: 1, name: 'All emails' }).waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'All emails' }).waitFor();
    // The menu's code loads when it is first opened: opened from the keyboard, its first item takes
    // focus, and Escape gives focus back to its button.
    await page.getByRole('button', { name: 'Users' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Brokers' }).waitFor();
    await page.waitForFunction(() => document.activeElement?.textContent === 'Brokers');
    await page.screenshot({ path: screenshotPath('internal-nav-not-available.png') });
    await page.keyboard.press('Escape');
    await page.getByRole('menuitem', { name: 'Brokers' }).waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.activeElement?.textContent?.startsWith('Users') === true);

    // Through the internal navigation: Users > Benefits administrator.
    await page.getByRole('button', { name: 'Users' }).click();
    await page.getByRole('menuitem', { name: 'Benefits administrator' }).click();
    await page.waitForURL((url) => url.pathname === '/ben-admins/admin/');
    await page.getByRole('heading', { name: 'Benefits administrators' }).waitFor();
    await page.getByRole('row', { name: /Ben Adler/ }).waitFor();

    await page.getByRole('button', { name: 'Add benefits administrator' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('First name').fill(NEW_USER.firstName);
    await dialog.getByLabel('Last name').fill(NEW_USER.lastName);
    await dialog.getByLabel('E-mail', { exact: true }).fill(NEW_USER.email);
    await dialog.getByLabel('Phone number').fill(NEW_USER.phoneNumber);
    // Clients are picked by name from the search's answers, never typed as ids.
    await dialog.getByRole('combobox', { name: 'Clients' }).fill('lakeside');
    await page.getByRole('option', { name: 'Lakeside Manufacturing Co.' }).click();
    await dialog.getByRole('listitem').filter({ hasText: 'Lakeside Manufacturing Co.' }).waitFor();
    expect(await dialog.getByRole('checkbox', { name: 'Send welcome e-mail' }).isChecked()).toBe(true);
    await page.screenshot({ path: screenshotPath('users-create-ben-admin.png') });
    await dialog.getByRole('button', { name: 'Create' }).click();
    await page
      .getByTestId('list-notice')
      .getByText(/was created and a welcome e-mail/)
      .waitFor();
    // Rows are named by their row header (the name); the e-mail shows in its own cell.
    const newRow = page.getByRole('row', { name: `${NEW_USER.firstName} ${NEW_USER.lastName}` });
    await newRow.getByRole('gridcell', { name: NEW_USER.email }).waitFor();

    // The same address again is refused on the e-mail field (409 EMAIL_TAKEN).
    await page.getByRole('button', { name: 'Add benefits administrator' }).click();
    await dialog.getByLabel('First name').fill('Other');
    await dialog.getByLabel('Last name').fill('Person');
    await dialog.getByLabel('E-mail', { exact: true }).fill(NEW_USER.email.toUpperCase());
    await dialog.getByRole('button', { name: 'Create' }).click();
    const emailError = fieldError(page, 'E-mail');
    await emailError.waitFor();
    expect(await dialog.getByLabel('E-mail', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await page.screenshot({ path: screenshotPath('users-email-taken.png') });
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Search narrows the list; the manage page shows the new user's clients.
    await page.getByLabel('Search').fill('Quinn');
    await page.getByRole('row', { name: /Ben Adler/ }).waitFor({ state: 'detached' });
    await page.screenshot({ path: screenshotPath('users-ben-admins.png') });
    await page.getByRole('row', { name: /Quinn/ }).getByRole('link', { name: 'Manage' }).click();
    await page.getByRole('heading', { name: `${NEW_USER.firstName} ${NEW_USER.lastName}` }).waitFor();
    await page.getByRole('heading', { name: 'Clients' }).waitFor();
    await fullPageScreenshot(page, 'users-manage.png');

    activationPath = await activationLinkFor(NEW_USER.email);
    await page.close();
  });

  it('the new ben-admin activates, sets a password, enrols TOTP and accepts the terms of use', async () => {
    expect(activationPath).not.toBe('');
    const page = await newPage();
    await page.goto(portal.app.url + activationPath);
    await page.getByRole('heading', { name: 'Activate your account' }).waitFor();
    await page.getByText(PASSWORD_POLICY_MESSAGE).waitFor();

    await page.getByLabel('New password').fill('short');
    await page.getByLabel('Confirm password').fill('short');
    await page.getByRole('button', { name: 'Set password' }).click();
    await fieldError(page, 'New password').getByText(PASSWORD_POLICY_MESSAGE).waitFor();

    await page.getByLabel('New password').fill(NEW_PASSWORD);
    await page.getByLabel('Confirm password').fill(`${NEW_PASSWORD}x`);
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByText('The passwords do not match.').waitFor();
    await page.screenshot({ path: screenshotPath('activate-errors.png') });

    await page.getByLabel('Confirm password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set password' }).click();

    // Straight into enrolment: QR image and the manual key; the code comes from the key, as an app would.
    const secret = page.getByTestId('totp-secret');
    await secret.waitFor();
    expect(await page.getByRole('img', { name: /QR code/ }).getAttribute('src')).toMatch(
      /^data:image\/png;base64,/,
    );
    await page.screenshot({ path: screenshotPath('activate-enrol-totp.png') });
    expect(await answerMfa(page, NEW_USER.email, portal.auth)).toBe('enrolled');

    await page.getByRole('heading', { name: 'Terms of use' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/terms-of-use');
    await page.screenshot({ path: screenshotPath('terms-of-use.png') });
    await page.getByRole('button', { name: 'I accept the terms of use' }).click();
    await page.waitForURL((url) => url.pathname === '/clients/ben-admin');
    await page
      .getByTestId('signed-in-user')
      .getByText(`${NEW_USER.firstName} ${NEW_USER.lastName}`)
      .waitFor();

    await signOutThroughUi(page);
    expect(new URL(page.url()).pathname).toBe('/login');

    // The activation link is single-use.
    await page.goto(portal.app.url + activationPath);
    await page.getByTestId('expired-link').waitFor();
    expect(await page.getByTestId('expired-link').textContent()).toContain('This link has expired');
    await page.getByRole('link', { name: 'Get a new link' }).waitFor();
    await page.screenshot({ path: screenshotPath('activate-expired.png') });
    await page.close();
  });

  it('signs in with password and a generated code, refusing a wrong code; remembers the username', async () => {
    const page = await newPage();
    await page.goto(`${portal.app.url}/login`);
    await page.getByLabel('E-mail').fill(NEW_USER.email);
    await page.getByLabel('Password').fill(NEW_PASSWORD);
    await page.locator('label', { hasText: 'Remember me' }).click();
    expect(await page.getByRole('checkbox', { name: 'Remember me' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Sign in' }).click();

    const code = page.getByLabel('Verification code');
    await code.waitFor();
    expect(await page.getByTestId('totp-secret').count()).toBe(0);
    const wrong = await portal.auth.wrongCodeFor(NEW_USER.email);
    await code.fill(wrong);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText(WRONG_CODE).waitFor();
    await page.screenshot({ path: screenshotPath('sign-in-wrong-code.png') });

    await code.fill(await portal.auth.codeFor(NEW_USER.email));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((url) => url.pathname === '/clients/ben-admin');
    await page.getByTestId('signed-in-user').waitFor();
    await page.screenshot({ path: screenshotPath('ben-admin-home.png') });
    expect(await page.evaluate(() => localStorage.getItem('onboard.rememberedUsername'))).toBe(
      NEW_USER.email,
    );

    // A ben-admin is not allowed on the sign-in pages: they go home.
    await page.goto(`${portal.app.url}/forgot`);
    await page.waitForURL((url) => url.pathname === '/clients/ben-admin');

    await signOutThroughUi(page);
    expect(await page.getByLabel('E-mail').inputValue()).toBe(NEW_USER.email);
    await page.close();
  });

  it('five wrong codes lock the account with the exact message; wrong passwords are throttled in words', async () => {
    const page = await newPage();
    await page.goto(`${portal.app.url}/login`);
    const error = page.getByTestId('sign-in-error');
    await page.getByLabel('E-mail').fill(NEW_USER.email);
    await page.getByLabel('Password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const code = page.getByLabel('Verification code');
    await code.waitFor();
    const wrong = await portal.auth.wrongCodeFor(NEW_USER.email);
    for (let attempt = 1; attempt <= 4; attempt++) {
      await code.fill(wrong);
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.getByText(WRONG_CODE).waitFor();
    }
    await code.fill(wrong);
    await page.getByRole('button', { name: 'Verify' }).click();
    // Locked now: the fifth wrong code, and then even the right password, meet the lock-out message.
    await error.getByText(LOCKED_MESSAGE, { exact: true }).waitFor();
    await page.getByLabel('Password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await error.getByText(LOCKED_MESSAGE, { exact: true }).waitFor();
    expect(await error.textContent()).toBe(LOCKED_MESSAGE);
    await page.screenshot({ path: screenshotPath('sign-in-locked.png') });

    // Wrong passwords answer as for anyone (the lock shows only to the right one), until the account's
    // limit: then the page says in words how long to wait.
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 11; attempt++) {
      await page.getByLabel('Password').fill(`Wrong-Password-${attempt}!`);
      const [answer] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith('/api/auth/sign-in')),
        page.getByRole('button', { name: 'Sign in' }).click(),
      ]);
      statuses.push(answer.status());
      await error.waitFor();
      if (attempt <= 10) await error.getByText(WRONG_CREDENTIALS, { exact: true }).waitFor();
    }
    expect(statuses).toEqual([...Array<number>(10).fill(401), 429]);
    await error.getByText(TOO_MANY_ATTEMPTS, { exact: true }).waitFor();
    await page.close();
  });

  it('the demo broker signs in through the same steps and forgot-password always confirms', async () => {
    const broker = demoUser('BROKER');
    const page = await newPage();
    // A page of the broker's own client: sign-in returns there (staff pages send a broker home instead).
    const resources = `/client/${DEMO_CLIENT_ID}/resources-listing`;
    await page.goto(`${portal.app.url}${resources}`);
    await page.waitForURL(
      (url) => url.pathname === '/login' && url.searchParams.get('redirect') === resources,
    );
    await page.getByRole('heading', { name: 'Sign in to Onboard' }).waitFor();
    await page.screenshot({ path: screenshotPath('sign-in.png') });
    await signInThroughUi(page, broker.email, portal.app.config.demoPassword, portal.auth);
    await page.waitForURL((url) => url.pathname === resources);
    await signOutThroughUi(page);

    await page.goto(`${portal.app.url}/forgot`);
    for (const email of [broker.email, 'nobody@nowhere.example']) {
      await page.goto(`${portal.app.url}/forgot`);
      await page.getByLabel('E-mail').fill(email);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await page.getByTestId('reset-confirmation').waitFor();
    }
    await page.screenshot({ path: screenshotPath('forgot-confirmation.png') });
    await page.goto(`${portal.app.url}/no/such/page`);
    await page
      .getByRole('heading', { name: 'Sorry, the page you are looking for does not exist.' })
      .waitFor();
    await page.getByRole('button', { name: 'Chat with us' }).waitFor();
    await page.screenshot({ path: screenshotPath('not-found.png') });
    await page.goto(`${portal.app.url}/maintenance?type=scheduled`);
    await page.getByRole('heading', { name: 'Scheduled maintenance' }).waitFor();
    await page.screenshot({ path: screenshotPath('maintenance.png') });
    await page.close();
  });
});
