import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientStream, type NewEvent } from '@onboard/events';
import { seededDatabase } from '@onboard/testing/db';
import { startApp, type RunningApp } from './app.ts';
import { embeddedTestConfig } from './config.ts';
import { DEMO_CLIENT_ID } from './seed.ts';
import { apiClient, eventually } from './testing/http-client.ts';

type Api = ReturnType<typeof apiClient>;
type Page = { items: { id: string; name: string; isDraft: boolean; isArchived: boolean }[]; total: number };

const by = { userId: 'demo-admin', role: 'SLF_ADMIN' };
const event = (type: string, data: Record<string, unknown>): NewEvent => ({
  id: randomUUID(),
  type,
  data: { at: new Date().toISOString(), by, ...data },
  metadata: {
    actorId: by.userId,
    actorRole: by.role,
    occurredAt: new Date().toISOString(),
    correlationId: randomUUID(),
  },
});
const created = (clientId: string, name: string, draft: boolean) =>
  event('ClientCreated', {
    clientId,
    name,
    ticketId: null,
    implementationType: 'NEW_CASE',
    implementationConsultantUserId: 'demo-admin',
    isTest: false,
    policies: [],
    draft,
  });

// The client list over HTTP with lifecycles written as events (client-{clientId}) and folded by the
// client-lifecycle projection: a draft reaches staff only, an archived client leaves the ben-admin's list.
describe('the client list over HTTP, from lifecycle events', () => {
  let app: RunningApp;
  let staff: Api;
  let benAdmin: Api;
  let broker: Api;

  const list = async (api: Api, query = '', path = '/api/clients') => {
    const res = await api.get(`${path}${query}`);
    expect(res.status).toBe(200);
    return res.body as Page;
  };

  beforeAll(async () => {
    app = await startApp(embeddedTestConfig(await seededDatabase('client_list_http'), { webDist: null }));
    staff = apiClient(app.url);
    await staff.signIn('admin@onboard.example');
    benAdmin = apiClient(app.url);
    await benAdmin.signIn('benadmin@onboard.example');
    broker = apiClient(app.url);
    await broker.signIn('broker@onboard.example');
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('lists a draft for staff only, named from its lifecycle, with its consultant by name', async () => {
    await app.store.append(
      clientStream('draft-acme'),
      [created('draft-acme', 'Acme Draft Co', true)],
      'no_stream',
    );
    const draft = await eventually(async () => {
      const found = (await list(staff, '?search=acme')).items.find((c) => c.id === 'draft-acme');
      expect(found).toBeDefined();
      return found!;
    });
    expect(draft).toMatchObject({
      name: 'Acme Draft Co',
      isDraft: true,
      eifStatus: null,
      phase: 'setup',
      implementationConsultant: { userId: 'demo-admin', name: expect.any(String) },
    });
    expect((await list(benAdmin)).items.map((c) => c.id)).toEqual([DEMO_CLIENT_ID]);
  });

  it('hides an archived client from its ben-admin and broker; staff find it with archived=true', async () => {
    expect((await staff.post(`/api/clients/${DEMO_CLIENT_ID}/archive`)).status).toBe(200);
    await eventually(async () => {
      expect((await list(benAdmin)).items).toEqual([]);
    });
    expect((await list(broker)).total).toBe(0);
    expect((await list(staff, '?archived=true')).items.map((c) => c.id)).toEqual([DEMO_CLIENT_ID]);
    expect((await list(staff)).items.map((c) => c.id)).not.toContain(DEMO_CLIENT_ID);
    const ofBenAdmin = await list(staff, '?archived=true', '/api/users/demo-ben-admin/clients');
    expect(ofBenAdmin.items.map((c) => c.id)).toEqual([DEMO_CLIENT_ID]);
    expect((await list(benAdmin, '', '/api/users/demo-ben-admin/clients')).total).toBe(0);
    expect((await broker.get('/api/users/demo-ben-admin/clients')).status).toBe(403);
  });

  it('drops a deleted client from every list', async () => {
    await app.store.append(
      clientStream('draft-acme'),
      [event('ClientDeleted', { clientId: 'draft-acme' })],
      'any',
    );
    await eventually(async () => {
      expect((await list(staff, '?search=acme')).items).toEqual([]);
    });
    expect((await list(staff, '?search=acme&archived=true')).items).toEqual([]);
  });
});
