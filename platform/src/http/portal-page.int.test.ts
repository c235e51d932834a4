import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededDatabase } from '@onboard/testing/db';
import { startApp, type RunningApp } from '../app.ts';
import { embeddedTestConfig } from '../config.ts';
import { apiClient } from '../testing/http-client.ts';
import { SESSION_BLOCK_ID } from './portal-page.ts';

const PAGE =
  '<!doctype html><html><head><title>Onboard</title></head><body><div id="root"></div></body></html>';
const BLOCK = new RegExp(`<script type="application/json" id="${SESSION_BLOCK_ID}">(.*?)</script></head>`);

const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;

describe("the portal's page, opened with a session, and its assets", () => {
  let app: RunningApp;
  const webDist = mkdtempSync(join(tmpdir(), 'onboard-web-'));

  beforeAll(async () => {
    writeFileSync(join(webDist, 'index.html'), PAGE);
    // A hashed asset as the build leaves it: itself, and compressed beside it.
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'assets', 'app-1a2b.js'), SCRIPT);
    writeFileSync(join(webDist, 'assets', 'app-1a2b.js.br'), brotliCompressSync(SCRIPT));
    writeFileSync(join(webDist, 'assets', 'app-1a2b.js.gz'), gzipSync(SCRIPT));
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

  it('serves each asset compressed as the browser accepts it, kept a year; a missing one is an uncached 404', async () => {
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['identity', null],
    ] as const) {
      const res = await fetch(`${app.url}/assets/app-1a2b.js`, { headers: { 'accept-encoding': accept } });
      expect(res.status, accept).toBe(200);
      expect(res.headers.get('content-encoding'), accept).toBe(encoding);
      expect(res.headers.get('content-type'), accept).toMatch(/javascript/);
      expect(res.headers.get('cache-control'), accept).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('vary'), accept).toMatch(/Accept-Encoding/i);
      expect(await res.text(), accept).toBe(SCRIPT);
    }
    const missing = await fetch(`${app.url}/assets/app-0000.js`, { headers: { 'accept-encoding': 'br' } });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control') ?? '').not.toContain('immutable');
  });
});
