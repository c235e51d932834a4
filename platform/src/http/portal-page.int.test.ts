import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededDatabase } from '@onboard/testing/db';
import { startApp, type RunningApp } from '../app.ts';
import { embeddedTestConfig } from '../config.ts';
import { apiClient } from '../testing/http-client.ts';
import { SESSION_BLOCK_ID } from './portal-page.ts';

const PAGE =
  '<!doctype html><html><head><title>Onboard</title></head><body><div id="root"></div></body></html>';
const BLOCK = new RegExp(`<script type="application/json" id="${SESSION_BLOCK_ID}">(.*?)</script></head>`);

describe("the portal's page, opened with a session", () => {
  let app: RunningApp;
  const webDist = mkdtempSync(join(tmpdir(), 'onboard-web-'));

  beforeAll(async () => {
    writeFileSync(join(webDist, 'index.html'), PAGE);
    app = await startApp(
      embeddedTestConfig(await seededDatabase('portal_page'), { webDist, seedDemoData: true }),
    );
  });
  afterAll(async () => {
    await app?.stop();
    rmSync(webDist, { recursive: true, force: true });
  });

  const open = async (path: string, cookie?: string) => {
    const res = await fetch(`${app.url}${path}`, { headers: cookie ? { cookie } : {} });
    return { res, html: await res.text() };
  };

  it('carries who is signed in as the session check answers it, under the same strict policy', async () => {
    const benAdmin = apiClient(app.url);
    await benAdmin.signIn('benadmin@onboard.example');
    const cookie = [...benAdmin.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const { res, html } = await open('/client/lakeside-manufacturing', cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    // Scripts fall to default-src 'self': the block is data, never run, and needs no exception.
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
    expect(res.headers.get('content-security-policy')).not.toContain('script-src');
    const inline = JSON.parse(BLOCK.exec(html)![1]!) as unknown;
    expect(inline).toEqual((await benAdmin.get('/api/users/authenticated')).body);
    expect(inline).toMatchObject({ email: 'benadmin@onboard.example', role: 'BEN_ADMIN' });
  });

  it('says nobody is signed in to a visitor without a session', async () => {
    const { html } = await open('/login');
    expect(JSON.parse(BLOCK.exec(html)![1]!)).toBeNull();
  });

  it('leaves an expired or forged access token to the web, which refreshes it', async () => {
    const { res, html } = await open('/clients/admin', 'onboard_access=not-a-token');
    expect(res.status).toBe(200);
    expect(html).toBe(PAGE);
  });
});
