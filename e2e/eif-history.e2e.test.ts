import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { eifStream, type NewEvent } from '@onboard/events';
import { DEMO_CLIENT_ID } from '@onboard/platform/seed';
import { fullPageScreenshot, signInThroughUi } from './browser.ts';
import { noBrowser, portalUnderTest } from './testing/portal.ts';

const HISTORY = `/clients/admin/${DEMO_CLIENT_ID}/manage/eif-history`;
const SAVES = 1_000;

/** Saves of two answers each (one request, one correlation id): a location's address and a note. */
function saves(count: number): NewEvent[] {
  const events: NewEvent[] = [];
  const location = randomUUID();
  events.push({
    id: randomUUID(),
    type: 'EifEntityCreated',
    data: {
      clientId: DEMO_CLIENT_ID,
      entity: 'Location',
      entityId: location,
      attributes: {
        name: 'Boston office',
        address1: '1 Federal St',
        city: 'Boston',
        state: 'MA',
        zipCode: '02110',
      },
    },
    metadata: {
      actorId: 'demo-admin',
      actorRole: 'SLF_ADMIN',
      occurredAt: new Date().toISOString(),
      correlationId: randomUUID(),
    },
  });
  for (let i = 1; i <= count; i += 1) {
    const metadata = {
      actorId: 'demo-admin',
      actorRole: 'SLF_ADMIN',
      occurredAt: new Date(Date.UTC(2026, 10, 1) + i * 60_000).toISOString(),
      correlationId: randomUUID(),
    };
    events.push(
      {
        id: randomUUID(),
        type: 'EifEntityChanged',
        data: {
          clientId: DEMO_CLIENT_ID,
          entity: 'Location',
          entityId: location,
          changes: [
            { attributeKey: 'address1', value: `${i + 1} Federal St`, previousValue: `${i} Federal St` },
          ],
        },
        metadata,
      },
      {
        id: randomUUID(),
        type: 'EifEntityChanged',
        data: {
          clientId: DEMO_CLIENT_ID,
          entity: 'Client',
          entityId: DEMO_CLIENT_ID,
          changes: [
            {
              attributeKey: 'erisaPlanType',
              value: i % 2 ? 'WRAP_PLAN' : 'SEPARATE_PLANS',
              previousValue: null,
            },
          ],
        },
        metadata,
      },
    );
  }
  return events;
}

// The EIF history: paged, one entry per save, in labels; "as of" from the history read model.
describe.skipIf(noBrowser)('the EIF history', () => {
  const portal = portalUnderTest('e2e_eif_history');

  beforeAll(async () => {
    const events = saves(SAVES);
    for (let i = 0; i < events.length; i += 500)
      await portal.app.store.append(eifStream(DEMO_CLIENT_ID), events.slice(i, i + 500), 'any');
    // The history read model reaches the end of the stream.
    const last = (await portal.app.store.readStream(eifStream(DEMO_CLIENT_ID))).at(-1)!.revision;
    for (let attempt = 0; attempt < 300; attempt++) {
      const { rows } = await portal.app.pool.query<{ revision: string | null }>(
        'select max(revision) as revision from rm_eif_history where client_id = $1',
        [DEMO_CLIENT_ID],
      );
      if (rows[0]?.revision !== null && BigInt(rows[0]!.revision!) >= last) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });

  it('pages the saves newest first, groups what one save did, speaks in labels, and answers "as of"', async () => {
    const page = await portal.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${portal.app.url}/login?redirect=${encodeURIComponent(HISTORY)}`);
    await signInThroughUi(page, 'admin@onboard.example', portal.app.config.demoPassword, portal.auth);
    const entries = page.getByTestId('history-event');
    await entries.first().waitFor();

    // One page of 25 saves, of many.
    expect(await entries.count()).toBe(25);
    const count = await page.getByTestId('history-count').innerText();
    expect(count).toMatch(/^Showing 25 of [\d,]+ saves, newest first\.$/);
    expect(Number(/of ([\d,]+)/.exec(count)![1]!.replace(/,/g, ''))).toBeGreaterThan(SAVES);

    // The newest save changed two answers: one entry, two lines, in the forms' words.
    const newest = entries.first();
    const lines = await newest.getByTestId('history-lines').locator('li').allInnerTexts();
    expect(lines).toEqual([
      `Location: Boston office: Street address changed from ${SAVES} Federal St to ${SAVES + 1} Federal St`,
      'Company: How is your ERISA plan set up? set to A separate plan for each benefit',
    ]);
    expect(await newest.innerText()).toContain('Adam Alvarez (Carrier admin)');
    const text = await page.evaluate(() => document.body.innerText);
    expect(text).not.toMatch(/address1|erisaPlanType|SEPARATE_PLANS|WRAP_PLAN|demo-admin/);

    // Older saves on demand.
    await page.getByRole('button', { name: 'Show older' }).click();
    await expect.poll(() => entries.count()).toBe(50);
    expect(await page.getByTestId('history-count').innerText()).toMatch(/^Showing 50 of /);

    // "As of" an older save: the form then, from the history read model.
    const asOf = page.waitForResponse((response) => /\/eif\/history\/\d+$/.test(response.url()));
    const started = Date.now();
    await entries.nth(40).click();
    const response = await asOf;
    const elapsed = Date.now() - started;
    expect(response.status()).toBe(200);
    await page.getByTestId('history-point').waitFor();
    const point = page.getByTestId('history-point');
    expect(await point.innerText()).toContain('The form as of');
    const differences = page.getByRole('grid', { name: 'Difference from now' });
    expect(await differences.innerText()).toContain('Street address');
    expect(await differences.innerText()).not.toContain('address1');
    // The bench measures the figure (npm run bench); here, only that a click answers promptly.
    expect(elapsed).toBeLessThan(3_000);
    await fullPageScreenshot(page, 'eif-history-paged.png');
    await page.close();
  });
});
