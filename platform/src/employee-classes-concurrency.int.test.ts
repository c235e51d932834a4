import { beforeAll, describe, expect, it } from 'vitest';
import { eifStream } from '@onboard/events';
import { DEMO_CLIENT_ID } from './seed.ts';
import { eventually, type ApiResponse } from './testing/http-client.ts';
import { expectOneWinner } from './testing/conflicts.ts';
import { seededAppForTests, type Api } from './testing/seeded-app.ts';

const classes = `/api/clients/${DEMO_CLIENT_ID}/employee-classes`;

type ClassPlan = Record<string, unknown> & { id: string; planId: string };
type EmployeeClass = {
  id: string;
  groupName: string;
  employeeTypes: string[];
  minimumHoursPerWeek: number | null;
  description: string | null;
  plans: ClassPlan[];
};
type ClassesAnswer = { version: number; employeeClassId: string; employeeClasses: EmployeeClass[] };
/** The whole class as the class editor sends it: details and the whole plan set, as its editor saw them. */
const bodyOf = (cls: EmployeeClass, patch: Partial<EmployeeClass> = {}) => {
  const merged = { ...cls, ...patch };
  return {
    groupName: merged.groupName,
    employeeTypes: merged.employeeTypes,
    minimumHoursPerWeek: merged.minimumHoursPerWeek,
    description: merged.description,
    plans: merged.plans.map((cp) => ({
      planId: cp.planId,
      waitingPeriodType: cp.waitingPeriodType ?? null,
      waitingPeriodDays: cp.waitingPeriodDays ?? null,
      employerContributionPercentage: cp.employerContributionPercentage ?? null,
      employeeContributionPercentage: cp.employeeContributionPercentage ?? null,
    })),
  };
};

const lifePlan = {
  planId: 'plan-life',
  waitingPeriodType: 'DATE_OF_HIRE',
  employerContributionPercentage: 100,
  employeeContributionPercentage: 0,
};

