import { describe, expect, it } from 'vitest';
import { DEMO_CLIENT_ID } from '@onboard/platform/seed';
import { fullPageScreenshot, openAdministration, openHub, screenshotPath } from './browser.ts';
import { admin, benAdmin, noBrowser, portalUnderTest } from './testing/portal.ts';

describe.skipIf(noBrowser)("the portal's support chat in the browser", () => {
  const portal = portalUnderTest('e2e_support_chat');

  it("a benefits administrator asks through 'Chat with us', staff answer from Support chats, the answer arrives", async () => {
    const user = await portal.signIn(benAdmin.email);
    await openHub(user, portal.app.url, DEMO_CLIENT_ID);
    await user.getByRole('button', { name: 'Get Help' }).click();
    await user.getByRole('button', { name: 'Chat with us' }).click();
    const dialog = user.getByRole('dialog', { name: 'Chat with support' });
    // The help panel gives way to the chat.
    await user.getByRole('heading', { name: 'Get Help' }).waitFor({ state: 'detached' });
    await dialog.getByText('No messages yet.').waitFor();
    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog.getByText('Please enter a message').waitFor();
    await dialog.getByLabel('Message').fill('Where do I upload the census file?');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog.getByText('Where do I upload the census file?').waitFor();

    const staff = await portal.signIn(admin.email);
    await staff.waitForURL((url) => url.pathname === '/clients/admin');
    await openAdministration(staff, 'Support chats');
    const conversations = staff.getByRole('list', { name: 'Conversations' });
    const item = conversations.getByRole('button', { name: /Where do I upload the census file\?/ });
    await item.waitFor();
    const summary = await item.innerText();
    expect(summary).toContain(`${benAdmin.firstName} ${benAdmin.lastName}`);
    expect(summary).toContain('Waiting for reply');
    expect(summary).not.toContain(DEMO_CLIENT_ID);
    await item.click();
    await staff
      .getByRole('heading', { level: 2, name: `${benAdmin.firstName} ${benAdmin.lastName}` })
      .waitFor();
    await staff.getByLabel('Message').fill('On the enrollment task of each policy.');
    await staff.getByRole('button', { name: 'Send' }).click();
    await staff.getByText('On the enrollment task of each policy.').waitFor();
    await fullPageScreenshot(staff, 'support-chats-staff.png');

    // The user's open dialog reads the answer, by the staff member's name, once they look at it again.
    await user.bringToFront();
    await dialog.getByText('On the enrollment task of each policy.').waitFor({ timeout: 15_000 });
    expect(await dialog.getByText(`${admin.firstName} ${admin.lastName}`, { exact: true }).count()).toBe(1);
    await user.screenshot({ path: screenshotPath('support-chat-user.png') });
    await user.close();
    await staff.close();
  });

  it('a chat that does not come up within 6 s logs a warning and offers e-mail instead', async () => {
    const user = await portal.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const warnings: string[] = [];
    user.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await portal.signInOn(user, benAdmin.email);
    await openHub(user, portal.app.url, DEMO_CLIENT_ID);
    // The chat's service never answers.
    await user.route('**/api/support/conversations**', () => undefined);
    await user.getByRole('button', { name: 'Get Help' }).click();
    await user.getByRole('button', { name: 'Chat with us' }).click();
    const unavailable = user.getByTestId('chat-unavailable');
    await unavailable.waitFor({ timeout: 15_000 });
    expect(await unavailable.innerText()).toContain('The support chat is not available right now.');
    expect(warnings).toContain('Support chat did not load within 6 s');
    await user.close();
  });
});
