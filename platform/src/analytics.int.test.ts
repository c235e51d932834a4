import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_THROTTLE_LIMITS } from '@onboard/command-api/throttle';
import { freshDatabase } from '@onboard/testing/db';
import type { RunningApp } from './app.ts';
import { apiClient } from './testing/http-client.ts';
import { appForTests, startSeededApp } from './testing/seeded-app.ts';

type Api = ReturnType<typeof apiClient>;
type Counts = { days: number; rows: { day: string; event: string; count: number }[] };

// Analytics without a Segment write key (platform §7 Analytics events): batches from anyone into the
// table, staff read counts per event per day, everyone else is refused, big bodies are refused.
describe('analytics over HTTP', () => {
  let app: RunningApp;
  let staff: Api;
  let broker: Api;
  let anonymous: Api;

  beforeAll(async () => {
    app = await startSeededApp('analytics');
    staff = apiClient(app.url);
    await staff.signIn('admin@onboard.example');
    broker = apiClient(app.url);
    await broker.signIn('broker@onboard.example');
    anonymous = apiClient(app.url);
    await anonymous.get('/api/auth/csrf');
  });

  afterAll(async () => {
    await app?.stop();
  });

  it('stores batches signed in or not, and staff read them counted per event per day', async () => {
    const click = {
      kind: 'track',
      event: 'Element Clicked',
      properties: { sgmButtonLabel: 'Open', sgmModule: 'Email' },
      anonymousId: 'anon-1',
    };
    const fromAnonymous = await anonymous.post('/api/analytics/events', {
      events: [click, { kind: 'page', event: 'page', properties: { name: 'login' } }],
    });
    expect(fromAnonymous.status).toBe(202);
    expect(fromAnonymous.body).toEqual({ accepted: 2 });
    const fromBroker = await broker.post('/api/analytics/events', {
      events: [click, { kind: 'identify', event: 'identify', properties: { role: 'BROKER' } }],
    });
    expect(fromBroker.status).toBe(202);

    const { rows: stored } = await app.pool.query<{ user_id: string | null; event: string }>(
      `select user_id, event from analytics_events where event = 'identify'`,
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]!.user_id).toBeTruthy();

    const counts = await staff.get('/api/analytics/counts?days=7');
    expect(counts.status).toBe(200);
    const body = counts.body as Counts;
    const today = new Date().toISOString().slice(0, 10);
    const at = (event: string) => body.rows.find((r) => r.day === today && r.event === event)?.count;
    expect(at('Element Clicked')).toBe(2);
    expect(at('page')).toBe(1);
    expect(at('identify')).toBe(1);
  });

  it('refuses the counts to anyone but staff', async () => {
    expect((await broker.get('/api/analytics/counts')).status).toBe(403);
    expect((await anonymous.get('/api/analytics/counts')).status).toBe(401);
  });

  it('refuses an oversized body with 413 and a malformed batch with 400', async () => {
    const huge = { kind: 'track', event: 'Element Viewed', properties: { blob: 'x'.repeat(40_000) } };
    const tooBig = await anonymous.post('/api/analytics/events', { events: [huge] });
    expect(tooBig.status).toBe(413);
    const empty = await anonymous.post('/api/analytics/events', { events: [] });
    expect(empty.status).toBe(400);
    const unknownKind = await anonymous.post('/api/analytics/events', {
      events: [{ kind: 'alias', event: 'x' }],
    });
    expect(unknownKind.status).toBe(400);
  });
});

describe('analytics from anyone: counted per address, the table capped by bytes', () => {
  const MAX_BYTES = 40_000;
  const running = appForTests(() => freshDatabase('analytics_capped'), {
    seedDemoData: false,
    anonymousTables: { errorReportsMaxBytes: 1024 * 1024, analyticsMaxBytes: MAX_BYTES },
  });

  const batch = (marker: string, size: number) => ({
    events: [{ kind: 'track', event: marker, properties: { blob: 'x'.repeat(size) } }],
  });

  it('drops the oldest events once the kept ones pass the byte cap', async () => {
    const visitor = apiClient(running.app.url);
    await visitor.get('/api/auth/csrf');
    for (let i = 0; i < 12; i++)
      expect((await visitor.post('/api/analytics/events', batch(`Filler ${i}`, 10_000))).status).toBe(202);
    await new Promise((done) => setTimeout(done, 1_100));
    expect((await visitor.post('/api/analytics/events', batch('Newest', 10_000))).status).toBe(202);
    const { rows } = await running.app.pool.query<{ event: string; bytes: number }>(
      `select event, octet_length(properties::text) as bytes from analytics_events order by id`,
    );
    expect(rows.reduce((sum, row) => sum + row.bytes, 0)).toBeLessThanOrEqual(MAX_BYTES);
    expect(rows.at(-1)!.event).toBe('Newest');
    expect(rows.map((r) => r.event)).not.toContain('Filler 0');
  });

  it('answers 429 with Retry-After once an address has sent its batches', async () => {
    const limit = DEFAULT_THROTTLE_LIMITS.analyticsAddress;
    const visitor = apiClient(running.app.url);
    const from = { 'x-forwarded-for': '203.0.113.77' };
    await visitor.request('GET', '/api/auth/csrf', undefined, from);
    for (let i = 0; i < limit.points; i++)
      expect((await visitor.post('/api/analytics/events', batch('Tick', 1), from)).status).toBe(202);
    const over = await visitor.post('/api/analytics/events', batch('Tick', 1), from);
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(over.body).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });
    // Another address still sends.
    const other = { 'x-forwarded-for': '203.0.113.78' };
    expect((await visitor.post('/api/analytics/events', batch('Tick', 1), other)).status).toBe(202);
  }, 60_000);
});
