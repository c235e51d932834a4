import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedDatabase } from '@onboard/testing/db';
import { startApp, type RunningApp } from './app.ts';
import { WEB_DIST, embeddedTestConfig } from './config.ts';

// `npm test` builds the web app before the tests run; this checks what the server answers with it.
describe('web entries', () => {
  let app: RunningApp;
  beforeAll(async () => {
    if (!existsSync(join(WEB_DIST, 'explorer.html')))
      throw new Error('Build the web app first: npm run build:web');
    app = await startApp(embeddedTestConfig(await migratedDatabase('entries'), { seedDemoData: false }));
  });
  afterAll(async () => {
    await app?.stop();
  });

  const page = async (path: string) => {
    const res = await fetch(`${app.url}${path}`);
    expect(res.status).toBe(200);
    return res.text();
  };

  it.each(['/benefits-explorer/lakeside', '/es/benefits-explorer/lakeside', '/EN/Benefits-Explorer'])(
    'answers the public Explorer path %s with its own entry, without the portal',
    async (path) => {
      const html = await page(path);
      expect(html).toContain('<title>Benefits Explorer</title>');
      expect(html).not.toMatch(/assets\/portal-/);
    },
  );

  it.each(['/', '/login', '/clients/admin', '/benefits-explorer-not-really'])(
    'answers %s with the portal',
    async (path) => {
      const html = await page(path);
      expect(html).toContain('<title>Onboard</title>');
      expect(html).toMatch(/assets\/portal-/);
    },
  );
});
