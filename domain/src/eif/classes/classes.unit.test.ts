import { describe, expect, it } from 'vitest';
import type { EifEvent } from '@onboard/events';
import { toEditingView } from '../client-view.ts';
import { eventsOf, givenWhenThen } from '../../testing/given-when-then.ts';
import { signedBy } from '../../testing/eif-events.ts';
import { fold } from '../decider.ts';
import { classDecider, type ClassCommand } from './decide.ts';
import { CLASS_MESSAGES, copyName, isClassEligibleBenefitType } from './rules.ts';
import { eligibilitySummary, employeeClassesView } from './view.ts';

const clientId = 'c-classes';
const by = { userId: 'u-ben', role: 'BEN_ADMIN' };

const created = (entity: string, entityId: string, attributes: Record<string, unknown>): EifEvent => ({
  type: 'EifEntityCreated',
  data: { clientId, entity: entity as 'Client', entityId, attributes },
});

const client = (attributes: Record<string, unknown> = {}) =>
  created('Client', clientId, { name: 'Acme', taxId: '111111111', ...attributes });
const plan = (id: string, benefitType: string) => created('Plan', id, { benefitType, policyId: 'p-1' });
const basePlans = [
  plan('plan-dental', 'DENTAL'),
  plan('plan-dental-high', 'DENTAL'),
  plan('plan-life', 'LIFE'),
  plan('plan-dbl', 'DBL'),
  plan('plan-pfml', 'PFML_MA_FULLY_INS'),
];
const classEvent = (id: string, groupName: string) =>
  created('EmployeeClass', id, {
    groupName,
    employeeTypes: ['FULL_TIME'],
    minimumHoursPerWeek: 30,
    description: null,
  });
const classPlanEvent = (
  id: string,
  employeeClassId: string,
  planId: string,
  extra: Record<string, unknown> = {},
) =>
  created('EmployeeClassPlan', id, {
    employeeClassId,
    planId,
    benefitType: planId === 'plan-life' ? 'LIFE' : 'DENTAL',
    waitingPeriodType: null,
    waitingPeriodDays: null,
    employerContributionPercentage: null,
    employeeContributionPercentage: null,
    ...extra,
  });
const signed = signedBy(clientId, by);

const target = (event: EifEvent) => event.data as { entity: string; entityId: string };

/** Ids the test can predict: new-1, new-2, ... */
const counter = () => {
  let n = 0;
  return () => `new-${++n}`;
};

const given = givenWhenThen(classDecider);

type WithoutIds<C> = C extends ClassCommand ? { type: C['type']; data: Omit<C['data'], 'newId'> } : never;

/** A class command as the route makes it, with predictable ids (new-1, new-2, ...) and who and when. */
const command = (intent: WithoutIds<ClassCommand>): ClassCommand =>
  ({
    ...intent,
    data: { ...intent.data, newId: counter() },
    metadata: { at: '2026-11-02T10:00:00Z', by },
  }) as ClassCommand;

type DataOf<T extends ClassCommand['type']> = Extract<WithoutIds<ClassCommand>, { type: T }>['data'];
const setContributions = (contributions: DataOf<'SetContributions'>['contributions']) =>
  command({ type: 'SetContributions', data: { employeeClassId: 'cls-1', contributions } });
const setWaitingPeriods = (waitingPeriods: DataOf<'SetWaitingPeriods'>['waitingPeriods']) =>
  command({ type: 'SetWaitingPeriods', data: { employeeClassId: 'cls-1', waitingPeriods } });

/** The client and its plans with class cls-1 ("S"), offered the class plans given. */
const classS = (...classPlans: EifEvent[]) =>
  given(client(), ...basePlans, classEvent('cls-1', 'S'), ...classPlans);

/** The events of an accepted command, and the classes as the editor then sees them. */
function after(base: ReturnType<typeof given>, c: ClassCommand) {
  const events = eventsOf(base.when(c));
  return { events, view: employeeClassesView(toEditingView(fold(events, base.state), 99n)!) };
}

