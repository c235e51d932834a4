import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededDatabase } from '@onboard/testing/db';
import { startApp, type RunningApp } from '../app.ts';
import { WEB_DIST, embeddedTestConfig } from '../config.ts';
import { apiClient, eventually } from '../testing/http-client.ts';
import { ANSWERS_BLOCK_ID, SESSION_BLOCK_ID } from './portal-page.ts';

const PAGE =
  '<!doctype html><html><head><title>Onboard</title></head><body><div id="root"></div></body></html>';
const blockOf = (id: string) => new RegExp(`<script type="application/json" id="${id}">(.*?)</script>`);
const BLOCK = blockOf(SESSION_BLOCK_ID);
const ANSWERS = blockOf(ANSWERS_BLOCK_ID);

/**
 * A stand-in for the web's server entry (web/src/server.tsx): a client's hub reads the client, and then its
 * net changes as of the version the client answered.
 */
const SERVER_ENTRY = `export const firstReadsOfPage = (path) => {
  const hub = /^\\/client\\/([^/]+)$/.exec(path);
  if (!hub) return [];
  const client = '/api/clients/' + hub[1];
  return [{ key: client, then: (view) => [{ key: client + '/change-log/net-changes?minVersion=' + view.version }] }];
};`;

const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;

/** The portal's page at `path` of the app at `url`, opened with `cookie`. */
const openAt = async (url: string, path: string, cookie?: string) => {
  const res = await fetch(`${url}${path}`, { headers: cookie ? { cookie } : {} });
  return { res, html: await res.text() };
};

