import { addDays } from 'date-fns';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { expectNoSeriousAxeViolations, fullPageScreenshot, screenshotPath } from './browser.ts';
import { benAdmin, noBrowser, portalUnderTest } from './testing/portal.ts';
import { createClient, newClientAsStaff } from './testing/clients.ts';

/** YYYY-MM-DD of a day (noon UTC keeps it the same day everywhere). */
const day = (date: Date) => date.toISOString().slice(0, 10);
const plusDays = (iso: string, days: number) => day(addDays(new Date(`${iso}T12:00:00Z`), days));
const today = day(new Date());
/** 'Due by 01/14/2027' or 'Due today' (a due-date badge) as YYYY-MM-DD. */
const badgeDate = (text: string) => {
  const found = /(\d\d)\/(\d\d)\/(\d{4})/.exec(text);
  return found ? `${found[3]}-${found[1]}-${found[2]}` : today;
};
/** 'Expected Jan 5, 2027' or 'Reached …' on a timeline phase, as YYYY-MM-DD. */
const phaseDate = (text: string) => {
  const found = /([A-Z][a-z]{2} \d{1,2}, \d{4})/.exec(text);
  return found ? day(new Date(Date.parse(`${found[1]} 12:00 UTC`))) : null;
};

/**
 * The onboarding's schedule in the browser: a client whose policy takes effect in six weeks gets a plan
 * compressed in order, the hub names the tasks at risk; staff move a due date and are shown the tasks that
 * depend on it before they move; and "My work" lists what waits on a person across their clients.
 */
