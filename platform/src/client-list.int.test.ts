import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { clientStream, type NewEvent } from '@onboard/events';
import { DEMO_CLIENT_ID } from './seed.ts';
import { eventually } from './testing/http-client.ts';
import { seededAppForTests, type Api } from './testing/seeded-app.ts';

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
  const list = async (api: Api, query = '', path = '/api/clients') => {
    const res = await api.get(`${path}${query}`);
    expect(res.status).toBe(200);
    return res.body as Page;
  };

  const portal = seededAppForTests('client_list_http', ['staff', 'benAdmin', 'broker']);

  it('lists a draft for staff only, named from its lifecycle, with its consultant by name', async () => {
    await portal.app.store.append(
      clientStream('draft-acme'),
      [created('draft-acme', 'Acme Draft Co', true)],
      'no_stream',
    );
    const draft = await eventually(async () => {
      const found = (await list(portal.staff, '?search=acme')).items.find((c) => c.id === 'draft-acme');
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
    expect((await list(portal.benAdmin)).items.map((c) => c.id)).toEqual([DEMO_CLIENT_ID]);
  });

  it('hides an archived client from its ben-admin and broker; staff find it with archived=true', async () => {
    expect((await portal.staff.post(`/api/clients/${DEMO_CLIENT_ID}/archive`)).status).toBe(200);
    await eventually(async () => {
      expect((await list(portal.benAdmin)).items).toEqual([]);
    });
    expect((await list(portal.broker)).total).toBe(0);
    expect((await list(portal.staff, '?archived=true')).items.map((c) => c.id)).toEqual([DEMO_CLIENT_ID]);
    expect((await list(portal.staff)).items.map((c) => c.id)).not.toContain(DEMO_CLIENT_ID);
    const ofBenAdmin = await list(portal.staff, '?archived=true', '/api/users/demo-ben-admin/clients');
    expect(ofBenAdmin.items.map((c) => c.id)).toEqual([DEMO_CLIENT_ID]);
    expect((await list(portal.benAdmin, '', '/api/users/demo-ben-admin/clients')).total).toBe(0);
    expect((await portal.broker.get('/api/users/demo-ben-admin/clients')).status).toBe(403);
  });

  it('drops a deleted client from every list', async () => {
    await portal.app.store.append(
      clientStream('draft-acme'),
      [event('ClientDeleted', { clientId: 'draft-acme' })],
      'any',
    );
    await eventually(async () => {
      expect((await list(portal.staff, '?search=acme')).items).toEqual([]);
    });
    expect((await list(portal.staff, '?search=acme&archived=true')).items).toEqual([]);
  });
});