const details = (groupName: string, extra: Record<string, unknown> = {}) => ({
  groupName,
  employeeTypes: ['PART_TIME', 'FULL_TIME'],
  minimumHoursPerWeek: 20,
  description: '  Hourly staff  ',
  ...extra,
});

describe('class builder rules', () => {
  it('creates a class with normalised fields', () => {
    const result = after(
      given(client(), ...basePlans),
      command({ type: 'CreateClass', data: { employeeClassId: 'cls-1', details: details('  Hourly ') } }),
    );
    expect(result.events).toEqual([
      created('EmployeeClass', 'cls-1', {
        groupName: 'Hourly',
        employeeTypes: ['FULL_TIME', 'PART_TIME'],
        minimumHoursPerWeek: 20,
        description: 'Hourly staff',
      }),
    ]);
    expect(result.view.employeeClasses.map((c) => c.groupName)).toEqual(['Hourly']);
  });

  it('refuses a blank, a taken or a malformed class and says which field', () => {
    const base = given(client(), ...basePlans, classEvent('cls-1', 'Salaried'));
    const decision = base.when(
      command({
        type: 'CreateClass',
        data: {
          employeeClassId: 'cls-2',
          details: { groupName: ' salaried ', employeeTypes: [], minimumHoursPerWeek: 200 },
        },
      }),
    );
    expect(decision).toEqual({
      ok: false,
      error: {
        code: 'INVALID',
        message: expect.any(String),
        fieldErrors: {
          groupName: CLASS_MESSAGES.groupNameTaken('salaried'),
          employeeTypes: CLASS_MESSAGES.employeeTypes,
          minimumHoursPerWeek: CLASS_MESSAGES.hours,
        },
      },
    });
    expect(
      base.when(
        command({
          type: 'CreateClass',
          data: { employeeClassId: 'cls-2', details: { groupName: '', employeeTypes: ['X'] } },
        }),
      ),
    ).toMatchObject({
      error: {
        fieldErrors: { groupName: CLASS_MESSAGES.required, employeeTypes: CLASS_MESSAGES.employeeType },
      },
    });
  });

  it('keeps its own name when a class is edited', () => {
    const result = after(
      given(client(), classEvent('cls-1', 'Salaried')),
      command({
        type: 'UpdateClass',
        data: { employeeClassId: 'cls-1', details: details('Salaried', { minimumHoursPerWeek: null }) },
      }),
    );
    expect(result.events).toHaveLength(1);
    expect(result.view.employeeClasses[0]).toMatchObject({
      groupName: 'Salaried',
      minimumHoursPerWeek: null,
    });
  });

  it('refuses a second class when the client answered it needs only one (ALREADY_HAS_CLASSES)', () => {
    const oneClass = given(client({ needsEmployeeClasses: false }), classEvent('cls-1', 'Everyone'));
    expect(
      oneClass.when(
        command({ type: 'CreateClass', data: { employeeClassId: 'cls-2', details: details('More') } }),
      ),
    ).toEqual({
      ok: false,
      error: { code: 'ALREADY_HAS_CLASSES', message: CLASS_MESSAGES.alreadyHasClasses },
    });
    expect(
      oneClass.when(
        command({ type: 'DuplicateClass', data: { employeeClassId: 'cls-1', newEmployeeClassId: 'cls-2' } }),
      ),
    ).toMatchObject({ ok: false, error: { code: 'ALREADY_HAS_CLASSES' } });
    // The first class is always allowed, and so is a second when the answer is yes or not given.
    expect(
      given(client({ needsEmployeeClasses: false })).when(
        command({ type: 'CreateClass', data: { employeeClassId: 'cls-1', details: details('Everyone') } }),
      ).ok,
    ).toBe(true);
    expect(
      given(client({ needsEmployeeClasses: true }), classEvent('cls-1', 'A')).when(
        command({ type: 'CreateClass', data: { employeeClassId: 'cls-2', details: details('B') } }),
      ).ok,
    ).toBe(true);
  });

  it('sets the plans of one benefit type and leaves the others alone', () => {
    const result = after(
      given(
        client(),
        ...basePlans,
        classEvent('cls-1', 'Salaried'),
        classPlanEvent('cp-dental', 'cls-1', 'plan-dental', {
          employerContributionPercentage: 50,
          employeeContributionPercentage: 50,
        }),
        classPlanEvent('cp-life', 'cls-1', 'plan-life'),
      ),
      command({
        type: 'SetBenefitTypePlans',
        data: {
          employeeClassId: 'cls-1',
          benefitType: 'DENTAL',
          planIds: ['plan-dental', 'plan-dental-high'],
        },
      }),
    );
    expect(result.events.map((e) => [e.type, target(e).entityId])).toEqual([['EifEntityCreated', 'new-1']]);
    const plans = result.view.employeeClasses[0]!.plans;
    expect(plans.map((p) => p.planId).sort()).toEqual(['plan-dental', 'plan-dental-high', 'plan-life']);
    // The kept class plan keeps its contributions.
    expect(plans.find((p) => p.id === 'cp-dental')).toMatchObject({ employerContributionPercentage: 50 });

    const cleared = after(
      classS(classPlanEvent('cp-dental', 'cls-1', 'plan-dental')),
      command({
        type: 'SetBenefitTypePlans',
        data: { employeeClassId: 'cls-1', benefitType: 'DENTAL', planIds: [] },
      }),
    );
    expect(cleared.events.map((e) => e.type)).toEqual(['EifEntityDeleted']);
  });

  it('does not let statutory or PFML plans into a class, nor plans of another type', () => {
    expect(isClassEligibleBenefitType('DBL')).toBe(false);
    expect(isClassEligibleBenefitType('FLI')).toBe(false);
    expect(isClassEligibleBenefitType('PFML_MA_FULLY_INS')).toBe(false);
    expect(isClassEligibleBenefitType('DENTAL')).toBe(true);
    const base = classS();
    expect(
      base.when(
        command({
          type: 'SetBenefitTypePlans',
          data: { employeeClassId: 'cls-1', benefitType: 'DBL', planIds: ['plan-dbl'] },
        }),
      ),
    ).toMatchObject({
      error: { code: 'INVALID', fieldErrors: { benefitType: CLASS_MESSAGES.benefitTypeNotEligible } },
    });
    expect(
      base.when(
        command({
          type: 'SetBenefitTypePlans',
          data: { employeeClassId: 'cls-1', benefitType: 'DENTAL', planIds: ['plan-life', 'nope'] },
        }),
      ),
    ).toMatchObject({
      error: {
        fieldErrors: {
          'planIds.0': CLASS_MESSAGES.planOfOtherBenefitType,
          'planIds.1': CLASS_MESSAGES.unknownPlan,
        },
      },
    });
    expect(
      employeeClassesView(toEditingView(fold([client(), ...basePlans]), 0n)!).eligiblePlans.map((p) => p.id),
    ).toEqual(['plan-dental', 'plan-dental-high', 'plan-life']);
  });

  it('sets waiting periods, with days only for the kinds that count days', () => {
    const base = classS(
      classPlanEvent('cp-dental', 'cls-1', 'plan-dental'),
      classPlanEvent('cp-life', 'cls-1', 'plan-life'),
    );
    const result = after(
      base,
      setWaitingPeriods([
        {
          employeeClassPlanId: 'cp-dental',
          waitingPeriodType: 'FIRST_OF_MONTH_AFTER_DAYS',
          waitingPeriodDays: 30,
        },
        { planId: 'plan-life', waitingPeriodType: 'DATE_OF_HIRE', waitingPeriodDays: 90 },
      ]),
    );
    expect(
      result.view.employeeClasses[0]!.plans.map((p) => [p.id, p.waitingPeriodType, p.waitingPeriodDays]),
    ).toEqual([
      ['cp-dental', 'FIRST_OF_MONTH_AFTER_DAYS', 30],
      ['cp-life', 'DATE_OF_HIRE', null],
    ]);
    expect(
      base.when(
        setWaitingPeriods([
          { planId: 'plan-dental', waitingPeriodType: 'DAYS_AFTER_HIRE', waitingPeriodDays: 1.5 },
          { planId: 'plan-life', waitingPeriodType: 'SOMETIME' },
          { planId: 'plan-dbl', waitingPeriodType: 'DATE_OF_HIRE' },
        ]),
      ),
    ).toMatchObject({
      error: {
        fieldErrors: {
          'waitingPeriods.0.waitingPeriodDays': CLASS_MESSAGES.waitingDays,
          'waitingPeriods.1.waitingPeriodType': CLASS_MESSAGES.waitingPeriodType,
          'waitingPeriods.2.planId': CLASS_MESSAGES.planNotInClass,
        },
      },
    });
  });

  it('sets contributions that add up to 100 and says so when they do not', () => {
    const base = classS(classPlanEvent('cp-dental', 'cls-1', 'plan-dental'));
    const ok = after(
      base,
      setContributions([
        {
          planId: 'plan-dental',
          employerContributionPercentage: 33.33,
          employeeContributionPercentage: 66.67,
        },
      ]),
    );
    expect(ok.view.employeeClasses[0]!.plans[0]).toMatchObject({ employerContributionPercentage: 33.33 });
    const wrong = base.when(
      setContributions([
        { planId: 'plan-dental', employerContributionPercentage: 50, employeeContributionPercentage: 40 },
      ]),
    );
    expect(wrong).toMatchObject({
      ok: false,
      error: {
        fieldErrors: {
          'contributions.0.employeeContributionPercentage':
            'Employer and employee contributions must add up to 100% (now 90%)',
        },
      },
    });
    expect(
      base.when(
        setContributions([
          {
            planId: 'plan-dental',
            employerContributionPercentage: 120,
            employeeContributionPercentage: null,
          },
        ]),
      ),
    ).toMatchObject({
      error: {
        fieldErrors: {
          'contributions.0.employerContributionPercentage': CLASS_MESSAGES.percentage,
          'contributions.0.employeeContributionPercentage': CLASS_MESSAGES.contributionMissing,
        },
      },
    });
  });

  it('saves a class and its whole plan set in one decision', () => {
    const result = after(
      classS(classPlanEvent('cp-life', 'cls-1', 'plan-life')),
      command({
        type: 'UpdateClass',
        data: {
          employeeClassId: 'cls-1',
          details: details('S'),
          plans: [
            {
              planId: 'plan-dental',
              waitingPeriodType: 'FIRST_OF_MONTH_AFTER_HIRE',
              employerContributionPercentage: 100,
              employeeContributionPercentage: 0,
            },
          ],
        },
      }),
    );
    expect(result.events.map((e) => `${e.type} ${target(e).entity}`)).toEqual([
      'EifEntityChanged EmployeeClass',
      'EifEntityDeleted EmployeeClassPlan',
      'EifEntityCreated EmployeeClassPlan',
    ]);
    const [cls] = result.view.employeeClasses;
    expect(cls!.plans).toEqual([
      expect.objectContaining({
        planId: 'plan-dental',
        benefitType: 'DENTAL',
        employeeContributionPercentage: 0,
      }),
    ]);
    expect(cls!.isComplete).toBe(true);
    expect(
      given(client(), ...basePlans).when(
        command({
          type: 'CreateClass',
          data: {
            employeeClassId: 'cls-1',
            details: details('S'),
            plans: [
              { planId: 'plan-pfml' },
              { planId: 'plan-life', employerContributionPercentage: 10, employeeContributionPercentage: 10 },
            ],
          },
        }),
      ),
    ).toMatchObject({
      error: {
        fieldErrors: {
          'plans.0.planId': CLASS_MESSAGES.benefitTypeNotEligible,
          'plans.1.employeeContributionPercentage': CLASS_MESSAGES.contributionsTotal(10, 10),
        },
      },
    });
  });

  it('duplicates a class and its class plans under a new unique name', () => {
    expect(copyName('Hourly', [{ id: 'a', groupName: 'Hourly (copy)' }])).toBe('Hourly (copy 2)');
    const result = after(
      given(
        client(),
        ...basePlans,
        classEvent('cls-1', 'Hourly'),
        classEvent('cls-2', 'Hourly (copy)'),
        classPlanEvent('cp-life', 'cls-1', 'plan-life', {
          employerContributionPercentage: 100,
          employeeContributionPercentage: 0,
        }),
      ),
      command({ type: 'DuplicateClass', data: { employeeClassId: 'cls-1', newEmployeeClassId: 'cls-3' } }),
    );
    const copy = result.view.employeeClasses.find((c) => c.id === 'cls-3')!;
    expect(copy).toMatchObject({
      groupName: 'Hourly (copy 2)',
      employeeTypes: ['FULL_TIME'],
      minimumHoursPerWeek: 30,
    });
    expect(copy.plans).toEqual([
      expect.objectContaining({
        id: 'new-1',
        employeeClassId: 'cls-3',
        planId: 'plan-life',
        employerContributionPercentage: 100,
      }),
    ]);
    // The original is untouched.
    expect(result.view.employeeClasses.find((c) => c.id === 'cls-1')!.plans.map((p) => p.id)).toEqual([
      'cp-life',
    ]);
  });

  it('deletes a class with its class plans, class plans first', () => {
    const result = after(
      classS(classPlanEvent('cp-life', 'cls-1', 'plan-life')),
      command({ type: 'DeleteClass', data: { employeeClassId: 'cls-1' } }),
    );
    expect(result.events.map((e) => `${target(e).entity} ${target(e).entityId}`)).toEqual([
      'EmployeeClassPlan cp-life',
      'EmployeeClass cls-1',
    ]);
    expect(result.view.employeeClasses).toEqual([]);
  });

  it('answers not found for a class the client does not have', () => {
    for (const notFound of [
      command({ type: 'DeleteClass', data: { employeeClassId: 'nope' } }),
      command({ type: 'UpdateClass', data: { employeeClassId: 'nope', details: details('X') } }),
      command({ type: 'SetContributions', data: { employeeClassId: 'nope', contributions: [] } }),
    ]) {
      expect(given(client()).when(notFound)).toEqual({
        ok: false,
        error: { code: 'NOT_FOUND', message: CLASS_MESSAGES.classNotFound },
      });
    }
  });

  it('after signing the edits are pending changes and the editor still sees them', () => {
    const result = after(
      given(client(), ...basePlans, signed),
      command({ type: 'CreateClass', data: { employeeClassId: 'cls-1', details: details('Late class') } }),
    );
    expect(result.events[0]).toMatchObject({
      type: 'EifEntityCreated',
      data: { pending: { changeId: 'new-1' } },
    });
    expect(result.view.employeeClasses).toEqual([
      expect.objectContaining({
        id: 'cls-1',
        groupName: 'Late class',
        hasPendingChanges: true,
        isComplete: false,
      }),
    ]);
  });

  it('summarises eligibility for the list', () => {
    expect(eligibilitySummary({ employeeTypes: ['FULL_TIME', 'PART_TIME'], minimumHoursPerWeek: 30 })).toBe(
      'Full-time, Part-time · 30+ hours a week',
    );
    expect(eligibilitySummary({ employeeTypes: [], minimumHoursPerWeek: null })).toBe('Not given');
  });
});