describe.skipIf(noBrowser)('the schedule and my work, in the browser', () => {
  const portal = portalUnderTest('e2e_schedule');
  let staffContext: BrowserContext;
  let staff: Page;
  let clientId = '';
  const effective = plusDays(today, 45);

  beforeAll(async () => {
    staffContext = await portal.browser.newContext({
      viewport: { width: 1280, height: 900 },
      bypassCSP: true,
    });
    staff = await staffContext.newPage();
  });

  const hub = () => `${portal.app.url}/client/${clientId}`;
  const dueOn = async (taskId: string) => {
    const row = staff.getByTestId(`hub-task-${taskId}`);
    return badgeDate(await row.getByTestId('task-due').innerText());
  };

  it('a policy taking effect in six weeks: phases in order, and the hub names the tasks at risk', async () => {
    const dialog = await newClientAsStaff(portal, staff, {
      name: 'Northwind Logistics',
      ticket: 'ONB-3201',
      policies: [{ number: '880101', effective, coverage: 'Dental' }],
    });
    clientId = await createClient(staff, dialog);

    await staff.goto(hub());
    const timeline = staff.getByTestId('onboarding-timeline');
    // The tasks are scheduled a moment after the client.
    await expect
      .poll(
        async () => {
          await staff.goto(hub());
          await staff.getByTestId('hub-progress').or(staff.getByTestId('no-tasks')).first().waitFor();
          return timeline.isVisible();
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    const notice = timeline.getByTestId('compressed-plan');
    expect(await notice.innerText()).toContain('This plan is compressed.');
    const atRisk = await notice.getByTestId('task-at-risk').allInnerTexts();
    expect(atRisk.some((text) => text.startsWith('Submit company information'))).toBe(true);
    expect(atRisk.every((text) => /the usual lead needs it by [A-Z][a-z]{2} \d/.test(text))).toBe(true);
    // Every phase expected on or after the one before it, go-live on the effective date.
    const dates = (await timeline.locator('.timeline__dates').allInnerTexts()).map(phaseDate);
    expect(dates).toHaveLength(5);
    expect(dates.every((d) => d !== null)).toBe(true);
    expect([...dates].sort()).toEqual(dates);
    expect(dates[4]).toBe(effective);
    // Enrollment is due before go-live and after the kickoff call.
    expect(await dueOn('enrollment-elections')).toBe(plusDays(effective, -30));
    expect((await dueOn('enrollment-resources')) >= (await dueOn('kickoff-call'))).toBe(true);
    await timeline.screenshot({ path: screenshotPath('schedule-hub-timeline.png') });
    await expectNoSeriousAxeViolations(staff);

    // On a phone the phases and the notice stack; nothing runs off the side.
    await staff.setViewportSize({ width: 390, height: 844 });
    await staff.goto(hub());
    await timeline.getByTestId('compressed-plan').waitFor();
    expect(await staff.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await staff.setViewportSize({ width: 1280, height: 900 });
  });

  it('moving a due date later shows the tasks that depend on it, and moves them only once agreed', async () => {
    await staff.goto(hub());
    const profileDue = await dueOn('company-profile');
    const formsDue = await dueOn('onboarding-forms');
    const later = plusDays(formsDue, 10);
    await staff.goto(`${hub()}/task/company-profile`);
    const field = staff.getByTestId('staff-controls').locator('[data-field="dueDate"]');
    await field.fill(later);
    await staff.getByRole('button', { name: 'Save due date' }).click();
    const dialog = staff.getByRole('alertdialog');
    const moves = dialog.getByTestId('due-date-moves');
    await moves.waitFor();
    expect(await moves.innerText()).toContain('Moving Company profile to');
    const moved = await moves.locator('.due-moves__title').allInnerTexts();
    expect(moved).toContain('Sign onboarding forms');
    expect(moved.some((title) => title.startsWith('Dental rollover · Policy 880101'))).toBe(true);
    await staff.screenshot({ path: screenshotPath('schedule-move-due-date.png') });

    // Cancel: nothing moves.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await staff.goto(hub());
    expect(await dueOn('company-profile')).toBe(profileDue);

    // Agreed, by keyboard: the task and the ones that depend on it move together.
    await staff.goto(`${hub()}/task/company-profile`);
    await field.fill(later);
    await staff.getByRole('button', { name: 'Save due date' }).click();
    const confirm = dialog.getByRole('button', { name: /^Move \d+ tasks$/ });
    await confirm.focus();
    await staff.keyboard.press('Enter');
    await staff.getByText(/that depend on it moved with it\.$/).waitFor();
    await expect
      .poll(
        async () => {
          await staff.goto(hub());
          await staff.getByTestId('hub-task-onboarding-forms').waitFor();
          return [await dueOn('company-profile'), (await dueOn('onboarding-forms')) >= later];
        },
        { timeout: 10_000 },
      )
      .toEqual([later, true]);
  });

  it('my work: the benefits administrator’s tasks across clients, soonest first; staff read anyone’s', async () => {
    const context = await portal.browser.newContext({
      viewport: { width: 1280, height: 900 },
      bypassCSP: true,
    });
    const page = await context.newPage();
    await portal.signInOn(page, benAdmin.email);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My work' }).click();
    await page.waitForURL((url) => url.pathname === '/my-work');
    await page.getByRole('heading', { level: 1, name: 'My work' }).waitFor();
    const list = page.getByTestId('my-work');
    await list.getByTestId('work-item').first().waitFor();
    const rows = await list.getByTestId('work-item').allInnerTexts();
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.every((row) => row.includes('Lakeside Manufacturing Co.'))).toBe(true);
    // The hub's pills and badges, soonest due first.
    const pills = await list.getByTestId('task-pill').allInnerTexts();
    expect(pills.every((pill) => ['Not Started', 'In Progress', 'Action Required'].includes(pill))).toBe(
      true,
    );
    const dues = (await list.getByTestId('task-due').allInnerTexts()).map(badgeDate);
    expect([...dues].sort()).toEqual(dues);
    await fullPageScreenshot(page, 'my-work.png');
    await expectNoSeriousAxeViolations(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await list.getByTestId('work-item').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await fullPageScreenshot(page, 'my-work-phone.png');
    await context.close();

    // Staff: their own (the calls of the clients they consult), then the administrator's, picked by name.
    await staff.goto(`${portal.app.url}/clients/admin`);
    await staff.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My work' }).click();
    await staff.getByRole('heading', { level: 1, name: 'My work' }).waitFor();
    await staff.getByTestId('work-item').first().waitFor();
    expect(await staff.getByTestId('work-item').allInnerTexts()).toContainEqual(
      expect.stringContaining('Northwind Logistics'),
    );
    const picker = staff.getByRole('combobox', { name: 'Whose work' });
    await picker.fill('Adler');
    // The search answers a moment after the typing: then the one person found is the only option.
    await expect
      .poll(() => staff.getByRole('option').allInnerTexts())
      .toEqual([expect.stringMatching(/^Ben Adler · Benefits administrator/)]);
    await picker.press('ArrowDown');
    await picker.press('Enter');
    await staff.getByRole('heading', { level: 1, name: 'Ben Adler’s work' }).waitFor();
    expect(new URL(staff.url()).searchParams.get('person')).toBe(benAdmin.id);
    await expect.poll(() => staff.getByTestId('work-item').count()).toBe(rows.length);
    await fullPageScreenshot(staff, 'my-work-staff.png');
  });
});