// Field-aware concurrency of the class builder, like the EIF forms (eif-concurrency.int.test.ts): the
// editor's version travels as Seen-Version; a write is refused only when what it changes was changed
// since (with both values), edits of different classes or different answers never collide, and a write
// racing another for the stream's revision is decided again by the server.
describe('class-builder edits that do not collide', () => {
  let seen: ClassesAnswer;

  const portal = seededAppForTests('class_concurrency', ['staff', 'benAdmin']);
  beforeAll(async () => {
    for (let n = 1; n <= 8; n++) {
      const created = await portal.staff.post(classes, {
        groupName: `Class ${n}`,
        employeeTypes: ['FULL_TIME'],
        description: 'As created',
        plans: [lifePlan],
      });
      expect(created.status).toBe(201);
      seen = created.body as ClassesAnswer;
    }
  });

  const streamLength = async () => (await portal.app.store.readStream(eifStream(DEMO_CLIENT_ID))).length;
  /** The classes as the read side has them once it has caught up with `version`. */
  const classesAt = (version: number) =>
    eventually(async () => {
      const list = await portal.staff.get(classes);
      expect(list.status).toBe(200);
      const body = list.body as ClassesAnswer;
      expect(body.version).toBeGreaterThanOrEqual(version);
      return body;
    });
  const latest = async () => {
    const stream = await portal.app.store.readStream(eifStream(DEMO_CLIENT_ID));
    return classesAt(stream.length - 1);
  };
  const put = (as: Api, cls: EmployeeClass, body: unknown, version: number) =>
    as.put(`${classes}/${cls.id}`, body, { 'seen-version': String(version) });
  /** Staff delete `cls` at `version`: the delete the other edit collides with. */
  const deletedByStaff = async (cls: EmployeeClass, version: number) => {
    const deleted = await portal.staff.request('DELETE', `${classes}/${cls.id}`, undefined, {
      'seen-version': String(version),
    });
    expect(deleted.status).toBe(200);
  };
  /** An edit of a class deleted since, refused with the one conflict on `attributeKey`. */
  const expectRefusedAsDeleted = (
    edit: Awaited<ReturnType<typeof put>>,
    cls: EmployeeClass,
    attributeKey: string,
    yours: unknown,
    more: Record<string, unknown> = {},
  ) => {
    expect(edit.status).toBe(409);
    expect(edit.body.conflicts).toEqual([
      expect.objectContaining({
        entity: 'EmployeeClass',
        entityId: cls.id,
        attributeKey,
        theirs: null,
        yours,
        ...more,
      }),
    ]);
  };
  const who = (n: number) => (n % 2 === 0 ? portal.staff : portal.benAdmin);

  it('lets 8 people edit 8 different classes against the same version: all are saved', async () => {
    expect(seen.employeeClasses).toHaveLength(8);
    const before = await streamLength();
    const answers = await Promise.all(
      seen.employeeClasses.map((cls, n) =>
        put(who(n), cls, bodyOf(cls, { description: `Edited by writer ${n + 1}` }), seen.version),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(seen.employeeClasses.map(() => 200));
    expect(await streamLength()).toBe(before + 8);
    const after = await classesAt(seen.version + 8);
    seen.employeeClasses.forEach((cls, n) =>
      expect(after.employeeClasses.find((c) => c.id === cls.id)?.description).toBe(
        `Edited by writer ${n + 1}`,
      ),
    );
  });

  it('lets one of 8 people editing the same answer of one class win; the 7 others are told, with both values', async () => {
    const now = await latest();
    const target = now.employeeClasses[0]!;
    const values = Array.from({ length: 8 }, (_, n) => `Same class, answer ${n + 1}`);
    const before = await streamLength();
    const answers: ApiResponse[] = await Promise.all(
      values.map((description, n) => put(who(n), target, bodyOf(target, { description }), now.version)),
    );
    const winner = expectOneWinner(answers, values, {
      entity: 'EmployeeClass',
      entityId: target.id,
      attributeKey: 'description',
      label: 'Description',
    });
    // Nothing silently lost: exactly one change written, and it is the winner's.
    expect(await streamLength()).toBe(before + 1);
    const after = await classesAt(now.version + 1);
    expect(after.employeeClasses.find((c) => c.id === target.id)?.description).toBe(winner);
  });

  it('keeps both of two edits to different answers and plans of one class, sent as whole classes', async () => {
    const now = await latest();
    const target = now.employeeClasses[1]!;
    // Someone adds the dental plan to the class; then, against the older version, one person renames the
    // class and another changes the life plan's shares. Each sends the whole class as they saw it.
    const added = await put(
      portal.staff,
      target,
      {
        ...bodyOf(target),
        plans: [...bodyOf(target).plans, { planId: 'plan-dental', waitingPeriodType: 'DATE_OF_HIRE' }],
      },
      now.version,
    );
    expect(added.status).toBe(200);
    const [renamed, shares] = await Promise.all([
      put(portal.staff, target, bodyOf(target, { groupName: 'Salaried staff' }), now.version),
      put(
        portal.benAdmin,
        target,
        bodyOf(target, {
          plans: [
            { ...target.plans[0]!, employerContributionPercentage: 60, employeeContributionPercentage: 40 },
          ],
        }),
        now.version,
      ),
    ]);
    expect([renamed.status, shares.status]).toEqual([200, 200]);
    const after = (await classesAt(now.version + 3)).employeeClasses.find((c) => c.id === target.id)!;
    expect(after.groupName).toBe('Salaried staff');
    expect(after.description).toBe(target.description);
    expect(after.plans.map((cp) => cp.planId).sort()).toEqual(['plan-dental', 'plan-life']);
    expect(after.plans.find((cp) => cp.planId === 'plan-life')).toMatchObject({
      employerContributionPercentage: 60,
      employeeContributionPercentage: 40,
      waitingPeriodType: 'DATE_OF_HIRE',
    });
  });

  it('refuses an edit of a class deleted since, and a delete of a class changed since, naming them', async () => {
    const now = await latest();
    const [gone, changed] = [now.employeeClasses[2]!, now.employeeClasses[3]!];
    await deletedByStaff(gone, now.version);
    const edit = await put(portal.benAdmin, gone, bodyOf(gone, { description: 'Too late' }), now.version);
    expectRefusedAsDeleted(edit, gone, 'description', 'Too late');

    const renamed = await put(portal.staff, changed, bodyOf(changed, { groupName: 'Hourly' }), now.version);
    expect(renamed.status).toBe(200);
    const stale = await portal.benAdmin.request('DELETE', `${classes}/${changed.id}`, undefined, {
      'seen-version': String(now.version),
    });
    expect(stale.status).toBe(409);
    expect(stale.body.conflicts).toEqual([
      expect.objectContaining({ entity: 'EmployeeClass', entityId: changed.id, attributeKey: null }),
    ]);
    // Seen again at the version that has the rename, the delete goes through.
    const again = await portal.benAdmin.request('DELETE', `${classes}/${changed.id}`, undefined, {
      'seen-version': String(stale.body.currentVersion),
    });
    expect(again.status).toBe(200);
    expect((again.body as ClassesAnswer).employeeClasses.map((c) => c.id)).not.toContain(changed.id);
  });

  it('lets 8 people create 8 classes at once, and copy them at once: all are saved', async () => {
    const now = await latest();
    const before = await streamLength();
    const headers = { 'seen-version': String(now.version) };
    const created = await Promise.all(
      Array.from({ length: 8 }, (_, n) =>
        who(n).post(
          classes,
          { groupName: `New class ${n + 1}`, employeeTypes: ['PART_TIME'], plans: [lifePlan] },
          headers,
        ),
      ),
    );
    expect(created.map((a) => a.status)).toEqual(created.map(() => 201));
    // Each class with its one class plan: two events per create.
    expect(await streamLength()).toBe(before + 16);
    const ids = created.map((a) => (a.body as ClassesAnswer).employeeClassId);
    const copies = await Promise.all(
      ids.map((id, n) => who(n).post(`${classes}/${id}/duplicate`, undefined, headers)),
    );
    expect(copies.map((a) => a.status)).toEqual(ids.map(() => 201));
    const names = (await latest()).employeeClasses.map((c) => c.groupName);
    for (let n = 1; n <= 8; n++)
      expect(names).toEqual(expect.arrayContaining([`New class ${n}`, `New class ${n} (copy)`]));
  });

  it('saves "keep mine" against the version that has their answer', async () => {
    const now = await latest();
    const target = now.employeeClasses[0]!;
    const theirs = await put(portal.staff, target, bodyOf(target, { minimumHoursPerWeek: 20 }), now.version);
    expect(theirs.status).toBe(200);
    const mine = await put(portal.benAdmin, target, bodyOf(target, { minimumHoursPerWeek: 30 }), now.version);
    expect(mine.status).toBe(409);
    expect(mine.body.conflicts).toEqual([
      expect.objectContaining({ attributeKey: 'minimumHoursPerWeek', theirs: 20, yours: 30 }),
    ]);
    const again = await put(
      portal.benAdmin,
      target,
      bodyOf(target, { minimumHoursPerWeek: 30 }),
      Number(mine.body.currentVersion),
    );
    expect(again.status).toBe(200);
    const saved = (again.body as ClassesAnswer).employeeClasses.find((c) => c.id === target.id)!;
    expect(saved.minimumHoursPerWeek).toBe(30);
  });

  it('lets one of two people adding the same plan to one class at once save; the other is told, with both values', async () => {
    const now = await latest();
    const target = now.employeeClasses.find((c) => !c.plans.some((cp) => cp.planId === 'plan-dental'))!;
    const adding = (employerContributionPercentage: number) => ({
      ...bodyOf(target),
      plans: [
        ...bodyOf(target).plans,
        {
          planId: 'plan-dental',
          waitingPeriodType: 'DATE_OF_HIRE',
          employerContributionPercentage,
          employeeContributionPercentage: 100 - employerContributionPercentage,
        },
      ],
    });
    const before = await streamLength();
    const answers = await Promise.all([
      put(portal.staff, target, adding(80), now.version),
      put(portal.benAdmin, target, adding(50), now.version),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const [won, lost] = answers[0]!.status === 200 ? [80, 50] : [50, 80];
    const refused = answers.find((a) => a.status === 409)!;
    const named = expect.objectContaining({ name: expect.stringMatching(/\S+ \S+/) });
    expect(refused.body.conflicts).toEqual([
      expect.objectContaining({
        entity: 'EmployeeClassPlan',
        attributeKey: 'employerContributionPercentage',
        theirs: won,
        yours: lost,
        changedBy: named,
      }),
      expect.objectContaining({
        entity: 'EmployeeClassPlan',
        attributeKey: 'employeeContributionPercentage',
        theirs: 100 - won,
        yours: 100 - lost,
        changedBy: named,
      }),
    ]);
    // Nothing silently lost: the one class plan written is the winner's.
    expect(await streamLength()).toBe(before + 1);
    const after = (await classesAt(now.version + 1)).employeeClasses.find((c) => c.id === target.id)!;
    expect(after.plans.filter((cp) => cp.planId === 'plan-dental')).toEqual([
      expect.objectContaining({
        employerContributionPercentage: won,
        employeeContributionPercentage: 100 - won,
      }),
    ]);

    // The same plan added twice with the same values is agreement: both are saved.
    const fresh = await latest();
    const other = fresh.employeeClasses.find((c) => !c.plans.some((cp) => cp.planId === 'plan-dental'))!;
    const same = {
      ...bodyOf(other),
      plans: [...bodyOf(other).plans, { planId: 'plan-dental', waitingPeriodType: 'DATE_OF_HIRE' }],
    };
    const both = await Promise.all([
      put(portal.staff, other, same, fresh.version),
      put(portal.benAdmin, other, same, fresh.version),
    ]);
    expect(both.map((a) => a.status)).toEqual([200, 200]);
  });

  it('refuses adding plans to a class deleted since as a collision, and lets it be made again', async () => {
    const now = await latest();
    const gone = now.employeeClasses.find((c) => !c.plans.some((cp) => cp.planId === 'plan-dental'))!;
    await deletedByStaff(gone, now.version);
    const body = {
      ...bodyOf(gone),
      plans: [...bodyOf(gone).plans, { planId: 'plan-dental', waitingPeriodType: 'DATE_OF_HIRE' }],
    };
    const edit = await put(portal.benAdmin, gone, body, now.version);
    expectRefusedAsDeleted(edit, gone, 'plans', expect.any(String), {
      changedBy: expect.objectContaining({ name: expect.stringMatching(/\S+ \S+/) }),
    });
    // Create it again: the class comes back with the plan added.
    const again = await portal.benAdmin.post(classes, body, {
      'seen-version': String(edit.body.currentVersion),
    });
    expect(again.status).toBe(201);
    const made = (again.body as ClassesAnswer).employeeClasses.find(
      (c) => c.id === (again.body as ClassesAnswer).employeeClassId,
    )!;
    expect(made.groupName).toBe(gone.groupName);
    expect(made.plans.map((cp) => cp.planId).sort()).toEqual(['plan-dental', 'plan-life']);
  });

  it('reads the class list at least at the version asked for (minVersion): a write is read back at once', async () => {
    const now = await latest();
    const target = now.employeeClasses[0]!;
    let seenVersion = now.version;
    for (let n = 1; n <= 5; n++) {
      const saved = await put(
        portal.staff,
        target,
        bodyOf(target, { description: `Read back ${n}` }),
        seenVersion,
      );
      expect(saved.status).toBe(200);
      const version = (saved.body as ClassesAnswer).version;
      seenVersion = version;
      // No retrying: the one read waits for the projection to reach the version the write made.
      const list = await portal.benAdmin.get(`${classes}?minVersion=${version}`);
      expect(list.status).toBe(200);
      const body = list.body as ClassesAnswer;
      expect(body.version).toBeGreaterThanOrEqual(version);
      expect(body.employeeClasses.find((c) => c.id === target.id)?.description).toBe(`Read back ${n}`);
    }
    const invalid = await portal.staff.get(`${classes}?minVersion=soon`);
    expect(invalid.status).toBe(400);
  });
});
