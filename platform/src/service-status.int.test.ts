import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '@onboard/testing/db';
import { SERVICE_STATUS_STREAM } from '@onboard/events';
import { startApp, type RunningApp } from './app.ts';
import { embeddedTestConfig } from './config.ts';
import { httpTicketSystemStatus } from './service-status.ts';
import { apiClient } from './testing/http-client.ts';

type Api = ReturnType<typeof apiClient>;

// explorer §2, §7: GET /api/service-status in the embedded default answers the setting staff flip.
describe('service status over HTTP (embedded default)', () => {
  let app: RunningApp;
  let staff: Api;
  let broker: Api;
  let anonymous: Api;
  const streamLength = async () => (await app.store.readStream(SERVICE_STATUS_STREAM)).length;

  beforeAll(async () => {
    app = await startApp(embeddedTestConfig(await freshDatabase('service_status'), { webDist: null }));
    staff = apiClient(app.url);
    await staff.signIn('admin@onboard.example');
    broker = apiClient(app.url);
    await broker.signIn('broker@onboard.example');
    anonymous = apiClient(app.url);
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('says Jira is up until staff say otherwise, to anyone who asks', async () => {
    const answer = await anonymous.get('/api/service-status');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ jira: true });
    expect(app.config.serviceStatus).toMatchObject({ probeUrl: null, cacheMs: 300_000 });
  });

  it('refuses the setting to anyone but staff', async () => {
    const refused = await broker.put('/api/service-status/jira', { isUp: false });
    expect(refused.status).toBe(403);
    expect(await streamLength()).toBe(0);
  });

  it('staff mark Jira down: the cached answer is replaced at once, and a repeat records nothing', async () => {
    const set = await staff.put('/api/service-status/jira', { isUp: false });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ jira: false });
    expect((await anonymous.get('/api/service-status')).body).toEqual({ jira: false });
    expect(await streamLength()).toBe(1);

    await staff.put('/api/service-status/jira', { isUp: false });
    expect(await streamLength()).toBe(1);

    expect((await staff.put('/api/service-status/jira', { isUp: true })).body).toEqual({ jira: true });
    expect((await broker.get('/api/service-status')).body).toEqual({ jira: true });
    expect(await streamLength()).toBe(2);
  });

  it('answers 400 for a body without a boolean', async () => {
    const bad = await staff.put('/api/service-status/jira', { isUp: 'no' });
    expect(bad.status).toBe(400);
  });
});

// The probe of a configured ticket system: up only on a 2xx within the timeout.
describe('the ticket-system probe', () => {
  let server: Server;
  let url: string;
  let answer: { status: number; delayMs: number } = { status: 200, delayMs: 0 };

  beforeAll(async () => {
    server = createServer((_req, res) => {
      setTimeout(() => res.writeHead(answer.status).end('status'), answer.delayMs);
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/status`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((done) => server.close(() => done()));
  });

  const probe = (timeoutMs = 1000) => httpTicketSystemStatus({ url, timeoutMs }).isUp();

  it('is up on a 2xx answer', async () => {
    answer = { status: 204, delayMs: 0 };
    expect(await probe()).toBe(true);
  });

  it('is down on a server error, a redirect, or no answer within the timeout', async () => {
    answer = { status: 503, delayMs: 0 };
    expect(await probe()).toBe(false);
    answer = { status: 302, delayMs: 0 };
    expect(await probe()).toBe(false);
    answer = { status: 200, delayMs: 500 };
    expect(await probe(100)).toBe(false);
  });

  it('is down when nothing listens', async () => {
    const nobody = httpTicketSystemStatus({ url: 'http://127.0.0.1:9/status', timeoutMs: 500 });
    expect(await nobody.isUp()).toBe(false);
  });
});
