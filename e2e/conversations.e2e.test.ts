import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CLIENT_ID } from '@onboard/platform/seed';
import { submitCensus } from '@onboard/platform/testing/census';
import { apiClient, eventually } from '@onboard/platform/testing/http-client';
import { startTestSmtpServer, type TestSmtpServer } from '@onboard/platform/emails/testing-smtp';
import { expectNoSeriousAxeViolations, fullPageScreenshot, openHub, screenshotPath } from './browser.ts';
import { CENSUS_PATH, POLICY_ID } from './testing/census.ts';
import { demoUser, noBrowser, portalUnderTest } from './testing/portal.ts';

const HEADER =
  'Employee ID,First Name,Last Name,SSN,Date of Birth,Hire Date,Employee Class,Hours per week,Location,State,ZIP,Annual Salary';
const ROW = 'E1,Ada,Lovelace,123-45-6789,12/10/1985,03/15/2020,Salaried,40,Head office,NY,10001,85000';

// A question where it arises: a benefits administrator asks the carrier's consultant about a census row,
// mentioning them; the consultant follows the e-mail's link, answers and resolves it; the administrator's
// open page follows every step over the real-time stream, and the hub lists the conversation.
describe.skipIf(noBrowser)('conversations in the browser', () => {
  let smtp: TestSmtpServer;
  const consultant = demoUser('SLF_ADMIN');
  const benAdmin = demoUser('BEN_ADMIN');
  let reportPath = '';

  // Stopped after the portal (hooks after the tests run last registered first).
  afterAll(async () => {
    await smtp?.stop();
  });
  const portal = portalUnderTest('e2e_conversations', async (base) => {
    smtp = await startTestSmtpServer();
    return { ...base, email: { ...base.email, smtpUrl: smtp.url, retryBaseMs: 500, pollMs: 500 } };
  });
  beforeAll(async () => {
    // The client's census, uploaded by its broker: rows 2 and 3 share an SSN.
    const api = apiClient(portal.app.url);
    await api.signIn(demoUser('BROKER').email);
    const census = `/api/clients/${DEMO_CLIENT_ID}/census/${POLICY_ID}`;
    const document = await submitCensus(
      api,
      census,
      { bytes: `${HEADER}\n${ROW}\n${ROW.replace('E1', 'E2')}\n`, name: 'census-2026.csv' },
      'BEN_ADMIN_PLATFORM',
    );
    await eventually(async () => {
      const list = (await api.get(`${census}/validate`)).body as { document: { status: string } }[];
      expect(list[0]!.document.status).toBe('VALIDATED');
    }, 30_000);
    reportPath = `${CENSUS_PATH}/validation-report/${document.documentId}`;
  });

  it('a benefits administrator mentions the consultant on a census row; the consultant answers from the e-mail’s link and resolves it', async () => {
    // 1. The administrator opens the report, picks the row's issue and asks, mentioning the consultant.
    // (The report is a page without the portal's header: signed in on the person's list first.)
    const asker = await portal.signInAt(benAdmin.email, '/conversations', { bypassCSP: true });
    await asker.getByText('No conversation yet', { exact: false }).waitFor();
    await asker.goto(`${portal.app.url}${reportPath}`);
    await asker.getByRole('heading', { name: 'Census validation report' }).waitFor();
    // By keyboard: the 'Discuss' brings the row's conversations into view and focus.
    await asker.getByRole('button', { name: 'Discuss row 3' }).first().focus();
    await asker.keyboard.press('Enter');
    const panel = asker.getByTestId('conversations');
    await panel.getByRole('heading', { name: 'Conversations on Row 3 of census-2026.csv' }).waitFor();
    await expect
      .poll(() => asker.evaluate(() => document.activeElement?.textContent))
      .toBe('Conversations on Row 3 of census-2026.csv');
    await panel.getByText('No conversation on this yet.').waitFor();
    await panel.getByRole('button', { name: 'Start a conversation' }).click();
    // An empty message is refused, and nothing is sent.
    await panel.getByRole('button', { name: 'Start conversation' }).click();
    await panel.getByText('Please write a message').waitFor();
    await panel.getByLabel('Message').fill(`@${consultant.name} is row 3 the same person as row 2?`);
    // Internal notes are staff's: the administrator is not offered them.
    expect(await panel.getByText('Internal note').count()).toBe(0);
    await panel.locator('label', { hasText: `${consultant.name} (Carrier admin)` }).click();
    expect(
      await panel.getByRole('checkbox', { name: `${consultant.name} (Carrier admin)` }).isChecked(),
    ).toBe(true);
    await panel.getByRole('button', { name: 'Start conversation' }).click();
    const thread = panel.getByTestId('conversation');
    await thread.getByText('is row 3 the same person as row 2?').waitFor();
    await thread.getByText(`Mentioned: ${consultant.name} (Carrier admin)`).waitFor();
    expect(await thread.getByTestId('conversation-status').innerText()).toBe('Open');
    await expectNoSeriousAxeViolations(asker);

    // 2. The consultant's e-mail, by the notification rules, links to the thread.
    // (Other hand-offs, such as the census validated with errors, reach the consultant too.)
    const mentionMail = () => smtp.received.find((m) => m.parsed.subject?.includes('mentioned you'));
    await expect.poll(mentionMail, { timeout: 20_000 }).toBeDefined();
    const mail = mentionMail();
    expect(mail, 'the mention e-mail').toBeDefined();
    expect(mail!.envelope.to).toEqual([consultant.email]);
    expect(mail!.parsed.subject).toBe(`${benAdmin.name} mentioned you: Row 3 of census-2026.csv`);
    const base = portal.app.url.replace(/[.]/g, '\\.');
    const link = new RegExp(`${base}/client/${DEMO_CLIENT_ID}/conversations/[\\w-]+`).exec(
      mail!.parsed.text ?? '',
    )?.[0];
    expect(link, 'a link to the conversation').toBeDefined();

    // 3. The consultant opens it (signing in on the way), answers and resolves it.
    const answerer = await portal.signInAt(consultant.email, new URL(link!).pathname, { bypassCSP: true });
    await answerer.getByRole('heading', { level: 2, name: 'Row 3 of census-2026.csv' }).waitFor();
    await answerer.getByText('is row 3 the same person as row 2?').waitFor();
    await answerer.getByLabel('Reply').fill('Yes: the same SSN twice. Remove row 3 and upload again.');
    await answerer.getByRole('button', { name: 'Send reply' }).click();
    await answerer.getByText('Remove row 3 and upload again.').waitFor();
    // Resolving right after one's own reply (while the page marks the thread read) resolves it at once.
    await answerer.getByRole('button', { name: 'Resolve' }).click();
    await expect
      .poll(() => answerer.getByTestId('conversation-status').innerText(), { timeout: 15_000 })
      .toBe('Resolved');
    await answerer.getByText('You resolved the conversation').waitFor();
    await fullPageScreenshot(answerer, 'conversation-thread.png');
    await expectNoSeriousAxeViolations(answerer);

    // 4. The administrator's open page follows without a reload: the answer and the resolution.
    await thread.getByText('Remove row 3 and upload again.').waitFor({ timeout: 15_000 });
    await expect
      .poll(() => thread.getByTestId('conversation-status').innerText(), { timeout: 15_000 })
      .toBe('Resolved');
    await thread.getByText(`${consultant.name} (Carrier admin) resolved the conversation`).waitFor();

    // 4b. Staff keep an internal note on an EIF answer: the client's people never see it.
    await answerer.goto(
      `${portal.app.url}/client/${DEMO_CLIENT_ID}/task/eif-submit-company-information/step/company-information/tax-id`,
    );
    const answers = answerer.getByTestId('answer-conversations');
    await answers.getByRole('button', { name: 'Show (0 discussed)' }).click();
    await answers.getByRole('heading', { name: 'Conversations on Federal Tax ID (EIN)' }).waitFor();
    await answers.getByRole('button', { name: 'Start a conversation' }).click();
    await answers.getByLabel('Message').fill('The EIN on the last bill differs: check before signing.');
    await answers.locator('label', { hasText: 'Internal note' }).click();
    await answers.getByRole('button', { name: 'Start conversation' }).click();
    await answers.getByText('Internal note (staff only)', { exact: true }).waitFor();

    // 5. The owner asks the administrator about a task, mentioning them: the hub lists both threads,
    // one open and unread; the administrator's own list too, at a phone's width.
    const owner = apiClient(portal.app.url);
    await owner.signIn(demoUser('SLF_OWNER').email);
    const mentionable = (await owner.get(`/api/clients/${DEMO_CLIENT_ID}/conversation-people`)).body as {
      people: { userId: string; name: string }[];
    };
    const asked = await owner.post(`/api/clients/${DEMO_CLIENT_ID}/conversations`, {
      subject: { type: 'TASK', key: `enrollment-elections/${POLICY_ID}`, label: 'Enrollment elections' },
      text: `@${benAdmin.name} will the corrected census come this week?`,
      mentions: [mentionable.people.find((p) => p.name === benAdmin.name)!.userId],
    });
    expect(asked.status).toBe(201);
    await openHub(asker, portal.app.url, DEMO_CLIENT_ID);
    const hub = asker.getByTestId('hub-conversations');
    await hub.getByRole('link', { name: 'Row 3 of census-2026.csv' }).waitFor();
    await hub.getByRole('link', { name: 'Enrollment elections' }).waitFor();
    await expect
      .poll(() => hub.getByTestId('hub-conversations-counts').innerText())
      .toBe('1 open · 1 unread');
    expect(await hub.getByText('Federal Tax ID (EIN)').count()).toBe(0);
    await hub.scrollIntoViewIfNeeded();
    await asker.screenshot({
      path: screenshotPath('conversations-hub.png'),
      fullPage: false,
    });
    await asker.setViewportSize({ width: 390, height: 844 });
    await asker.goto(`${portal.app.url}/conversations`);
    await asker.getByRole('heading', { level: 1, name: 'Conversations' }).waitFor();
    await asker.getByRole('link', { name: 'Row 3 of census-2026.csv' }).waitFor();
    const overflow = await asker.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await fullPageScreenshot(asker, 'conversations-mine-390.png');
    // By keyboard: the link is reached with Tab and opened with Enter.
    await asker.getByRole('link', { name: 'Row 3 of census-2026.csv' }).focus();
    await asker.keyboard.press('Enter');
    await asker.waitForURL(/\/conversations\/[\w-]+$/);
    await asker.getByText('Remove row 3 and upload again.').waitFor();
  });
});
