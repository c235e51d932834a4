import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_THROTTLE_LIMITS } from '@onboard/command-api/throttle';
import { freshDatabase, migratedDatabase } from '@onboard/testing/db';
import { parseEnvelope, summarizeEvent } from '@onboard/domain';
import { startApp, type RunningApp } from './app.ts';
import { embeddedTestConfig } from './config.ts';
import { LOCAL_DSN } from './error-reporting/reporter.ts';
import { DEMO_CLIENT_ID, DEMO_USERS } from './seed.ts';
import { apiClient, eventually } from './testing/http-client.ts';
import { appForTests, startSeededApp } from './testing/seeded-app.ts';

type Api = ReturnType<typeof apiClient>;
type Report = { message: string; level: string; levelLabel: string; source: string; url: string | null };

/** An envelope as the browser SDK sends it: header, one error event. */
function envelope(dsn: string, message: string, extra: Record<string, unknown> = {}) {
  const event = JSON.stringify({
    event_id: 'a'.repeat(32),
    level: 'error',
    timestamp: Date.now() / 1000,
    release: 'onboard@test',
    environment: 'local',
    request: { url: 'http://127.0.0.1/clients/admin' },
    exception: { values: [{ type: 'Error', value: message }] },
    ...extra,
  });
  return [
    JSON.stringify({ event_id: 'a'.repeat(32), dsn, sent_at: new Date().toISOString() }),
    JSON.stringify({ type: 'event', length: Buffer.byteLength(event) }),
    event,
  ].join('\n');
}

const tunnel = (app: RunningApp, body: string, contentType = 'text/plain;charset=UTF-8') =>
  fetch(`${app.url}/api/sentry`, { method: 'POST', headers: { 'content-type': contentType }, body });

describe('error reporting kept here (no DSN configured)', () => {
  let app: RunningApp;
  let staff: Api;
  let broker: Api;

  beforeAll(async () => {
    app = await startSeededApp('error_reports');
    staff = apiClient(app.url);
    broker = apiClient(app.url);
    await staff.signIn(DEMO_USERS.find((u) => u.role === 'SLF_ADMIN')!.email);
    await broker.signIn(DEMO_USERS.find((u) => u.role === 'BROKER')!.email);
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('keeps an envelope from the tunnel, without a CSRF header, and staff read it newest first', async () => {
    const settings = await staff.get('/api/sentry/settings');
    expect(settings.body).toMatchObject({ dsn: LOCAL_DSN, tunnel: '/api/sentry' });

    const first = await tunnel(app, envelope(LOCAL_DSN, 'first failure'), 'application/x-sentry-envelope');
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ id: 'a'.repeat(32) });
    expect((await tunnel(app, envelope(LOCAL_DSN, 'second failure'))).status).toBe(200);

    const { status, body } = await staff.get('/api/error-reports');
    expect(status).toBe(200);
    const reports = body as Report[];
    expect(reports.map((r) => r.message).slice(0, 2)).toEqual([
      'Error: second failure',
      'Error: first failure',
    ]);
    expect(reports[0]).toMatchObject({
      level: 'error',
      levelLabel: 'Error',
      source: 'web',
      url: 'http://127.0.0.1/clients/admin',
      release: 'onboard@test',
    });
  });

  it('refuses what is not an envelope, another DSN, another content type and an oversized one', async () => {
    expect((await tunnel(app, 'not an envelope')).status).toBe(400);
    const other = await tunnel(app, envelope('https://k@elsewhere.example/9', 'x'));
    expect(other.status).toBe(400);
    expect(await other.json()).toMatchObject({ code: 'INVALID_ENVELOPE' });
    expect((await tunnel(app, envelope(LOCAL_DSN, 'x'), 'application/json')).status).toBe(415);
    const huge = envelope(LOCAL_DSN, 'x'.repeat(300 * 1024));
    expect((await tunnel(app, huge)).status).toBe(413);
  });

  it('is for staff only', async () => {
    expect((await broker.get('/api/error-reports')).status).toBe(403);
    expect((await apiClient(app.url).get('/api/error-reports')).status).toBe(401);
  });

  it('records the server’s own unexpected errors', async () => {
    // A read model that is gone makes the resources call fail unexpectedly: a 500, reported.
    await app.pool.query('alter table rm_resources rename to rm_resources_away');
    try {
      const cookie = [...staff.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      const res = await fetch(`${app.url}/api/clients/${DEMO_CLIENT_ID}/resources`, { headers: { cookie } });
      expect(res.status).toBe(500);
      expect(await res.json()).toMatchObject({ code: 'INTERNAL', message: 'Something went wrong' });
    } finally {
      await app.pool.query('alter table rm_resources_away rename to rm_resources');
    }
    const report = await eventually(async () => {
      const reports = (await staff.get('/api/error-reports')).body as Report[];
      const found = reports.find((r) => r.source === 'server');
      if (!found) throw new Error('not yet');
      return found;
    });
    expect(report).toMatchObject({ level: 'error', levelLabel: 'Error', source: 'server' });
    expect(report.message).toMatch(/rm_resources/);
    expect(report.url).toContain(`/api/clients/${DEMO_CLIENT_ID}/resources`);
  });
});

describe('the anonymous tunnel: one event per envelope, counted per address, the table capped by bytes', () => {
  const MAX_BYTES = 60_000;
  const running = appForTests(() => freshDatabase('error_reports_capped'), {
    seedDemoData: false,
    anonymousTables: { errorReportsMaxBytes: MAX_BYTES, analyticsMaxBytes: 1024 * 1024 },
  });

  const from = (address: string, body: string) =>
    fetch(`${running.app.url}/api/sentry`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'x-forwarded-for': address },
      body,
    });
  const kept = async () =>
    (
      await running.app.pool.query<{ message: string; event: string; size_bytes: number }>(
        'select message, event, size_bytes from error_reports order by report_id',
      )
    ).rows;

  it('keeps the envelope’s one event, its own bytes only, and refuses an envelope of many events', async () => {
    // One event beside a large attachment: the row holds the event, not the envelope.
    const single = envelope(LOCAL_DSN, 'beside an attachment');
    const attachment = 'y'.repeat(100_000);
    const withAttachment = [
      single,
      JSON.stringify({ type: 'attachment', length: attachment.length, filename: 'big.txt' }),
      attachment,
    ].join('\n');
    expect((await from('192.0.2.1', withAttachment)).status).toBe(200);
    const [row] = await kept();
    expect(row!.message).toBe('Error: beside an attachment');
    expect(row!.event).toBe(single.split('\n')[2]);
    expect(row!.event.length).toBeLessThan(1_000);

    // The disk filler: one envelope, 150 copies of its event item.
    const lines = envelope(LOCAL_DSN, 'again and again').split('\n');
    const many = [lines[0], ...Array.from({ length: 150 }, () => `${lines[1]}\n${lines[2]}`)].join('\n');
    const refused = await from('192.0.2.1', many);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: 'INVALID_ENVELOPE' });
    expect(await kept()).toHaveLength(1);

    // An event over 64 KB is refused whole.
    const big = await from('192.0.2.1', envelope(LOCAL_DSN, 'z'.repeat(70 * 1024)));
    expect(big.status).toBe(413);
    expect(await kept()).toHaveLength(1);
  });

  it('drops the oldest reports once the kept ones pass the byte cap', async () => {
    const padding = { extra: { note: 'p'.repeat(8_000) } };
    for (let i = 0; i < 10; i++)
      expect((await from('192.0.2.2', envelope(LOCAL_DSN, `filler ${i}`, padding))).status).toBe(200);
    await new Promise((done) => setTimeout(done, 1_100));
    expect((await from('192.0.2.2', envelope(LOCAL_DSN, 'newest', padding))).status).toBe(200);
    const rows = await kept();
    expect(rows.reduce((sum, row) => sum + row.size_bytes, 0)).toBeLessThanOrEqual(MAX_BYTES);
    expect(rows.at(-1)!.message).toBe('Error: newest');
    expect(rows.map((row) => row.message)).not.toContain('Error: filler 0');
  });

  it('answers 429 with Retry-After once an address has sent its envelopes', async () => {
    const limit = DEFAULT_THROTTLE_LIMITS.errorReportAddress;
    for (let i = 0; i < limit.points; i++)
      expect((await from('192.0.2.3', envelope(LOCAL_DSN, `loop ${i}`))).status).toBe(200);
    const over = await from('192.0.2.3', envelope(LOCAL_DSN, 'one more'));
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await over.json()).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });
    expect((await from('192.0.2.4', envelope(LOCAL_DSN, 'someone else'))).status).toBe(200);
  });
});

