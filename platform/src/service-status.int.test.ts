import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_TOGGLES_STREAM } from '@onboard/events';
import { httpTicketSystemStatus } from './service-status.ts';
import { apiClient } from './testing/http-client.ts';
import { seededAppForTests, type Api } from './testing/seeded-app.ts';

// explorer §2, §7: GET /api/service-status in the embedded default answers the global toggle staff switch.
describe('service status over HTTP (embedded default)', () => {
  let anonymous: Api;
  const streamLength = async () => (await portal.app.store.readStream(FEATURE_TOGGLES_STREAM)).length;
  const status = async (api: Api) => (await api.get('/api/service-status')).body;
  const toggle = (api: Api, enabled: boolean, clientId: string | null = null) =>
    api.put('/api/feature-toggles/ticketSystemDown', { enabled, clientId });

  const portal = seededAppForTests('service_status', ['staff', 'broker']);
  beforeAll(async () => {
    anonymous = apiClient(portal.app.url);
  });

  it('says Jira is up until staff say otherwise, to anyone who asks', async () => {
    const answer = await anonymous.get('/api/service-status');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ jira: true });
    expect(portal.app.config.serviceStatus).toMatchObject({ probeUrl: null, cacheMs: 300_000 });
  });

  it('refuses the toggle to anyone but staff, and refuses a client override of it', async () => {
    expect((await toggle(portal.broker, true)).status).toBe(403);
    expect((await toggle(portal.staff, true, 'some-client')).status).toBe(400);
    expect(await streamLength()).toBe(0);
  });

  it('staff switch the toggle on: the cached answer is replaced at once', async () => {
    expect((await toggle(portal.staff, true)).status).toBe(204);
    expect(await status(anonymous)).toEqual({ jira: false });
    expect(await streamLength()).toBe(1);

    expect((await toggle(portal.staff, false)).status).toBe(204);
    expect(await status(portal.broker)).toEqual({ jira: true });
    expect(await streamLength()).toBe(2);
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
