import { describe, expect, it } from 'vitest';
import { eifStream } from '@onboard/events';
import { DEMO_CLIENT_ID } from './seed.ts';
import { apiClient, eventually } from './testing/http-client.ts';
import { seededAppForTests } from './testing/seeded-app.ts';

// The first slice through every layer: command API -> event -> projection -> query API.
describe('tax id slice', () => {
  const portal = seededAppForTests('slice');

  const clientPath = `/api/clients/${DEMO_CLIENT_ID}`;

  it('saves a tax id as an event, projects it, and serves it with a change record', async () => {
    const api = apiClient(portal.app.url);
    await api.signIn('benadmin@onboard.example');
    const before = await eventually(async () => {
      const res = await api.get(clientPath);
      expect(res.status).toBe(200);
      return res.body;
    });
    expect(before.taxId).toBeNull();

    const saved = await api.put(clientPath, { taxId: '12-3456789' }, { 'if-match': String(before.version) });
    expect(saved.status).toBe(200);
    expect(saved.body.taxId).toBe('123456789');
    expect(saved.body.version).toBe(before.version + 1);

    const events = await portal.app.store.readStream(eifStream(DEMO_CLIENT_ID));
    const last = events[events.length - 1]!;
    expect(last.type).toBe('EifEntityChanged');
    expect(last.metadata).toMatchObject({ actorId: 'demo-ben-admin', actorRole: 'BEN_ADMIN' });

    await eventually(async () => {
      const res = await api.get(clientPath);
      expect(res.body.taxId).toBe('123456789');
      expect(res.body.version).toBe(saved.body.version);
    });
    const log = await eventually(async () => {
      const res = await api.get(`${clientPath}/change-log/deif-changes`);
      // The seeded client, policies and plans are creations; the tax id is the one update.
      const updates = res.body.filter((r: { action: string }) => r.action === 'update');
      expect(updates).toHaveLength(1);
      return updates;
    });
    expect(log[0]).toMatchObject({
      entity: 'Client',
      entityId: DEMO_CLIENT_ID,
      createdByUser: { id: 'demo-ben-admin', role: 'BEN_ADMIN', name: 'Ben Adler (Benefits administrator)' },
      changeDetails: [{ attributeKey: 'taxId', value: '123456789', previousValue: null, status: 'accepted' }],
    });
  });

  it('refuses a malformed tax id with a field error and appends nothing', async () => {
    const api = apiClient(portal.app.url);
    await api.signIn('admin@onboard.example');
    const before = await portal.app.store.readStream(eifStream(DEMO_CLIENT_ID));
    const res = await api.put(clientPath, { taxId: '12-34' });
    expect(res.status).toBe(400);
    expect(res.body.validationError).toEqual({
      'body.taxId': 'Tax ID must be 9 digits in the format ##-#######',
    });
    expect(await portal.app.store.readStream(eifStream(DEMO_CLIENT_ID))).toHaveLength(before.length);
  });

  it('refuses an edit made against a stale version', async () => {
    const api = apiClient(portal.app.url);
    await api.signIn('admin@onboard.example');
    const current = await api.get(clientPath);
    const first = await api.put(
      clientPath,
      { taxId: '111111111' },
      { 'if-match': String(current.body.version) },
    );
    expect(first.status).toBe(200);
    const stale = await api.put(
      clientPath,
      { taxId: '222222222' },
      { 'if-match': String(current.body.version) },
    );
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('CONFLICT');
    const events = await portal.app.store.readStream(eifStream(DEMO_CLIENT_ID));
    expect(events.filter((e) => JSON.stringify(e.data).includes('222222222'))).toHaveLength(0);
  });

  it('refuses a mutation without the CSRF header', async () => {
    const api = apiClient(portal.app.url);
    await api.signIn('admin@onboard.example');
    const res = await api.request('PUT', clientPath, { taxId: '333333333' }, { 'x-csrf-token': '' });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('invalid csrf token');
  });

  it('refuses anonymous callers and other clients', async () => {
    const anonymous = apiClient(portal.app.url);
    expect((await anonymous.get(clientPath)).status).toBe(401);
    const broker = apiClient(portal.app.url);
    await broker.signIn('broker@onboard.example');
    const res = await broker.get('/api/clients/someone-else');
    expect(res.status).toBe(403);
    expect(JSON.stringify(res.body)).not.toContain('someone-else');
  });

  it('reports projection lag on the health endpoint', async () => {
    const res = await apiClient(portal.app.url).get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body.consumers.map((c: { name: string }) => c.name)).toEqual(
      expect.arrayContaining(['client-view', 'change-log', 'bus-publisher']),
    );
    for (const consumer of res.body.consumers) expect(typeof consumer.lagMs).toBe('number');
  });
});