describe('error reporting forwarded to the configured DSN', () => {
  let app: RunningApp;
  let ingest: Server;
  const received: { path: string; contentType: string | undefined; body: Buffer }[] = [];
  let dsn = '';

  beforeAll(async () => {
    ingest = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push({
          path: req.url ?? '',
          contentType: req.headers['content-type'],
          body: Buffer.concat(chunks),
        });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((done) => ingest.listen(0, '127.0.0.1', done));
    dsn = `http://publickey@127.0.0.1:${(ingest.address() as AddressInfo).port}/42`;
    app = await startApp(
      embeddedTestConfig(await migratedDatabase('error_reports_dsn'), {
        webDist: null,
        seedDemoData: false,
        sentryDsn: dsn,
      }),
    );
  });
  afterAll(async () => {
    await app?.stop();
    await new Promise((done) => ingest?.close(done));
  });

  it('forwards the envelope as sent to the project’s ingest address and keeps nothing', async () => {
    const sent = envelope(dsn, 'forwarded failure');
    const res = await tunnel(app, sent);
    expect(res.status).toBe(200);
    expect(received).toHaveLength(1);
    expect(received[0]!.path).toBe('/api/42/envelope/');
    expect(received[0]!.contentType).toBe('application/x-sentry-envelope');
    expect(received[0]!.body.toString('utf8')).toBe(sent);
    const { rows } = await app.pool.query('select count(*)::int as n from error_reports');
    expect(rows[0].n).toBe(0);
  });

  it('refuses an envelope naming another DSN, forwarding nothing', async () => {
    expect((await tunnel(app, envelope(LOCAL_DSN, 'x'))).status).toBe(400);
    expect(received).toHaveLength(1);
  });

  it('sends the server’s own errors there too', async () => {
    await app.pool.query('alter table rm_explorer_pages rename to rm_explorer_pages_away');
    try {
      const res = await fetch(`${app.url}/api/explorer-pages/some-site`);
      expect(res.status).toBe(500);
    } finally {
      await app.pool.query('alter table rm_explorer_pages_away rename to rm_explorer_pages');
    }
    await eventually(async () => expect(received).toHaveLength(2));
    const { header, items } = parseEnvelope(new Uint8Array(received[1]!.body));
    expect(header.dsn).toBe(dsn);
    const summary = summarizeEvent(items[0]!.payload);
    expect(summary.message).toMatch(/rm_explorer_pages/);
    expect(summary.url).toContain('/api/explorer-pages/some-site');
    expect(summary.release).toBe('onboard@dev');
  });
});
