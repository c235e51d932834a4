import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedDatabase } from '@onboard/testing/db';
import { startApp, type RunningApp } from './app.ts';
import { embeddedTestConfig } from './config.ts';
import { allContracts } from './http/contracts.ts';

/** Every route of the API reaches its router through the routers' gates (http/route-index.ts). */
describe('the route index', () => {
  let app: RunningApp;
  let csrf: string;
  beforeAll(async () => {
    app = await startApp(
      embeddedTestConfig(await migratedDatabase('route_index'), { webDist: null, seedDemoData: false }),
    );
    const res = await fetch(`${app.url}/api/auth/csrf`);
    csrf = /onboard_csrf=([^;]+)/.exec(res.headers.getSetCookie().join('\n'))![1]!;
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('lets every contract route in (signed out, each answers for itself)', async () => {
    const unrouted: string[] = [];
    for (const contract of allContracts) {
      const method = contract.method.toUpperCase();
      const path = contract.path.replaceAll(/\{\w+\}/g, 'probe');
      const res = await fetch(`${app.url}${path}`, {
        method,
        headers: { cookie: `onboard_csrf=${csrf}`, 'x-csrf-token': csrf, 'content-type': 'application/json' },
        body: method === 'GET' || method === 'HEAD' ? undefined : '{}',
      });
      const text = await res.text();
      if (text.includes(`No route for ${method} `)) unrouted.push(`${method} ${contract.path}`);
    }
    expect(allContracts.length).toBeGreaterThan(200);
    expect(unrouted).toEqual([]);
  });

  it('answers a path no route has as before', async () => {
    const res = await fetch(`${app.url}/api/clients/probe/no-such-thing`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({
      code: 'NOT_FOUND',
      // Under its /api mount, the answer names the path below it, as it always has.
      message: 'No route for GET /clients/probe/no-such-thing',
    });
  });
});
