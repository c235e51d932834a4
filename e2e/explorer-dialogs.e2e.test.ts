import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_EXPLORER_SLUG } from '@onboard/platform/seed';
import { apiClient, eventually } from '@onboard/platform/testing/http-client';
import { expectNoSeriousAxeViolations, fullPageScreenshot, screenshotPath } from './browser.ts';
import { noBrowser, portalUnderTest } from './testing/portal.ts';

/** What the keyboard focus is on: its label (a field), its aria-label or its text. */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as (HTMLElement & { labels?: NodeListOf<HTMLLabelElement> }) | null;
    if (!el) return '';
    return (el.getAttribute('aria-label') ?? el.labels?.[0]?.innerText ?? el.innerText ?? '').trim();
  });

async function tabTo(page: Page, name: string | RegExp, max = 60) {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press('Tab');
    const focused = await focusedName(page);
    if (typeof name === 'string' ? focused === name : name.test(focused)) return;
  }
  throw new Error(`Tab never reached ${String(name)}`);
}

/** The computed border of the dialog's text inputs: every one has a visible, non-white line. */
const inputBorders = (page: Page) =>
  page
    .locator(
      '[role="dialog"] input[type="text"], [role="dialog"] input[type="email"], [role="dialog"] input[type="tel"]',
    )
    .evaluateAll((inputs) =>
      inputs.map((input) => {
        const style = getComputedStyle(input);
        return {
          width: style.borderTopWidth,
          style: style.borderTopStyle,
          color: style.borderTopColor,
          background: style.backgroundColor,
        };
      }),
    );

describe.skipIf(noBrowser)('the Explorer dialogs and plan cards in the browser', () => {
  const site = () => `${portal.app.url}/benefits-explorer/${DEMO_EXPLORER_SLUG}`;

  const portal = portalUnderTest('e2e_explorer_dialogs');
  beforeAll(async () => {
    await eventually(async () => {
      expect((await apiClient(portal.app.url).get(`/api/explorer-pages/${DEMO_EXPLORER_SLUG}`)).status).toBe(
        200,
      );
    });
  }, 120_000);

  it('a keyboard user fills and sends the lead form; its fields have visible borders', async () => {
    const page = await portal.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(site());
    await page.getByRole('heading', { level: 1, name: 'Lakeside Manufacturing Co.' }).waitFor();
    await tabTo(page, 'Contact us');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Tell us about yourself' });
    await dialog.waitFor();

    for (const border of await inputBorders(page)) {
      expect(border.style).toBe('solid');
      expect(parseFloat(border.width)).toBeGreaterThanOrEqual(1);
      expect(border.color).not.toBe(border.background);
      expect(border.color).not.toBe('rgba(0, 0, 0, 0)');
    }
    await page.screenshot({ path: screenshotPath('explorer-lead-1280.png') });

    await tabTo(page, 'Email');
    await page.keyboard.type('ana.perez@example.com');
    await tabTo(page, 'First name');
    await page.keyboard.type('Ana');
    await tabTo(page, 'Last name');
    await page.keyboard.type('Pérez');
    await tabTo(page, 'City');
    await page.keyboard.type('Springfield');
    // The state picker: open with Enter, walk to IL with the arrows, choose with Enter.
    await tabTo(page, /^Choose a state/);
    await page.keyboard.press('Enter');
    await page.getByRole('listbox').waitFor();
    for (let i = 0; i < 60 && (await focusedName(page)) !== 'IL'; i += 1)
      await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await tabTo(page, 'Phone');
    await page.keyboard.type('555-0100');
    // The radios: Tab reaches the group, Space chooses Employer.
    await tabTo(page, 'Employer');
    await page.keyboard.press('Space');
    expect(await dialog.getByRole('radio', { name: 'Employer' }).isChecked()).toBe(true);
    await tabTo(page, 'Employer name');
    await page.keyboard.type('Lakeside');
    await tabTo(page, 'Send');
    await page.keyboard.press('Enter');
    const thanks = page.getByRole('dialog', { name: 'Thank you!' });
    await thanks.getByText('We received your details. Our team will contact you soon.').waitFor();
    await page.close();
  }, 90_000);

  it('on a phone the support launcher stays under an open dialog, and the dialogs are styled', async () => {
    const page = await portal.browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(site());
    await page.getByRole('heading', { level: 1, name: 'Lakeside Manufacturing Co.' }).waitFor();
    const launcher = page.locator('.explorer-support-toggle');
    await launcher.waitFor();
    await page.getByRole('button', { name: 'Contact us' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Tell us about yourself' });
    await dialog.waitFor();
    for (const border of await inputBorders(page)) {
      expect(border.style).toBe('solid');
      expect(border.color).not.toBe(border.background);
    }
    // Whatever is on top at the launcher's centre belongs to the modal, not the launcher.
    const box = (await launcher.boundingBox())!;
    const onTop = await page.evaluate(
      ([x, y]) => {
        const el = document.elementFromPoint(x!, y!);
        return { inLauncher: !!el?.closest('.explorer-support'), inModal: !!el?.closest('.explorer-modal') };
      },
      [box.x + box.width / 2, box.y + box.height / 2],
    );
    expect(onTop).toEqual({ inLauncher: false, inModal: true });
    await page.screenshot({ path: screenshotPath('explorer-lead-390.png') });
    await expectNoSeriousAxeViolations(page);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // The language dialog: its choices are laid out as radios with a visible circle.
    await page
      .getByRole('link', { name: /Español|Language|Idioma/ })
      .or(page.getByRole('button', { name: /Español|Language|Idioma/ }))
      .first()
      .click();
    const language = page.getByRole('dialog');
    await language.waitFor();
    const circle = await language
      .getByRole('radio', { name: 'English' })
      .evaluate((input) => getComputedStyle(input.closest('label')!, '::before').borderTopStyle);
    expect(circle).toBe('solid');
    await page.screenshot({ path: screenshotPath('explorer-language-390.png') });
    await page.close();
  }, 90_000);

  it('a plan card shows what an employee decides by: carrier, price, deductible and out-of-pocket', async () => {
    const page = await portal.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(site());
    const medical = page.getByRole('article', { name: 'Lakeside PPO 1500' });
    await medical.waitFor();
    const facts = async (card: typeof medical) =>
      Object.fromEntries(
        await card
          .locator('dl > div')
          .evaluateAll((rows) =>
            rows.map((row) => [row.querySelector('dt')!.textContent, row.querySelector('dd')!.textContent]),
          ),
      ) as Record<string, string>;
    expect(await facts(medical)).toEqual({
      Carrier: 'Great Lakes Health Co.',
      Price: '$$',
      'Deductible, in network': '$1,500 individual · $3,000 family',
      'Out-of-pocket maximum, in network': '$5,000 individual · $10,000 family',
    });
    expect(await facts(page.getByRole('article', { name: 'Dental PPO High' }))).toMatchObject({
      Carrier: 'Onboard',
      'Preventive care, in network': '100%',
      'Basic services, in network': '80%',
      'Major services, in network': '50%',
    });
    expect(await facts(page.getByRole('article', { name: 'Vision Plus' }))).toMatchObject({
      'Eye exam, in network': '$10',
      'Frames, in network': '$150',
    });
    await fullPageScreenshot(page, 'explorer-plan-cards-1280.png');
    await page.close();
  }, 60_000);
});
