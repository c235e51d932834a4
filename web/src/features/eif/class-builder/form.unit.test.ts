import { describe, expect, it } from 'vitest';
import type { EmployeeClassDetail } from '@onboard/domain/web';
import {
  bodyOf,
  classAnswerText,
  classConflictLabel,
  contributionsStatus,
  draftOf,
  errorsForForm,
  numberOrText,
  offeredPlanIds,
  planLabel,
  rebaseDraft,
  takeTheirAnswers,
} from './form.ts';

const plans = [
  { id: 'plan-dental', benefitType: 'DENTAL' },
  { id: 'plan-life', benefitType: 'LIFE' },
];
const salaried = {
  id: 'cls-1',
  groupName: 'Salaried',
  employeeTypes: ['FULL_TIME'],
  minimumHoursPerWeek: 30,
  description: null,
  isComplete: false,
  hasPendingChanges: false,
  plans: [
    {
      id: 'cp-1',
      employeeClassId: 'cls-1',
      planId: 'plan-life',
      waitingPeriodType: 'DAYS_AFTER_HIRE',
      waitingPeriodDays: 30,
      employerContributionPercentage: 100,
      employeeContributionPercentage: 0,
    },
  ],
} satisfies EmployeeClassDetail;

describe('class editor draft', () => {
  it('starts from the class and sends numbers as numbers, blanks as null, the rest as typed', () => {
    const draft = draftOf(salaried, plans);
    expect(draft.plans['plan-dental']!.isOffered).toBe(false);
    expect(draft.plans['plan-life']).toMatchObject({ isOffered: true, waitingPeriodDays: '30' });
    draft.plans['plan-dental'] = {
      ...draft.plans['plan-dental']!,
      isOffered: true,
      employerContributionPercentage: '50%',
    };
    expect(bodyOf({ ...draft, minimumHoursPerWeek: 'lots' })).toEqual({
      groupName: 'Salaried',
      employeeTypes: ['FULL_TIME'],
      minimumHoursPerWeek: 'lots',
      description: null,
      plans: [
        {
          planId: 'plan-dental',
          waitingPeriodType: null,
          waitingPeriodDays: null,
          employerContributionPercentage: 50,
          employeeContributionPercentage: null,
        },
        {
          planId: 'plan-life',
          waitingPeriodType: 'DAYS_AFTER_HIRE',
          waitingPeriodDays: 30,
          employerContributionPercentage: 100,
          employeeContributionPercentage: 0,
        },
      ],
    });
    expect(numberOrText(' 12.5 ')).toBe(12.5);
    expect(numberOrText('')).toBeNull();
  });

  it('puts the server messages on the fields they name, plans by the order they were sent', () => {
    const draft = draftOf(salaried, plans);
    draft.plans['plan-dental']!.isOffered = true;
    expect(offeredPlanIds(draft)).toEqual(['plan-dental', 'plan-life']);
    expect(
      errorsForForm(
        {
          groupName: 'Taken',
          'plans.1.employeeContributionPercentage': 'Must add up to 100%',
          'headers.if-match': 'Bad version',
        },
        offeredPlanIds(draft),
      ),
    ).toEqual({
      fields: { groupName: 'Taken', 'plan-life.employeeContributionPercentage': 'Must add up to 100%' },
      other: ['Bad version'],
    });
  });

  it('says how far contributions are filled in', () => {
    expect(contributionsStatus(salaried)).toBe('Complete');
    expect(contributionsStatus({ plans: [] })).toBe('No plans yet');
    expect(
      contributionsStatus({
        plans: [
          ...salaried.plans,
          { id: 'cp-2', employerContributionPercentage: null, employeeContributionPercentage: null },
        ],
      }),
    ).toBe('1 of 2 set');
  });
});

describe('plan labels', () => {
  it('name a plan by its policy, and by its id only when two would read the same', () => {
    const a = { id: 'plan-a', benefitType: 'DENTAL', slfPolicyNumber: '934781' };
    const b = { id: 'plan-b', benefitType: 'DENTAL', slfPolicyNumber: '934781' };
    expect(planLabel(a, [a])).toBe('Dental on policy 934781');
    expect(planLabel(a, [a, b])).toBe('Dental on policy 934781 (plan-a)');
    expect(planLabel({ id: 'p', benefitType: 'LIFE', planName: 'Basic life' })).toBe('Basic life');
  });
});

describe('a collision in the class editor', () => {
  const conflict = (entity: string, entityId: string, attributeKey: string | null, theirs: unknown) => ({
    entity,
    entityId,
    attributeKey,
    label: attributeKey === 'employerContributionPercentage' ? 'Employer contribution' : 'Description',
    theirs,
  });

  it('keeps the person’s edits and takes everything else as the class is now', () => {
    const initial = draftOf(salaried, plans);
    const draft = { ...initial, description: 'Mine' };
    const fresh = draftOf(
      { ...salaried, groupName: 'Salaried staff', description: 'Theirs', plans: [] },
      plans,
    );
    const rebased = rebaseDraft(initial, draft, fresh);
    expect(rebased).toMatchObject({ groupName: 'Salaried staff', description: 'Mine' });
    // The life plan the other person removed, untouched here, is not offered any more.
    expect(rebased.plans['plan-life']!.isOffered).toBe(false);
  });

  it('takes their answers for the collided ones only', () => {
    const draft = { ...draftOf(salaried, plans), description: 'Mine', groupName: 'My name' };
    draft.plans['plan-life'] = {
      ...draft.plans['plan-life']!,
      employerContributionPercentage: '60',
      employeeContributionPercentage: '40',
    };
    const theirs = { ...salaried, description: 'Theirs' };
    theirs.plans = [{ ...salaried.plans[0]!, employerContributionPercentage: 80 }];
    const fresh = draftOf(theirs, plans);
    const taken = takeTheirAnswers(
      draft,
      fresh,
      [
        conflict('EmployeeClass', 'cls-1', 'description', 'Theirs'),
        conflict('EmployeeClassPlan', 'cp-1', 'employerContributionPercentage', 80),
      ],
      salaried.plans,
    );
    expect(taken).toMatchObject({ description: 'Theirs', groupName: 'My name' });
    expect(taken.plans['plan-life']).toMatchObject({
      employerContributionPercentage: '80',
      employeeContributionPercentage: '40',
    });
  });

  it('words the answers and names the plan, never codes or ids', () => {
    expect(classAnswerText('employeeTypes', ['FULL_TIME', 'PART_TIME'])).toBe('Full-time, Part-time');
    expect(classAnswerText('waitingPeriodType', 'DATE_OF_HIRE')).toBe('On the date of hire');
    expect(classAnswerText('employerContributionPercentage', 60)).toBe('60%');
    expect(classAnswerText('description', null)).toBe('(empty)');
    expect(classAnswerText('description', 'Mine', true)).toBe('Deleted');
    const life = { id: 'plan-life', benefitType: 'LIFE', planName: 'Basic life' };
    expect(
      classConflictLabel(
        conflict('EmployeeClassPlan', 'cp-1', 'employerContributionPercentage', 80),
        salaried.plans,
        [life],
      ),
    ).toBe('Basic life: Employer contribution');
    expect(classConflictLabel(conflict('EmployeeClass', 'cls-1', null, null), [], [life])).toBe('The class');
  });
});
