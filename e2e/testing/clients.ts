import type { Locator, Page } from 'playwright-core';
import { admin, type Portal } from './portal.ts';

/** A policy of a new client, as staff enter it: its number, effective date and one coverage. */
export type NewPolicy = { readonly number: string; readonly effective: string; readonly coverage: string };

/**
 * Opens the New client dialog on the client list `page` shows and fills it as staff do: a new case with
 * Adam Alvarez as implementation consultant and each policy in its own region. Returns the dialog, ready
 * for 'Create client'.
 */
export async function fillNewClient(
  page: Page,
  client: { readonly name: string; readonly ticket: string; readonly policies: readonly NewPolicy[] },
): Promise<Locator> {
  await page.getByRole('button', { name: 'New client' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Client name').fill(client.name);
  await dialog.getByLabel('Ticket ID').fill(client.ticket);
  await dialog.getByRole('button', { name: /Implementation consultant/ }).click();
  await page.getByRole('listbox').getByRole('option', { name: 'Adam Alvarez', exact: true }).click();
  await dialog.getByText('New case', { exact: true }).click();
  for (const [index, policy] of client.policies.entries()) {
    if (index > 0) await dialog.getByRole('button', { name: 'Add a policy' }).click();
    const region = dialog.getByRole('region', { name: `Policy ${index + 1}` });
    await region.getByLabel('Policy number').fill(policy.number);
    await region.getByLabel('Effective date').fill(policy.effective);
    await region.getByText(policy.coverage, { exact: true }).click();
  }
  return dialog;
}

/** Signs `page` in as staff, opens the client list and fills the New client dialog there (fillNewClient). */
export async function newClientAsStaff(
  portal: Portal,
  page: Page,
  client: Parameters<typeof fillNewClient>[1],
) {
  await portal.signInOn(page, admin.email);
  await page.goto(`${portal.app.url}/clients/admin`);
  return fillNewClient(page, client);
}

/** Creates the client the filled dialog describes; returns its id, read from the manage page it leads to. */
export async function createClient(page: Page, dialog: Locator): Promise<string> {
  await dialog.getByRole('button', { name: 'Create client' }).click();
  await page.waitForURL(/\/clients\/admin\/[^/]+\/manage$/);
  return decodeURIComponent(new URL(page.url()).pathname.split('/')[3]!);
}
