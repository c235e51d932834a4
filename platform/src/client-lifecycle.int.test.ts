import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { clientStream } from '@onboard/events';
import { DEMO_CLIENT_ID } from './seed.ts';
import { eventually } from './testing/http-client.ts';
import { seededAppForTests } from './testing/seeded-app.ts';

type Lifecycle = {
  clientId: string;
  name: string;
  isDraft: boolean;
  isArchived: boolean;
  version: number;
  setupSteps: { stepId: string; completed: boolean }[];
  completedSetup: boolean;
  slfImplementationConsultant: { firstName: string; lastName: string } | null;
} & Record<string, unknown>;

const newClient = (over: Record<string, unknown> = {}) => ({
  name: 'Northwind Logistics',
  ticketId: 'ONB-4417',
  implementationType: 'NEW_CASE',
  implementationConsultantUserId: 'demo-admin',
  policies: [
    { slfPolicyNumber: '551001', slfCoverages: ['Dental', 'Basic Life'], policyEffective: '2027-02-01' },
    { slfPolicyNumber: '551002', slfCoverages: ['Long Term Disability'], policyEffective: '2027-02-01' },
  ],
  ...over,
});

// The client's lifecycle over HTTP: staff open an onboarding (its form and tasks follow), work through
// setup, archive, unarchive, delete; the client's people see the welcome flow; refusals change nothing.
describe('the client lifecycle over HTTP', () => {
  const portal = seededAppForTests('client_lifecycle', ['staff', 'benAdmin', 'broker']);

  it('staff create a client with two policies; its form, tasks and consultant follow', async () => {
    expect((await portal.benAdmin.post('/api/clients', newClient())).status).toBe(403);
    const created = await portal.staff.post('/api/clients', newClient());
    expect(created.status).toBe(201);
    const lifecycle = created.body as Lifecycle;
    expect(lifecycle).toMatchObject({
      name: 'Northwind Logistics',
      isDraft: false,
      isArchived: false,
      completedSetup: false,
      slfImplementationConsultant: { firstName: 'Adam', lastName: 'Alvarez' },
    });
    const id = lifecycle.clientId;
    const form = await eventually(async () => {
      const read = await portal.staff.get(`/api/clients/${id}`);
      expect(read.status).toBe(200);
      return read.body as { name: string; policies: { slfPolicyNumber: string }[] };
    });
    expect(form.name).toBe('Northwind Logistics');
    expect(form.policies.map((p) => p.slfPolicyNumber).sort()).toEqual(['551001', '551002']);
    const tasks = await eventually(async () => {
      const listed = (await portal.staff.get(`/api/clients/${id}/tasks`)).body as {
        taskId: string;
        status: string;
        dueDate: string | null;
      }[];
      expect(listed.some((t) => t.taskId === 'dental-rollover')).toBe(true);
      return listed;
    });
    expect(tasks.find((t) => t.taskId === 'kickoff-call')?.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(tasks.filter((t) => t.taskId === 'enrollment-elections')).toHaveLength(2);
    // The company information task follows its form: an answer moves it to In Progress.
    expect(tasks.find((t) => t.taskId === 'eif-submit-company-information')).toMatchObject({
      status: 'Not Started',
    });
    expect((await portal.staff.put(`/api/clients/${id}`, { taxId: '12-3456789' })).status).toBe(200);
    await eventually(async () => {
      const listed = (await portal.staff.get(`/api/clients/${id}/tasks`)).body as {
        taskId: string;
        status: string;
      }[];
      expect(listed.find((t) => t.taskId === 'eif-submit-company-information')).toMatchObject({
        status: 'In Progress',
      });
    });
  });

  it('refuses bad input on its fields and writes nothing', async () => {
    const bad = await portal.staff.post(
      '/api/clients',
      newClient({
        name: ' ',
        policies: [
          { slfPolicyNumber: '7', slfCoverages: ['Dental'] },
          { slfPolicyNumber: '7', slfCoverages: ['Dental'] },
        ],
      }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      validationError: {
        'body.name': 'Please provide a response',
        'body.policies.1.slfPolicyNumber': 'Each policy needs its own number',
      },
    });
    const badType = await portal.staff.post('/api/clients', newClient({ implementationType: 'SOMETHING' }));
    expect(badType.body).toMatchObject({
      validationError: { 'body.implementationType': 'Choose New case, Add coverage or Takeover' },
    });
    const badIc = await portal.staff.post(
      '/api/clients',
      newClient({ implementationConsultantUserId: 'demo-broker' }),
    );
    expect(badIc.body).toMatchObject({
      validationError: { 'body.implementationConsultantUserId': 'Choose a member of the carrier’s staff' },
    });
    const list = (await portal.staff.get('/api/clients?limit=100')).body as { items: { name: string }[] };
    expect(list.items.filter((c) => c.name.trim() === '')).toEqual([]);
  });

  it('a draft has no form until staff make its base client', async () => {
    const draft = (
      await portal.staff.post('/api/clients', newClient({ name: 'Draft Co', draft: true, policies: [] }))
    ).body as Lifecycle;
    expect(draft.isDraft).toBe(true);
    const id = draft.clientId;
    expect((await portal.staff.get(`/api/clients/${id}`)).status).toBe(404);
    const early = await portal.staff.post(`/api/clients/${id}/base-client`);
    expect(early.status).toBe(400);
    expect(early.body).toMatchObject({ validationError: { 'body.policies': 'Add at least one policy' } });
    const filled = await portal.staff.patch(`/api/clients/${id}/draft`, {
      policies: [{ slfPolicyNumber: '900', slfCoverages: ['Vision'] }],
    });
    expect(filled.status).toBe(200);
    const made = await portal.staff.post(`/api/clients/${id}/base-client`);
    expect(made.body).toMatchObject({ isDraft: false });
    await eventually(async () => expect((await portal.staff.get(`/api/clients/${id}`)).status).toBe(200));
    expect((await portal.staff.post(`/api/clients/${id}/base-client`)).status).toBe(400);
  });

  it('concurrent lifecycle writes with one If-Match: one wins, the other is a 409', async () => {
    const created = (await portal.staff.post('/api/clients', newClient({ name: 'Race Co' })))
      .body as Lifecycle;
    const headers = { 'If-Match': `"${created.version}"` };
    const [a, b] = await Promise.all([
      portal.staff.post(`/api/clients/${created.clientId}/archive`, undefined, headers),
      portal.staff.put(`/api/clients/${created.clientId}/release-status`, { releaseStatus: 'LIVE' }, headers),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
  });

  it('setup: people steps need someone assigned; the fifth step completes setup', async () => {
    const created = (await portal.staff.post('/api/clients', newClient({ name: 'Setup Co' })))
      .body as Lifecycle;
    const id = created.clientId;
    const refused = await portal.staff.post(`/api/clients/${id}/setup-steps/broker`);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: 'NOT_ALLOWED',
      message: 'Assign a broker to the client first',
    });
    expect((await portal.staff.post(`/api/clients/${id}/setup-steps/nonsense`)).status).toBe(400);
    for (const step of ['docusignEnvelop', 'configCompanyInfo'])
      expect((await portal.staff.post(`/api/clients/${id}/setup-steps/${step}`)).status).toBe(200);
    const setup = await eventually(async () => {
      const read = (await portal.staff.get(`/api/clients/${id}/setup`)).body as Record<string, unknown>;
      expect(read.docusignEnvelop).toMatchObject({ completed: true });
      return read;
    });
    expect(setup).toMatchObject({ broker: { completed: false }, completedSetup: false });
    // The seeded client has its people and a complete setup.
    expect((await portal.benAdmin.get(`/api/clients/${DEMO_CLIENT_ID}/setup`)).body).toMatchObject({
      completedSetup: true,
    });
  });

  it('the welcome flow: the consultant and key dates, then completed once for that person', async () => {
    const flow = await eventually(async () => {
      const read = (await portal.benAdmin.get(`/api/clients/${DEMO_CLIENT_ID}/welcome-flow`)).body as {
        welcomeFlowCompletedAt: string | null;
        implementationConsultant: { firstName: string } | null;
        keyDates: { label: string; date: string }[];
      };
      expect(read.implementationConsultant).toMatchObject({ firstName: 'Adam' });
      return read;
    });
    expect(flow.welcomeFlowCompletedAt).toBeNull();
    expect(flow.keyDates.some((d) => d.label === 'Policy 934781 takes effect')).toBe(true);
    const done = await portal.benAdmin.post(`/api/clients/${DEMO_CLIENT_ID}/complete-welcome-flow`);
    expect(done.status).toBe(200);
    await eventually(async () => {
      const read = (await portal.benAdmin.get(`/api/clients/${DEMO_CLIENT_ID}/welcome-flow`)).body as {
        welcomeFlowCompletedAt: string | null;
      };
      expect(read.welcomeFlowCompletedAt).not.toBeNull();
    });
    // Another person of the client has not been through it.
    const forBroker = (await portal.broker.get(`/api/clients/${DEMO_CLIENT_ID}/welcome-flow`)).body as {
      welcomeFlowCompletedAt: string | null;
    };
    expect(forBroker.welcomeFlowCompletedAt).toBeNull();
  });

  it('archived: not found for the client’s people, still there for staff; unarchived: back', async () => {
    expect((await portal.benAdmin.post(`/api/clients/${DEMO_CLIENT_ID}/archive`)).status).toBe(403);
    const archived = await portal.staff.post(`/api/clients/${DEMO_CLIENT_ID}/archive`);
    expect(archived.status).toBe(200);
    expect(archived.body).toMatchObject({ isArchived: true });
    await eventually(async () => {
      expect((await portal.benAdmin.get(`/api/clients/${DEMO_CLIENT_ID}`)).status).toBe(404);
    });
    expect((await portal.benAdmin.get(`/api/clients/${DEMO_CLIENT_ID}/tasks`)).status).toBe(404);
    expect((await portal.staff.get(`/api/clients/${DEMO_CLIENT_ID}`)).status).toBe(200);
    expect((await portal.staff.post(`/api/clients/${DEMO_CLIENT_ID}/unarchive`)).status).toBe(200);
    await eventually(async () => {
      expect((await portal.benAdmin.get(`/api/clients/${DEMO_CLIENT_ID}`)).status).toBe(200);
    });
  });

  it('delete only before anything is signed; a deleted client is gone for everyone', async () => {
    const created = (await portal.staff.post('/api/clients', newClient({ name: 'Delete Co' })))
      .body as Lifecycle;
    const id = created.clientId;
    expect((await portal.benAdmin.delete(`/api/clients/${id}`)).status).toBe(403);
    expect((await portal.staff.delete(`/api/clients/${id}`)).status).toBe(204);
    // Two read models (the form's and the lifecycle's), each caught up in its own time.
    await eventually(async () => {
      expect((await portal.staff.get(`/api/clients/${id}`)).status).toBe(404);
      expect((await portal.staff.get(`/api/clients/${id}/lifecycle`)).status).toBe(404);
    });
    expect((await portal.staff.delete(`/api/clients/${id}`)).status).toBe(404);
  });

  it('a creation cut short after its first write still gets its form and tasks (the client-base reactor)', async () => {
    // As if the process died right after appending ClientCreated: nothing else was written.
    const id = randomUUID();
    await portal.app.store.append(
      clientStream(id),
      [
        {
          id: randomUUID(),
          type: 'ClientCreated',
          data: {
            clientId: id,
            at: new Date().toISOString(),
            by: { userId: 'demo-admin', role: 'SLF_ADMIN' },
            name: 'Interrupted Co',
            ticketId: null,
            implementationType: 'NEW_CASE',
            implementationConsultantUserId: null,
            isTest: false,
            policies: [
              {
                policyId: randomUUID(),
                slfPolicyNumber: '661',
                slfCoverages: ['Dental'],
                policyEffective: null,
              },
            ],
            draft: false,
          },
          metadata: {
            actorId: 'demo-admin',
            actorRole: 'SLF_ADMIN',
            occurredAt: new Date().toISOString(),
            correlationId: randomUUID(),
          },
        },
      ],
      'no_stream',
    );
    await eventually(async () => {
      const form = await portal.staff.get(`/api/clients/${id}`);
      expect(form.status).toBe(200);
      expect(form.body).toMatchObject({ name: 'Interrupted Co' });
      const tasks = (await portal.staff.get(`/api/clients/${id}/tasks`)).body as { taskId: string }[];
      expect(tasks.some((t) => t.taskId === 'dental-rollover')).toBe(true);
    });
    // The command's own follow-ups and the reactor's never write twice.
    const created = (await portal.staff.post('/api/clients', newClient({ name: 'Once Co' })))
      .body as Lifecycle;
    await eventually(async () => {
      const tasks = (await portal.staff.get(`/api/clients/${created.clientId}/tasks`)).body as {
        taskId: string;
      }[];
      expect(tasks.filter((t) => t.taskId === 'kickoff-call')).toHaveLength(1);
    });
    const forms = await portal.app.store.readStream(`eif-${created.clientId}`);
    expect(
      forms.filter(
        (e) => e.type === 'EifEntityCreated' && (e.data as { entity: string }).entity === 'Client',
      ),
    ).toHaveLength(1);
  });
});
