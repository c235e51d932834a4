import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CLIENT_ID } from './seed.ts';
import { answerEveryRequiredQuestion } from './testing/complete-eif.ts';
import { eventually } from './testing/http-client.ts';
import { seededAppForTests, type Api } from './testing/seeded-app.ts';
import { answerChanged, appendToEif } from '@onboard/testing/eif-events';

const client = `/api/clients/${DEMO_CLIENT_ID}`;
const feed = `${client}/data-feed`;
const POLICY_ID = 'policy-lakeside-1';
const census = `${client}/census/${POLICY_ID}`;

type FeedAnswer = {
  rounds: {
    round: number;
    clean: boolean;
    acknowledgmentDocumentId: string;
    report: {
      accepted: boolean;
      problems: number;
      groups: { rule: string }[];
      issues: { message: string; member: string | null }[];
    };
    changes: { fixed: number; new: number } | null;
  }[];
  cleanRoundsInARow: number;
  canMarkReady: boolean;
  ready: { round: number; notified: string[] } | null;
};

// The data feed over HTTP on a signed EIF with a submitted census: the census made an 834 by staff, two
// rounds of test files (one broken, then clean ones), the feed marked ready and production support told.
describe('the data feed over HTTP', () => {
  const cookie = (api: Api) => [...api.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const upload = async (api: Api, path: string, text: string, name: string) => {
    const response = await fetch(`${portal.app.url}${path}`, {
      method: 'POST',
      headers: {
        cookie: cookie(api),
        'x-csrf-token': api.cookies.get('onboard_csrf')!,
        'content-type': 'application/octet-stream',
        'x-file-name': encodeURIComponent(name),
      },
      body: text,
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const download = async (api: Api, documentId: string) => {
    const response = await fetch(`${portal.app.url}${feed}/files/${documentId}`, {
      headers: { cookie: cookie(api) },
    });
    return { status: response.status, text: await response.text() };
  };
  const taskStatus = async () => {
    const tasks = (await portal.staff.get(`${client}/tasks`)).body as { taskId: string; status: string }[];
    return tasks.find((t) => t.taskId === 'connect-service')?.status;
  };

  const portal = seededAppForTests('data_feed', ['staff', 'benAdmin']);
  beforeAll(async () => {
    // The plan design: one class offered dental (from the first of the month after hire) and LTD.
    await appendToEif(portal.app.store, DEMO_CLIENT_ID, [
      answerChanged(DEMO_CLIENT_ID, 'Client', DEMO_CLIENT_ID, 'needsEmployeeClasses', true),
    ]);
    const created = await portal.staff.post(`${client}/employee-classes`, {
      groupName: 'Salaried',
      employeeTypes: ['FULL_TIME'],
      plans: [
        {
          planId: 'plan-dental',
          waitingPeriodType: 'FIRST_OF_MONTH_AFTER_HIRE',
          employerContributionPercentage: 100,
          employeeContributionPercentage: 0,
        },
        {
          planId: 'plan-ltd',
          waitingPeriodType: 'FIRST_OF_MONTH_AFTER_HIRE',
          employerContributionPercentage: 100,
          employeeContributionPercentage: 0,
        },
      ],
    });
    expect(created.status).toBe(201);
    const contact = await portal.benAdmin.post(`${client}/contacts`, {
      type: 'DATA_FEEDS_PRODUCTION_SUPPORT',
      firstName: 'Pat',
      lastName: 'Support',
      email: 'pat.support@benadmin.example',
      phoneNumber: '312-555-0100',
    });
    expect(contact.status, contact.text).toBe(201);
    await answerEveryRequiredQuestion(portal.benAdmin, DEMO_CLIENT_ID);
    expect((await portal.benAdmin.post(`${client}/eif/sign`)).status).toBe(200);

    // The census of the policy, validated and submitted.
    const view = (await portal.staff.get(client)).body as { locations: { name: string }[] };
    const location = view.locations[0]!.name;
    const header =
      'Employee ID,Relationship,First Name,Last Name,SSN,Date of Birth,Hire Date,Employee Class,Hours per week,Location,State,ZIP,Annual Salary,Elected Plans';
    const rows = [
      `E1,Employee,Ada,Lovelace,123-45-6789,12/10/1985,03/15/2020,Salaried,40,${location},IL,60601,85000,Dental; Long term disability`,
      `E1,Child,Kit,Lovelace,,07/07/2015,,,,,,,,`,
      `E2,Employee,Grace,Hopper,234-56-7890,12/09/1986,06/01/2021,Salaried,40,${location},IL,60601,92000,Dental`,
    ];
    const uploaded = await upload(
      portal.benAdmin,
      `${census}/files`,
      `${header}\n${rows.join('\n')}\n`,
      'census.csv',
    );
    expect(uploaded.status).toBe(201);
    const document = uploaded.body.document as { documentId: string; mapping: Record<string, number> };
    await portal.benAdmin.put(`${census}/validate-submit`, {
      documentId: document.documentId,
      mapping: document.mapping,
      source: 'HRIS',
    });
    await eventually(async () => {
      const list = (await portal.benAdmin.get(`${census}/validate`)).body as {
        document: { status: string };
        domainValidations: { report: { counts: { ERROR: number }; issues: unknown[] } | null };
      }[];
      expect(list[0]!.document.status).toBe('VALIDATED');
      expect(list[0]!.domainValidations.report!.issues).toEqual([]);
    });
    expect((await portal.benAdmin.post(`${census}/submit`, { documentId: document.documentId })).status).toBe(
      200,
    );
  });

  let census834 = '';

  it('staff make the submitted census a full-file 834; the client’s people may not', async () => {
    expect((await portal.benAdmin.post(`${feed}/census-834`)).status).toBe(403);
    const made = await portal.staff.post(`${feed}/census-834`);
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ members: 3 });
    const file = await download(portal.staff, String(made.body.documentId));
    expect(file.status).toBe(200);
    census834 = file.text;
    expect(census834).toContain('ST*834*0001*005010X220A1~');
    expect(census834).toContain('BGN*00*');
    expect(census834).toContain('REF*ZZ*Salaried~');
    expect((await download(portal.benAdmin, String(made.body.documentId))).status).toBe(403);
  });

  it('reads a broken test file into round 1 with its problems in words, masked', async () => {
    expect(
      (await upload(portal.benAdmin, `${feed}/test-files`, 'Employee ID,Name\n', 'not-x12.csv')).status,
    ).toBe(400);
    const broken = census834.replace('REF*ZZ*Salaried~', 'REF*ZZ*Hourly~');
    const answer = await upload(portal.benAdmin, `${feed}/test-files`, broken, 'round-1.834');
    expect(answer.status).toBe(201);
    const round = (answer.body as unknown as FeedAnswer).rounds[0]!;
    expect(round).toMatchObject({ round: 1, clean: false, changes: null });
    expect(round.report.issues.map((i) => i.message)).toContain(
      "Class 'Hourly' is not in the signed EIF; its classes: Salaried",
    );
    expect(round.report.issues[0]!.member).toBe('Ada Lovelace (SSN ***-**-6789, born 1985)');
    expect(JSON.stringify(round.report)).not.toContain('123456789');
    await eventually(async () => expect(await taskStatus()).toBe('In Progress'));
    const ack = await download(portal.benAdmin, round.acknowledgmentDocumentId);
    expect(ack.status).toBe(200);
    expect(ack.text).toContain('ST*999*0001*005010X231A1~');
    expect(ack.text).toContain('IK5*A~');
  });

  it('two clean rounds in a row let staff mark the feed ready; production support is told by e-mail', async () => {
    const second = (await upload(portal.benAdmin, `${feed}/test-files`, census834, 'round-2.834'))
      .body as unknown as FeedAnswer;
    expect(second.rounds[0]).toMatchObject({ round: 2, clean: true, changes: { fixed: 2, new: 0 } });
    expect(second).toMatchObject({ cleanRoundsInARow: 1, canMarkReady: false });
    const early = await portal.staff.post(`${feed}/ready`);
    expect(early.status).toBe(400);
    expect(early.body.code).toBe('NOT_READY');

    const third = (await upload(portal.benAdmin, `${feed}/test-files`, census834, 'round-3.834'))
      .body as unknown as FeedAnswer;
    expect(third).toMatchObject({ cleanRoundsInARow: 2, canMarkReady: true });
    await eventually(async () => expect(await taskStatus()).toBe('In Review'));

    expect((await portal.benAdmin.post(`${feed}/ready`)).status).toBe(403);
    const ready = await portal.staff.post(`${feed}/ready`);
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({
      ready: { round: 3, notified: ['pat.support@benadmin.example'] },
      canMarkReady: false,
    });
    await eventually(async () => expect(await taskStatus()).toBe('Done'));
    await eventually(async () => {
      const rows = (
        await portal.app.pool.query<{ to: string; subject: string }>(
          `select "to", subject from rm_emails where kind = 'DATA_FEED_READY'`,
        )
      ).rows;
      expect(rows).toEqual([
        {
          to: 'pat.support@benadmin.example',
          subject: 'The data feed of Lakeside Manufacturing Co. is ready for production',
        },
      ]);
    });
    expect((await portal.staff.post(`${feed}/ready`)).body.code).toBe('ALREADY_READY');

    const read = (await portal.benAdmin.get(feed)).body as FeedAnswer;
    expect(read.rounds.map((r) => r.round)).toEqual([3, 2, 1]);
    expect(read.ready).toMatchObject({ round: 3 });
  });

  it('staff save the companion guide; the next test file is checked against it', async () => {
    const guide = '/api/data-feed/companion-guide';
    const before = (await portal.staff.get(guide)).body as {
      profile: Record<string, unknown>;
      isDefault: boolean;
    };
    expect(before).toMatchObject({ isDefault: true, profile: { classCategory: 'EMPLOYEE CLASS' } });
    expect((await portal.benAdmin.get(guide)).status).toBe(403);
    const profile = { ...before.profile, classCategory: 'ELIGIBILITY CLASS' };
    expect((await portal.benAdmin.put(guide, profile)).status).toBe(403);
    const bad = await portal.staff.put(guide, { ...profile, maintenance: [{ type: '099', reasons: [] }] });
    expect(bad.status).toBe(400);
    expect(bad.body.validationError).toEqual({
      'body.maintenance.0.type': '099 is not an 834 maintenance type (INS03)',
    });
    const saved = await portal.staff.put(guide, profile);
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({ isDefault: false, profile: { classCategory: 'ELIGIBILITY CLASS' } });
    const next = (await upload(portal.benAdmin, `${feed}/test-files`, census834, 'round-4.834'))
      .body as unknown as FeedAnswer;
    expect(next.rounds[0]!.report.groups.map((g) => g.rule)).toEqual(['CLASS_MISSING']);
  });
});
