import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { fullPageScreenshot, screenshotPath } from './browser.ts';
import { benAdmin, broker, noBrowser, portalUnderTest } from './testing/portal.ts';
import { createClient, newClientAsStaff } from './testing/clients.ts';

/** The day the browsers live in (the web's injected clock): the due-date badges are read against it. */
const TODAY = '2027-01-11';

/**
 * An onboarding from the staff's first click to the employer's hub: staff open a client with two
 * policies, date and review its tasks, send one back; the client's benefits administrator is welcomed,
 * then sees what needs fixing and the timeline; staff find the client by its open NIGO, then archive it.
 */
describe.skipIf(noBrowser)('an onboarding on the hub, in the browser', () => {
  const portal = portalUnderTest('e2e_onboarding_hub');
  let staff: Page;
  let client: Page;
  let clientId = '';

  beforeAll(async () => {
    staff = await portal.openPage();
    client = await portal.openPage();
    for (const page of [staff, client])
      await page.context().addInitScript((today) => {
        window.__ONBOARD_NOW__ = today;
      }, TODAY);
  });

  const taskPage = (taskId: string, policyId?: string) =>
    `${portal.app.url}/client/${clientId}/task/${taskId}${policyId ? `/${policyId}` : ''}`;

  /** Staff move a task's due date; when it carries tasks that depend on it along, they agree. */
  async function setDueDate(taskId: string, dueDate: string) {
    await staff.goto(taskPage(taskId));
    const field = staff.getByTestId('staff-controls').locator('[data-field="dueDate"]');
    await field.fill(dueDate);
    await staff.getByRole('button', { name: 'Save due date' }).click();
    const moveAll = staff.getByRole('alertdialog').getByRole('button', { name: /^Move \d+ tasks$/ });
    const notice = staff.getByTestId('task-notice');
    await moveAll.or(notice).first().waitFor();
    if (await moveAll.isVisible()) await moveAll.click();
    await notice.getByText(/^Due date moved to /).waitFor();
    await expect.poll(() => field.inputValue()).toBe(dueDate);
  }

  it('staff open a client with two policies; its tasks follow with their pills and badges', async () => {
    const dialog = await newClientAsStaff(portal, staff, {
      name: 'Harborview Dental Group',
      ticket: 'ONB-2301',
      policies: [
        { number: '771001', effective: '2027-03-01', coverage: 'Dental' },
        { number: '771002', effective: '2027-03-01', coverage: 'Long Term Disability' },
      ],
    });
    await staff.screenshot({ path: screenshotPath('onboarding-new-client.png') });
    clientId = await createClient(staff, dialog);

    // Dated against the browsers' day: one past due, one due today, one due soon (each after the tasks
    // it needs: the ones that depend on a moved task move with it, once agreed).
    await setDueDate('kickoff-call', '2027-01-05');
    await setDueDate('company-profile', TODAY);
    await setDueDate('onboarding-forms', '2027-01-14');
    const dueOf = (taskId: string) =>
      staff.getByTestId(`hub-task-${taskId}`).getByTestId('task-due').innerText();
    // The hub reads the tasks' read model, which may be a moment behind the last due date saved.
    await expect
      .poll(async () => {
        await staff.goto(`${portal.app.url}/client/${clientId}`);
        await staff.getByTestId('hub-task-kickoff-call').waitFor();
        return dueOf('onboarding-forms');
      })
      .toBe('Due Soon: Due by 01/14/2027');
    expect(await dueOf('company-profile')).toBe('Due today');
    expect(await dueOf('kickoff-call')).toBe('Past Due: Due by 01/05/2027');
    expect(await staff.getByTestId('hub-task-kickoff-call').getByTestId('task-pill').innerText()).toBe(
      'Not Started',
    );
    // Two policies, each with its own group of tasks.
    expect(await staff.getByTestId('hub-task-group').count()).toBe(3);
    await fullPageScreenshot(staff, 'onboarding-hub-staff.png');
  });

  it('staff send the census of the first policy back with the reason the client reads', async () => {
    await staff.goto(`${portal.app.url}/client/${clientId}`);
    const census = staff.getByTestId('hub-task-group').nth(1).getByTestId('hub-task-enrollment-elections');
    await census.getByRole('link').click();
    await staff.getByTestId('staff-controls').waitFor();
    await staff.getByTestId('staff-controls').locator('[data-field="status"]').selectOption('NIGO');
    await staff.getByRole('button', { name: 'Set status' }).click();
    const dialog = staff.getByRole('dialog');
    await dialog.getByLabel('What needs to be fixed').fill('The census has no salaries for hourly staff');
    await dialog.getByRole('button', { name: 'Send back' }).click();
    await staff.getByTestId('nigo-reason').waitFor();
    expect(await staff.getByTestId('task-status').innerText()).toBe('Action Required');
  });

  it('staff set the ongoing service call; its calendar file holds the time and the link', async () => {
    await staff.goto(taskPage('ongoing-service-call'));
    const form = staff.getByTestId('call-form');
    await form.getByLabel('Date and time').fill('2027-03-30T14:30');
    await form.locator('[data-field="call.durationMinutes"]').selectOption('45');
    await form.getByLabel('Meeting link').fill('https://meet.example/harborview');
    await form.getByRole('button', { name: 'Save the call' }).click();
    await staff.getByText('The call is set; its day is now the due date.').waitFor();
    expect(await staff.getByTestId('call-date').innerText()).toMatch(/Mar 30, 2027, 2:30/);
    expect(await staff.getByTestId('due-date').innerText()).toBe('Due by 03/30/2027');
    const [download] = await Promise.all([
      staff.waitForEvent('download'),
      staff.getByRole('button', { name: 'Add to my calendar (.ics)' }).click(),
    ]);
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    const ics = Buffer.concat(chunks).toString('utf8');
    expect(ics).toContain('BEGIN:VEVENT');
    expect(ics).toMatch(/DTSTART:\d{8}T\d{6}Z/);
    expect(ics).toContain('LOCATION:https://meet.example/harborview');
    await fullPageScreenshot(staff, 'onboarding-call.png');
  });

  it('the benefits administrator is welcomed first, then sees the NIGO item and the timeline', async () => {
    // The client's people: staff pick the client by name on each person's page, then work through setup.
    for (const [path, user] of [
      ['ben-admins', benAdmin],
      ['brokers', broker],
    ] as const) {
      await staff.goto(`${portal.app.url}/${path}/admin/${user.id}/manage`);
      await staff.getByRole('combobox', { name: 'Assign to client' }).fill('Harborview');
      await staff.getByRole('option', { name: 'Harborview Dental Group' }).click();
      await staff.getByRole('button', { name: 'Assign', exact: true }).click();
      await staff.getByText('Assigned to Harborview Dental Group.').waitFor();
    }
    await staff.goto(`${portal.app.url}/clients/admin/${clientId}/manage`);
    const checklist = staff.getByTestId('setup-checklist');
    await checklist.waitFor();
    for (let i = 0; i < 5; i++) {
      await checklist.getByRole('button', { name: 'Mark done' }).first().click();
      await expect.poll(() => checklist.getByRole('button', { name: 'Mark done' }).count()).toBe(4 - i);
    }
    await fullPageScreenshot(staff, 'onboarding-manage.png');

    await portal.signInOn(client, benAdmin.email);
    await client.goto(`${portal.app.url}/client/${clientId}`);
    await client.waitForURL((url) => url.pathname === `/client/${clientId}/welcome`);
    expect(await client.getByTestId('implementation-consultant').innerText()).toContain('Adam Alvarez');
    await fullPageScreenshot(client, 'onboarding-welcome.png');
    await client.getByRole('button', { name: 'Get started' }).click();
    await client.waitForURL((url) => url.pathname === `/client/${clientId}`);
    const census = client.getByTestId('hub-task-group').nth(1).getByTestId('hub-task-enrollment-elections');
    expect(await census.getByTestId('task-pill').innerText()).toBe('Action Required');
    const timeline = client.getByTestId('onboarding-timeline');
    await timeline.waitFor();
    expect(await timeline.getByTestId('timeline-policy').count()).toBe(2);
    expect(await timeline.getByTestId('timeline-nigo').first().innerText()).toContain('Enrollment elections');
    await fullPageScreenshot(client, 'onboarding-hub-client.png');
    await census.getByRole('link').click();
    expect(await client.getByTestId('nigo-reason').innerText()).toContain(
      'The census has no salaries for hourly staff',
    );
    // A second visit goes straight to the hub.
    await client.goto(`${portal.app.url}/client/${clientId}`);
    await client.getByTestId('onboarding-timeline').waitFor();
    expect(new URL(client.url()).pathname).toBe(`/client/${clientId}`);
  });

  it('staff find the client by its open NIGO on the client list', async () => {
    await staff.goto(`${portal.app.url}/clients/admin`);
    const table = staff
      .getByRole('grid', { name: 'Clients' })
      .or(staff.getByRole('table', { name: 'Clients' }));
    await table.waitFor();
    await staff.getByText('Has NIGO', { exact: true }).click();
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    expect(await table.getByRole('row').nth(1).innerText()).toContain('Harborview Dental Group');
    await fullPageScreenshot(staff, 'onboarding-client-list-nigo.png');
    // Kept for this person: the filter is still on after a reload; then cleared.
    await staff.reload();
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    await staff.getByText('Has NIGO', { exact: true }).click();
    await expect.poll(() => table.getByRole('row').count()).toBeGreaterThan(2);
  });

  it('staff archive the client: the benefits administrator no longer finds it', async () => {
    await staff.goto(`${portal.app.url}/clients/admin/${clientId}/manage`);
    await staff.getByRole('button', { name: 'Archive' }).click();
    await staff.getByTestId('lifecycle-states').getByText('Archived').waitFor();
    await client.goto(`${portal.app.url}/client/${clientId}`);
    await client
      .getByText(/not found|no longer|does not exist/i)
      .first()
      .waitFor();
  });
});
