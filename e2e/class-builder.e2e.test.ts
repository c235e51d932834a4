import { describe, expect, it } from 'vitest';
import { CLASS_MESSAGES } from '@onboard/domain';
import { DEMO_CLIENT_ID } from '@onboard/platform/seed';
import { fullPageScreenshot, screenshotPath } from './browser.ts';
import { demoUser, noBrowser, portalUnderTest } from './testing/portal.ts';
import { answerChanged, appendToEif } from '@onboard/testing/eif-events';

const CLASS_BUILDER_PATH = `/client/${DEMO_CLIENT_ID}/task/eif-submit-company-information/step/plan-configuration-&-eligibility/class-builder`;

describe.skipIf(noBrowser)('class builder in the browser', () => {
  const portal = portalUnderTest('e2e_classes');

  it('a benefits administrator creates, duplicates and deletes a class', async () => {
    const benAdmin = demoUser('BEN_ADMIN');
    const page = await portal.signIn(benAdmin.email, { path: CLASS_BUILDER_PATH });
    await page.waitForURL((url) => decodeURIComponent(url.pathname) === CLASS_BUILDER_PATH);
    await page.getByTestId('class-builder-empty').waitFor();

    await page.getByRole('link', { name: 'Create class' }).click();
    await page.getByRole('heading', { name: 'Create class' }).waitFor();
    await page.getByLabel('Class name').fill('Salaried');
    const dental = page.getByTestId('plan-plan-dental');
    await dental.getByText(/^Offer /).click();
    await dental.getByText('First of the month after the date of hire').click();
    await dental.getByRole('textbox', { name: /Employer contribution/ }).fill('60');
    await dental.getByRole('textbox', { name: /Employee contribution/ }).fill('30');
    await page.getByRole('button', { name: 'Save class' }).click();

    // The server's message lands on the employee share, and nothing is saved.
    const totalMessage = 'Employer and employee contributions must add up to 100% (now 90%)';
    await dental.getByText(totalMessage).waitFor();
    expect(
      await dental.getByRole('textbox', { name: /Employee contribution/ }).getAttribute('aria-invalid'),
    ).toBe('true');
    await fullPageScreenshot(page, 'class-builder-editor-error.png');

    await dental.getByRole('textbox', { name: /Employee contribution/ }).fill('40');
    await page.getByRole('button', { name: 'Save class' }).click();
    await page.waitForURL((url) => decodeURIComponent(url.pathname) === CLASS_BUILDER_PATH);
    const rows = page.getByTestId('class-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(1);
    expect(await rows.first().innerText()).toMatch(
      /Salaried[\s\S]*Full-time[\s\S]*1 plan[\s\S]*Contributions: Complete/,
    );

    await page.getByRole('button', { name: 'Duplicate Salaried' }).click();
    await page.getByText('Copied as “Salaried (copy)”').waitFor();
    expect(await rows.count()).toBe(2);
    await page.getByTestId('class-builder-notice').scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('class-builder-list.png') });

    await page.getByRole('button', { name: 'Delete Salaried (copy)' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('“Salaried (copy)” and its plan choices').waitFor();
    await dialog.getByRole('button', { name: 'Delete class' }).click();
    await page.getByText('Deleted “Salaried (copy)”').waitFor();
    expect(await rows.count()).toBe(1);

    // Editing opens the saved answers.
    await page.getByRole('link', { name: 'Edit Salaried' }).click();
    await page.getByRole('heading', { name: 'Edit Salaried' }).waitFor();
    expect(
      await page
        .getByTestId('plan-plan-dental')
        .getByRole('textbox', { name: /Employer contribution/ })
        .inputValue(),
    ).toBe('60');
    await fullPageScreenshot(page, 'class-builder-editor.png');

    // One class for everyone (answered meanwhile, here straight into the form's stream): a second class
    // is refused with the server's message, and the editor stays open with what was typed.
    await appendToEif(portal.app.store, DEMO_CLIENT_ID, [
      answerChanged(DEMO_CLIENT_ID, 'Client', DEMO_CLIENT_ID, 'needsEmployeeClasses', false),
    ]);
    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.getByRole('link', { name: 'Create class' }).click();
    await page.getByLabel('Class name').fill('Hourly');
    await page.getByRole('button', { name: 'Save class' }).click();
    await page.getByTestId('class-builder-notice').getByText(CLASS_MESSAGES.alreadyHasClasses).waitFor();
    expect(await page.getByLabel('Class name').inputValue()).toBe('Hourly');
    await page.close();
  });

  it('shows a collision with both answers when someone else changed the same answer, and keeps mine', async () => {
    const benAdmin = demoUser('BEN_ADMIN');
    const page = await portal.signIn(benAdmin.email, { path: CLASS_BUILDER_PATH });
    await page.waitForURL((url) => decodeURIComponent(url.pathname) === CLASS_BUILDER_PATH);
    await page.getByRole('link', { name: 'Edit Salaried' }).click();
    await page.getByRole('heading', { name: 'Edit Salaried' }).waitFor();
    const classId = decodeURIComponent(new URL(page.url()).pathname).split('/').at(-1)!;

    // Meanwhile a carrier admin changes the class's description (straight into the form's stream).
    await appendToEif(portal.app.store, DEMO_CLIENT_ID, [
      answerChanged(DEMO_CLIENT_ID, 'EmployeeClass', classId, 'description', 'Office staff'),
    ]);
    await page.getByLabel('Description (optional)').fill('Salaried employees');
    await page.getByLabel('Minimum hours per week (optional)').fill('25');
    await page.getByRole('button', { name: 'Save class' }).click();

    const collision = page.getByTestId('collision');
    await collision.getByText('Someone else changed this answer while you were editing').waitFor();
    expect(await collision.getByTestId('collision-answer').count()).toBe(1);
    expect(await collision.getByTestId('collision-answer').innerText()).toMatch(
      /Description[\s\S]*Their answer \(Adam Alvarez[\s\S]*Office staff[\s\S]*Your answer[\s\S]*Salaried employees/,
    );
    expect(await collision.innerText()).not.toContain(classId);
    await fullPageScreenshot(page, 'class-builder-collision.png');

    await collision.getByRole('button', { name: 'Keep my answer' }).click();
    await page.waitForURL((url) => decodeURIComponent(url.pathname) === CLASS_BUILDER_PATH);
    const row = page.getByTestId('class-row').first();
    await row.getByText('Salaried employees').waitFor();
    expect(await row.innerText()).toMatch(/25\+ hours a week/);
    await page.close();
  });
});
