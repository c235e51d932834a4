import type { Page } from 'playwright-core';

export { seriousViolations, type AxeViolation } from './browser.ts';

/** Browser steps shared by the Explorer tests: accessibility checks and the staff site form. */

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A react-aria Select of the staff form: its trigger is named by its value and its label. */
export async function choose(page: Page, label: string, option: string) {
  await page.getByRole('button', { name: new RegExp(`${escapeRegExp(label)}$`) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

export async function fillAll(page: Page, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values))
    await page.getByLabel(label, { exact: true }).fill(value);
}

/** Opens the plan editor of the staff site form and fills what every plan has. */
export async function startPlan(
  page: Page,
  plan: { type: string; carrier: string; name: string; planType: string },
) {
  await page.getByRole('button', { name: 'Add plan' }).click();
  await choose(page, 'Benefit type', plan.type);
  await fillAll(page, { 'Carrier ID': plan.carrier, 'Plan name': plan.name });
  await choose(page, 'Plan type', plan.planType);
}
