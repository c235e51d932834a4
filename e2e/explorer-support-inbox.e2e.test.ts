import { describe, expect, it } from 'vitest';
import {
  DEMO_CLIENT_ID,
  DEMO_EXPLORER_PAGE_ID,
  DEMO_EXPLORER_SLUG,
  DEMO_USERS,
} from '@onboard/platform/seed';
import { eventually } from '@onboard/platform/testing/http-client';
import { fullPageScreenshot, seriousViolations, signInThroughUi } from './browser.ts';
import { noBrowser, portalUnderTest } from './testing/portal.ts';

const MANAGE = `/clients/admin/${DEMO_CLIENT_ID}/manage`;
const SUPPORT = `${MANAGE}/benefits-explorer/${DEMO_EXPLORER_PAGE_ID}/support`;
const QUESTION = 'Does the dental plan cover braces?';
const ANSWER = 'Yes: orthodontics is covered at 50% for children under 19.';

type Conversation = { messages: { author: string; text: string }[] };

describe.skipIf(noBrowser)('Explorer support inbox in the browser', () => {
  const portal = portalUnderTest('e2e_explorer_support_inbox');

  it('staff see a visitor’s chat appear, marked waiting, and answer it; the visitor gets the answer', async () => {
    const admin = DEMO_USERS.find((u) => u.email === 'admin@onboard.example')!;
    const staffContext = await portal.browser.newContext({
      viewport: { width: 1280, height: 900 },
    });
    const staff = await staffContext.newPage();

    // Staff reach the inbox from the site list of the client manage page; nobody has chatted yet.
    await staff.goto(`${portal.app.url}${MANAGE}`);
    await staff.waitForURL(/\/login/);
    await signInThroughUi(staff, admin.email, portal.app.config.demoPassword, portal.auth);
    await staff.getByRole('heading', { name: 'Benefits Explorer sites' }).waitFor();
    await staff
      .getByRole('link', { name: /^Support conversations of / })
      .first()
      .click();
    await staff.waitForURL((url) => url.pathname === SUPPORT);
    await staff.getByRole('heading', { level: 1, name: 'Support conversations' }).waitFor();
    await staff.getByTestId('support-empty').waitFor();
    expect(await staff.getByText('Select a conversation to read it and reply.').isVisible()).toBe(true);

    // A visitor of the public page asks through the support panel, in another browser context.
    const visitorContext = await portal.browser.newContext({});
    const visitor = await visitorContext.newPage();
    await visitor.goto(`${portal.app.url}/benefits-explorer/${DEMO_EXPLORER_SLUG}`);
    await visitor.getByRole('heading', { level: 1, name: 'Lakeside Manufacturing Co.' }).waitFor();
    const started = visitor.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().endsWith('/support/conversations'),
    );
    await visitor.getByRole('button', { name: 'Chat with us' }).click();
    const { conversationId } = (await (await started).json()) as { conversationId: string };
    const panel = visitor.locator('#explorer-support-panel');
    await panel.getByText('Department: Benefits Explorer Demo').waitFor();
    await panel.getByRole('textbox').fill(QUESTION);
    await panel.getByRole('button', { name: /^Send message/ }).click();
    await panel.getByText(`You: ${QUESTION}`).waitFor();

    // The open inbox picks the chat up by itself (it polls), with its last message, marked waiting.
    const row = staff.getByTestId('support-conversation');
    await row.getByTestId('support-waiting').waitFor({ timeout: 15_000 });
    expect(await row.count()).toBe(1);
    const rowText = await row.textContent();
    expect(rowText).toContain(`Visitor: ${QUESTION}`);
    expect(rowText).toContain('Benefits Explorer Demo');
    expect(rowText).toContain('1 message');

    await row.click();
    await staff.waitForURL((url) => url.searchParams.get('conversation') === conversationId);
    const thread = staff.getByTestId('support-thread');
    await thread.getByText(QUESTION).waitFor();
    expect(await thread.getByTestId('support-waiting').isVisible()).toBe(true);
    await fullPageScreenshot(staff, 'explorer-support-inbox-waiting.png');

    // An empty reply is refused on the spot; a real one shows in the thread as the agent's.
    await staff.getByRole('button', { name: 'Send reply' }).click();
    await staff.getByText('Please enter a message').waitFor();
    await staff.getByRole('textbox', { name: 'Reply' }).fill(ANSWER);
    await staff.getByRole('button', { name: 'Send reply' }).click();
    const reply = thread.locator('[data-testid="support-message"][data-author="agent"]');
    await reply.getByText(ANSWER).waitFor();
    expect(await staff.getByRole('textbox', { name: 'Reply' }).inputValue()).toBe('');
    expect(await thread.getByTestId('support-waiting').count()).toBe(0);
    // The list row follows on its next refresh: the agent had the last word.
    await row.getByText(`Support: ${ANSWER.slice(0, 40)}`).waitFor({ timeout: 15_000 });
    expect(await row.getByTestId('support-waiting').count()).toBe(0);
    expect(await row.textContent()).toContain('2 messages');

    const axe = await seriousViolations(staff, '#main');
    await fullPageScreenshot(staff, 'explorer-support-inbox.png');
    expect(axe).toEqual([]);

    // The visitor's conversation, read by its id as the visitor does, holds the agent's answer.
    const conversation = await eventually(async () => {
      const response = await fetch(
        `${portal.app.url}/api/explorer-pages/${DEMO_EXPLORER_PAGE_ID}/support/conversations/${conversationId}`,
        { headers: { accept: 'application/json' } },
      );
      const body = (await response.json()) as Conversation;
      if (body.messages.length < 2) throw new Error('the reply is not visible yet');
      return body;
    });
    expect(conversation.messages.map((m) => [m.author, m.text])).toEqual([
      ['visitor', QUESTION],
      ['agent', ANSWER],
    ]);
    // ... and the visitor's open panel shows it too.
    await panel.getByText(`Support: ${ANSWER}`).waitFor({ timeout: 15_000 });

    // The site's edit page links to the inbox as well.
    await staff.goto(`${portal.app.url}${MANAGE}/benefits-explorer/${DEMO_EXPLORER_PAGE_ID}`);
    await staff.getByRole('link', { name: 'Support conversations' }).click();
    await staff.waitForURL((url) => url.pathname === SUPPORT);
    await staff.getByTestId('support-conversation').waitFor();

    await visitorContext.close();
    await staffContext.close();
  }, 90_000);
});
