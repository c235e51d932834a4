import { describe, expect, it } from 'vitest';
import { eifStream } from '@onboard/events';
import { DEMO_CLIENT_ID } from './seed.ts';
import { answerEveryRequiredQuestion } from './testing/complete-eif.ts';
import { apiClient, eventually } from './testing/http-client.ts';
import { seededAppForTests } from './testing/seeded-app.ts';
import { answerChanged, appendToEif } from '@onboard/testing/eif-events';

const client = `/api/clients/${DEMO_CLIENT_ID}`;
const classes = `${client}/employee-classes`;

type ClassesAnswer = {
  version: number;
  employeeClassId: string;
  eifStatus: string;
  eligiblePlans: { id: string; benefitType: string }[];
  employeeClasses: {
    id: string;
    groupName: string;
    employeeTypes: string[];
    hasPendingChanges: boolean;
    plans: Record<string, unknown>[];
  }[];
};

// The class builder over HTTP (platform §7) against the demo client (plans: dental, vision, LTD, life, STD).
describe('employee classes over HTTP', () => {
  const portal = seededAppForTests('employee_classes', ['staff']);

  const streamLength = async () => (await portal.app.store.readStream(eifStream(DEMO_CLIENT_ID))).length;
  // The class answer is asked in the class-builder sub-step (PUT /api/clients/{id}, another slice): written
  // here as the event that PUT records, so this file tests the class rules alone.
  const answerNeedsEmployeeClasses = async (value: boolean) => {
    await appendToEif(portal.app.store, DEMO_CLIENT_ID, [
      answerChanged(DEMO_CLIENT_ID, 'Client', DEMO_CLIENT_ID, 'needsEmployeeClasses', value),
    ]);
  };
  let salariedId = '';

  it('creates a class with its plans, contributions and waiting periods in one write', async () => {
    const before = await streamLength();
    const created = await portal.staff.post(classes, {
      groupName: 'Salaried',
      employeeTypes: ['FULL_TIME'],
      minimumHoursPerWeek: 30,
      description: 'Exempt staff',
      plans: [
        {
          planId: 'plan-life',
          waitingPeriodType: 'DATE_OF_HIRE',
          employerContributionPercentage: 100,
          employeeContributionPercentage: 0,
        },
      ],
    });
    expect(created.status).toBe(201);
    const body = created.body as ClassesAnswer;
    salariedId = body.employeeClassId;
    expect(created.headers.get('location')).toBe(`${classes}/${salariedId}`);
    expect(created.headers.get('etag')).toBe(`"${body.version}"`);
    expect(body.employeeClasses).toEqual([
      expect.objectContaining({ id: salariedId, groupName: 'Salaried', employeeTypes: ['FULL_TIME'] }),
    ]);
    expect(body.employeeClasses[0]!.plans).toEqual([
      expect.objectContaining({
        planId: 'plan-life',
        benefitType: 'LIFE',
        employerContributionPercentage: 100,
      }),
    ]);
    // The class and its class plan are one append of two events.
    expect(await streamLength()).toBe(before + 2);
    expect(body.eligiblePlans.map((p) => p.id).sort()).toEqual([
      'plan-dental',
      'plan-life',
      'plan-ltd',
      'plan-std',
      'plan-vision',
    ]);

    // The read side catches up and serves the list and the one class.
    await eventually(async () => {
      const list = await portal.staff.get(classes);
      expect(list.status).toBe(200);
      expect((list.body as ClassesAnswer).employeeClasses.map((c) => c.groupName)).toEqual(['Salaried']);
    });
    const one = await portal.staff.get(`${classes}/${salariedId}`);
    expect(one.status).toBe(200);
    expect(one.body.employeeClass).toMatchObject({ id: salariedId, description: 'Exempt staff' });
    expect((await portal.staff.get(`${classes}/nope`)).status).toBe(404);
  });

  it('refuses a taken name and bad fields with 400 per field, writing nothing', async () => {
    const before = await streamLength();
    const res = await portal.staff.post(classes, {
      groupName: ' salaried ',
      employeeTypes: [],
      minimumHoursPerWeek: 'lots',
    });
    expect(res.status).toBe(400);
    expect(res.body.validationError).toEqual({ 'body.minimumHoursPerWeek': 'Enter a number' });
    const taken = await portal.staff.post(classes, { groupName: ' salaried ', employeeTypes: [] });
    expect(taken.status).toBe(400);
    expect(taken.body.validationError).toEqual({
      'body.groupName': 'A class named "salaried" already exists. Choose another name.',
      'body.employeeTypes': 'Choose at least one employee type',
    });
    expect(await streamLength()).toBe(before);
  });

  it('sets the plans of a benefit type, then waiting periods and contributions', async () => {
    const setPlans = await portal.staff.post(`${classes}/${salariedId}/plans/set-benefit-type-plans`, {
      benefitType: 'DENTAL',
      planIds: ['plan-dental'],
    });
    expect(setPlans.status).toBe(200);
    const plans = (setPlans.body as ClassesAnswer).employeeClasses[0]!.plans;
    expect(plans.map((p) => p.planId).sort()).toEqual(['plan-dental', 'plan-life']);

    const waiting = await portal.staff.post(`${classes}/${salariedId}/plans/waiting-periods`, {
      waitingPeriods: [
        { planId: 'plan-dental', waitingPeriodType: 'FIRST_OF_MONTH_AFTER_DAYS', waitingPeriodDays: 30 },
      ],
    });
    expect(waiting.status).toBe(200);
    expect((waiting.body as ClassesAnswer).employeeClasses[0]!.plans).toContainEqual(
      expect.objectContaining({
        planId: 'plan-dental',
        waitingPeriodType: 'FIRST_OF_MONTH_AFTER_DAYS',
        waitingPeriodDays: 30,
      }),
    );

    const before = await streamLength();
    const wrong = await portal.staff.post(`${classes}/${salariedId}/plans/contributions`, {
      contributions: [
        { planId: 'plan-dental', employerContributionPercentage: 60, employeeContributionPercentage: 30 },
      ],
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.validationError).toEqual({
      'body.contributions.0.employeeContributionPercentage':
        'Employer and employee contributions must add up to 100% (now 90%)',
    });
    expect(await streamLength()).toBe(before);

    const right = await portal.staff.post(`${classes}/${salariedId}/plans/contributions`, {
      contributions: [
        { planId: 'plan-dental', employerContributionPercentage: 75, employeeContributionPercentage: 25 },
      ],
    });
    expect(right.status).toBe(200);
    expect((right.body as ClassesAnswer).employeeClasses[0]).toMatchObject({ isComplete: true });

    const statutory = await portal.staff.post(`${classes}/${salariedId}/plans/set-benefit-type-plans`, {
      benefitType: 'DBL',
      planIds: [],
    });
    expect(statutory.status).toBe(400);
    expect(statutory.body.validationError).toEqual({
      'body.benefitType': 'Statutory and PFML plans are not set up by class',
    });
  });

  it('answers 409 for a stale If-Match and 404 for an unknown class', async () => {
    const res = await portal.staff.put(
      `${classes}/${salariedId}`,
      { groupName: 'Salaried', employeeTypes: ['FULL_TIME'] },
      {
        'if-match': '"1"',
      },
    );
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('CONFLICT');
    const missing = await portal.staff.request('DELETE', `${classes}/not-a-class`);
    expect(missing.status).toBe(404);
  });

  it('duplicates a class with its plans under a unique name, and deletes one with its plans', async () => {
    const copy = await portal.staff.post(`${classes}/${salariedId}/duplicate`);
    expect(copy.status).toBe(201);
    const copyBody = copy.body as ClassesAnswer;
    const copied = copyBody.employeeClasses.find((c) => c.id === copyBody.employeeClassId)!;
    expect(copied.groupName).toBe('Salaried (copy)');
    expect(copied.plans.map((p) => p.planId).sort()).toEqual(['plan-dental', 'plan-life']);
    const second = await portal.staff.post(`${classes}/${salariedId}/duplicate`);
    expect((second.body as ClassesAnswer).employeeClasses.map((c) => c.groupName)).toEqual([
      'Salaried',
      'Salaried (copy 2)',
      'Salaried (copy)',
    ]);

    const before = await streamLength();
    const deleted = await portal.staff.request('DELETE', `${classes}/${copyBody.employeeClassId}`);
    expect(deleted.status).toBe(200);
    expect((deleted.body as ClassesAnswer).employeeClasses.map((c) => c.groupName)).toEqual([
      'Salaried',
      'Salaried (copy 2)',
    ]);
    // Two class plans and the class, in one write.
    expect(await streamLength()).toBe(before + 3);
    await portal.staff.request('DELETE', `${classes}/${(second.body as ClassesAnswer).employeeClassId}`);
  });

  it('refuses another class once the client answered one class for everyone (ALREADY_HAS_CLASSES)', async () => {
    await answerNeedsEmployeeClasses(false);
    const res = await portal.staff.post(classes, { groupName: 'Hourly', employeeTypes: ['PART_TIME'] });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      code: 'ALREADY_HAS_CLASSES',
      message: expect.stringContaining('one class to all employees'),
    });
    expect((await portal.staff.post(`${classes}/${salariedId}/duplicate`)).body.code).toBe(
      'ALREADY_HAS_CLASSES',
    );
    await answerNeedsEmployeeClasses(true);
  });

  it('after signing, class edits are pending changes the editor sees and the accepted view does not', async () => {
    const benAdmin = apiClient(portal.app.url);
    await benAdmin.signIn('benadmin@onboard.example');
    await answerEveryRequiredQuestion(benAdmin, DEMO_CLIENT_ID);
    expect((await benAdmin.post(`${client}/eif/sign`)).status).toBe(200);
    const res = await portal.staff.post(classes, { groupName: 'Hourly', employeeTypes: ['PART_TIME'] });
    expect(res.status).toBe(201);
    const body = res.body as ClassesAnswer;
    expect(body.eifStatus).toBe('signed');
    expect(body.employeeClasses.find((c) => c.id === body.employeeClassId)).toMatchObject({
      groupName: 'Hourly',
      hasPendingChanges: true,
    });
    await eventually(async () => {
      const accepted = await portal.staff.get(client);
      expect(accepted.body.pendingChanges).toContainEqual(
        expect.objectContaining({
          entity: 'EmployeeClass',
          action: 'create',
          entityId: body.employeeClassId,
        }),
      );
      expect(accepted.body.employeeClasses.map((c: { id: string }) => c.id)).not.toContain(
        body.employeeClassId,
      );
    });
    await eventually(async () => {
      const list = (await portal.staff.get(classes)).body as ClassesAnswer;
      expect(list.employeeClasses.map((c) => c.groupName)).toContain('Hourly');
    });
  });

  it('lets a ben-admin build the classes of their own client only', async () => {
    const benAdmin = apiClient(portal.app.url);
    await benAdmin.signIn('benadmin@onboard.example');
    expect((await benAdmin.get(classes)).status).toBe(200);
    expect(
      (await benAdmin.post('/api/clients/someone-else/employee-classes', { groupName: 'X' })).status,
    ).toBe(403);
  });
});
