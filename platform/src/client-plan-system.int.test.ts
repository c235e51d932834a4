import { describe, expect, it } from 'vitest';
import { DEMO_CLIENT_ID } from './seed.ts';
import { eventually } from './testing/http-client.ts';
import { seededAppForTests } from './testing/seeded-app.ts';

const client = `/api/clients/${DEMO_CLIENT_ID}`;

// A client and the carrier's systems (platform §7): the ticket system's information, the plan system's view
// of the demo client compared with its EIF, a sync, an import, plan configuration and activation e-mails.
// The built-in simulators answer (platform/src/qps/directory.ts); Lakeside's case differs from its EIF.
describe('a client and the plan system over HTTP', () => {
  const emails: string[] = [];

  const compare = async () => {
    const answer = await portal.staff.get(`${client}/client-from-qps`);
    expect(answer.status).toBe(200);
    return answer.body as {
      version: number;
      planSystem: { caseId: string; policies: { policyNumber: string }[] };
      comparison: {
        inSync: boolean;
        client: string[];
        policies: { policyNumber: string; status: string; differences: string[] }[];
      };
    };
  };

  const portal = seededAppForTests(
    'client_plan_system',
    ['staff', 'benAdmin'],
    {},
    {
      printEmail: (line) => emails.push(line),
    },
  );

  it('answers a ticket’s information: known, derived from a well-formed id, 404 unknown, 400 malformed', async () => {
    const known = await portal.staff.get('/api/clients/ticket/ONB-1001/info');
    expect(known.status).toBe(200);
    expect(known.body).toEqual({
      ticketId: 'ONB-1001',
      clientName: 'Lakeside Manufacturing Co.',
      implementationType: 'NEW_CASE',
      implementationConsultantEmail: 'admin@onboard.example',
      policyNumbers: ['934781', '934782'],
    });
    const derived = await portal.staff.get('/api/clients/ticket/ONB-52017/info');
    expect(derived.status).toBe(200);
    expect((await portal.staff.get('/api/clients/ticket/ONB-52017/info')).body).toEqual(derived.body);
    expect(derived.body.policyNumbers.length).toBeGreaterThan(0);

    const unknown = await portal.staff.get('/api/clients/ticket/HR-12/info');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('The ticket system has no ticket HR-12');
    const malformed = await portal.staff.get('/api/clients/ticket/not%20a%20ticket/info');
    expect(malformed.status).toBe(400);
    expect(malformed.body.validationError).toEqual({
      'params.ticketId': 'A ticket id is a project key, a dash and a number, like ONB-1042',
    });
    expect((await portal.benAdmin.get('/api/clients/ticket/ONB-1001/info')).status).toBe(403);
  });

  it('compares the plan system’s view with the EIF, per policy, in words; staff only', async () => {
    const { planSystem, comparison } = await compare();
    expect(planSystem.caseId).toBe('QPS-C-48210');
    expect(comparison.inSync).toBe(false);
    expect(comparison.client).toEqual(['Case id: none here, QPS-C-48210 in the plan system.']);
    expect(comparison.policies).toEqual([
      {
        policyNumber: '934781',
        policyId: 'policy-lakeside-1',
        status: 'different',
        differences: ['The plan system also covers Accident.', 'Plans only in the plan system: Accident.'],
      },
      {
        policyNumber: '934782',
        policyId: 'policy-lakeside-2',
        status: 'different',
        differences: [
          'The plan system also covers Employee Assistance Program.',
          'Effective date: 2027-01-01 here, 2027-02-01 in the plan system.',
        ],
      },
      {
        policyNumber: '934783',
        policyId: null,
        status: 'only-in-plan-system',
        differences: ['Policy 934783 is in the plan system only: Critical Illness.'],
      },
    ]);
    expect((await portal.benAdmin.get(`${client}/client-from-qps`)).status).toBe(403);
    expect((await portal.staff.get('/api/clients/no-such-client/client-from-qps')).status).toBe(404);
  });

  it('a sync applies only what the plan system owns (case id, numbers, effective dates), then nothing', async () => {
    expect((await portal.benAdmin.put(`${client}/sync`, {})).status).toBe(403);
    expect((await portal.staff.put('/api/clients/no-such-client/sync', {})).status).toBe(404);
    const synced = await portal.staff.put(`${client}/sync`, {});
    expect(synced.status).toBe(200);
    expect(synced.body.changed).toEqual([
      'Case id set to QPS-C-48210.',
      'Policy 934782: effective date 2027-01-01 → 2027-02-01.',
      'Policy 934783 added, effective 2027-02-01.',
    ]);
    const again = await portal.staff.put(`${client}/sync`, {});
    expect(again.body).toMatchObject({ changed: [], version: synced.body.version });
    const { comparison } = await compare();
    expect(comparison.client).toEqual([]);
    // Coverages and plans are the import's, not the sync's.
    expect(comparison.policies.find((p) => p.policyNumber === '934783')?.differences).toEqual([
      'The plan system also covers Critical Illness.',
      'Plans only in the plan system: Critical Illness.',
    ]);
  });

  it('an import refuses a stale If-Match, applies coverages and plans once, and is idempotent', async () => {
    const { version } = await compare();
    const stale = await portal.staff.post(`${client}/import-from-qps`, undefined, {
      'If-Match': String(version - 1),
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'CONFLICT', currentVersion: version });
    expect((await portal.benAdmin.post(`${client}/import-from-qps`, undefined)).status).toBe(403);

    const imported = await portal.staff.post(`${client}/import-from-qps`, undefined, {
      'If-Match': String(version),
    });
    expect(imported.status).toBe(200);
    expect(imported.body.changed).toEqual([
      'Policy 934781: Accident added to the coverages.',
      'Accident plan added to policy 934781.',
      'Policy 934782: Employee Assistance Program added to the coverages.',
      'Policy 934783: Critical Illness added to the coverages.',
      'Critical Illness plan added to policy 934783.',
    ]);
    expect(imported.body.version).toBeGreaterThan(version);
    const again = await portal.staff.post(`${client}/import-from-qps`, undefined, {
      'If-Match': String(imported.body.version),
    });
    expect(again.body).toMatchObject({ changed: [], version: imported.body.version });
    const { comparison } = await compare();
    expect(comparison).toMatchObject({ inSync: true, client: [] });

    // The client's view (read model) shows the imported policy and plans.
    await eventually(async () => {
      const view = (await portal.staff.get(client)).body as {
        policies: { slfPolicyNumber: string; slfCoverages?: string[] }[];
        plans: { benefitType: string }[];
      };
      expect(view.policies.find((p) => p.slfPolicyNumber === '934783')?.slfCoverages).toEqual([
        'Critical Illness',
      ]);
      expect(view.plans.map((p) => p.benefitType)).toEqual(
        expect.arrayContaining(['ACCIDENT', 'CRITICAL_ILLNESS']),
      );
    });
  });

  it('plan configuration creates the plans the coverages call for, once; staff only', async () => {
    expect((await portal.benAdmin.post(`${client}/plan-configuration`)).status).toBe(403);
    const configured = await portal.staff.post(`${client}/plan-configuration`);
    expect(configured.status).toBe(200);
    expect(configured.body.created).toEqual([
      expect.objectContaining({
        policyNumber: '934782',
        benefitType: 'EAP',
        coverage: 'Employee Assistance Program',
      }),
    ]);
    expect(configured.body.changed).toEqual(['Employee Assistance Program plan added to policy 934782.']);
    const again = await portal.staff.post(`${client}/plan-configuration`);
    expect(again.body).toMatchObject({ created: [], changed: [], version: configured.body.version });
    expect(again.body.present).toContainEqual(
      expect.objectContaining({ policyNumber: '934782', benefitType: 'EAP' }),
    );
    const stale = await portal.staff.post(`${client}/plan-configuration`, undefined, { 'If-Match': '1' });
    expect(stale.status).toBe(409);
    // The plan is the EIF's own until the plan system sets it up: the comparison says so.
    const { comparison } = await compare();
    expect(comparison.policies.find((p) => p.policyNumber === '934782')?.differences).toEqual([
      'Plans only here: Employee Assistance Program.',
    ]);
  });

  it('sends the activation e-mail to the client’s people not yet activated, and says who was skipped', async () => {
    expect((await portal.benAdmin.post(`${client}/activation-emails`)).status).toBe(403);
    const created = await portal.staff.post('/api/users/ben-admin', {
      firstName: 'Nora',
      lastName: 'Newman',
      email: 'nora.newman@lakeside.example',
      clientIds: [DEMO_CLIENT_ID],
    });
    expect(created.status).toBe(201);
    const answer = await eventually(async () => {
      const sent = await portal.staff.post(`${client}/activation-emails`);
      expect(sent.status).toBe(200);
      expect(sent.body.sent).toEqual([
        { name: 'Nora Newman', role: 'BEN_ADMIN', email: 'nora.newman@lakeside.example' },
      ]);
      return sent.body;
    });
    expect(answer.skipped).toEqual([
      {
        name: 'Ben Adler',
        role: 'BEN_ADMIN',
        email: 'benadmin@onboard.example',
        reason: 'Already activated',
      },
      { name: 'Bianca Brooks', role: 'BROKER', email: 'broker@onboard.example', reason: 'Already activated' },
    ]);
    expect(emails.some((line) => line.includes('nora.newman@lakeside.example'))).toBe(true);
    expect((await portal.staff.post('/api/clients/no-such-client/activation-emails')).status).toBe(404);
  });
});