/** The cookie header of a signed-in test client. */
const cookieOf = (client: ReturnType<typeof apiClient>) =>
  [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

describe("the portal's page, opened with a session, and its assets", () => {
  let app: RunningApp;
  const webDist = mkdtempSync(join(tmpdir(), 'onboard-web-'));

  beforeAll(async () => {
    writeFileSync(join(webDist, 'index.html'), PAGE);
    mkdirSync(join(webDist, '.server'));
    writeFileSync(join(webDist, '.server', 'server.js'), SERVER_ENTRY);
    // A hashed asset as the build leaves it: itself, and compressed beside it.
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'assets', 'app-1a2b.js'), SCRIPT);
    writeFileSync(join(webDist, 'assets', 'app-1a2b.js.br'), brotliCompressSync(SCRIPT));
    writeFileSync(join(webDist, 'assets', 'app-1a2b.js.gz'), gzipSync(SCRIPT));
    app = await startApp(
      embeddedTestConfig(await seededDatabase('portal_page'), { webDist, seedDemoData: true }),
      // However slow the machine, the page waits for its reads here: what it carries is under test, not when.
      { pageWaits: { readsMs: 60_000, renderMs: 60_000 } },
    );
  });
  afterAll(async () => {
    await app?.stop();
    rmSync(webDist, { recursive: true, force: true });
  });

  const open = (path: string, cookie?: string) => openAt(app.url, path, cookie);

  it('carries who is signed in as the session check answers it, under the same strict policy', async () => {
    const benAdmin = apiClient(app.url);
    await benAdmin.signIn('benadmin@onboard.example');
    const cookie = cookieOf(benAdmin);
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

  it("carries a hub's first answers for a broker of its client, read as that broker, and none of another client's", async () => {
    const broker = apiClient(app.url);
    await broker.signIn('broker@onboard.example');
    const cookie = cookieOf(broker);
    const client = '/api/clients/lakeside-manufacturing';
    const view = await eventually(async () => {
      const res = await broker.get(client);
      expect(res.status).toBe(200);
      return res.body as { name: string; version: number };
    });
    const netChanges = `${client}/change-log/net-changes?minVersion=${view.version}`;

    const page = await open('/client/lakeside-manufacturing', cookie);
    // How long its reads and render took, for the browser's developer tools and the phone bench.
    expect(page.res.headers.get('server-timing')).toMatch(/^reads;dur=\d+\.\d, render;dur=\d+\.\d$/);
    const own = JSON.parse(ANSWERS.exec(page.html)![1]!);
    expect(Object.keys(own).sort()).toEqual([client, netChanges]);
    expect(own[client]).toEqual(view);
    expect(own[netChanges]).toEqual((await broker.get(netChanges)).body);

    // The broker may not read another client: the page carries nothing of it (the web shows the refusal).
    expect((await broker.get('/api/clients/harbor-freight-lines')).status).toBe(403);
    const { html } = await open('/client/harbor-freight-lines', cookie);
    expect(JSON.parse(ANSWERS.exec(html)![1]!)).toEqual({});
    expect(html).not.toContain('Harbor Freight');
  });

  it('says nobody is signed in to a visitor without a session, and reads nothing for them', async () => {
    const { html } = await open('/login');
    expect(JSON.parse(BLOCK.exec(html)![1]!)).toBeNull();
    expect((await open('/login')).res.headers.get('server-timing')).toBeNull();
    expect((await open('/client/lakeside-manufacturing')).html).not.toContain(ANSWERS_BLOCK_ID);
  });

  it("never serves the web's server entry as a file", async () => {
    expect((await fetch(`${app.url}/.server/server.js`)).status).toBe(404);
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

/**
 * The staff client table, rendered by the web's own server entry (web/src/server.tsx) as the filters
 * cookie the browser keeps for the person says (web/src/state/client-list-cookie.ts).
 */
describe('the staff client list, served rendered with the filters kept in its cookie', () => {
  let app: RunningApp;

  beforeAll(async () => {
    if (!existsSync(join(WEB_DIST, '.server', 'server.js')))
      throw new Error('Build the web app first: npm run build:web');
    app = await startApp(embeddedTestConfig(await seededDatabase('portal_page_client_list')), {
      pageWaits: { readsMs: 60_000, renderMs: 60_000 },
    });
  });
  afterAll(async () => {
    await app?.stop();
  });

  type ClientPage = { items: { name: string }[] };
  const filtersCookie = (userId: string, filters: object) =>
    `onboard_client_list=${encodeURIComponent(JSON.stringify({ u: userId, f: filters }))}`;

  /** The page a signed-in admin is served with a filters cookie of `userIdOf(their id)`, and its list read. */
  async function listPage(userIdOf: (id: string) => string, filters: object) {
    const admin = apiClient(app.url);
    await admin.signIn('admin@onboard.example');
    const { id } = (await admin.get('/api/users/authenticated')).body as { id: string };
    const { html } = await openAt(
      app.url,
      '/clients/admin',
      `${cookieOf(admin)}; ${filtersCookie(userIdOf(id), filters)}`,
    );
    const answers = JSON.parse(ANSWERS.exec(html)![1]!) as Record<string, unknown>;
    const listKeys = Object.keys(answers).filter((key) => key.startsWith('/api/clients?'));
    expect(listKeys).toHaveLength(1);
    const markup = html.slice(html.indexOf('<div id="root">'));
    return { key: listKeys[0]!, list: answers[listKeys[0]!] as ClientPage, markup };
  }

  it("carries the answer for the person's filters, and the rows it has rendered", async () => {
    const { key, list, markup } = await listPage((id) => id, { search: 'harbor', sortDirection: 'desc' });
    expect(key).toContain('search=harbor');
    expect(key).toContain('sortDirection=desc');
    expect(list.items.map((client) => client.name)).toEqual(['Harbor Freight Lines LLC']);
    expect(markup).toMatch(/<tr[^>]*>.*Harbor Freight Lines LLC/);
    expect(markup).toContain('value="harbor"');
    expect(markup).not.toContain('Lakeside Manufacturing');
  });

  it("opens on the first filters with another person's cookie", async () => {
    const { key, list, markup } = await listPage(() => 'someone-else', { search: 'harbor' });
    expect(key).not.toContain('search=');
    expect(key).toContain('sortDirection=asc');
    expect(list.items.length).toBeGreaterThan(1);
    for (const name of ['Harbor Freight Lines LLC', 'Lakeside Manufacturing Co.'])
      expect(markup).toContain(name);
    expect(markup).not.toContain('value="harbor"');
  });
});
