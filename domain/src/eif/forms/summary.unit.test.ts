import { describe, expect, it } from 'vitest';
import { itAnswers } from '../../testing/examples.ts';
import { EMPTY_STAMPS } from '../decider.ts';
import type { ClientView } from '../client-view.ts';
import { eifFormSummary, formatAnswer, NOT_ANSWERED, planBenefitTypeLabel } from './summary.ts';
import { TIMING } from '../steps/enumerations.ts';

const base: ClientView = {
  ...EMPTY_STAMPS,
  id: 'c1',
  name: 'Acme',
  version: 3,
  taxId: '123456789',
  eifStatus: 'signed',
  policies: [{ id: 'p1', slfPolicyNumber: '900', slfCoverages: ['Dental'] }],
  plans: [{ id: 'plan-d', benefitType: 'DENTAL', policyId: 'p1' }],
  contacts: [],
  locations: [
    {
      id: 'loc-1',
      name: 'Head office',
      address1: '1 Main St',
      city: 'Austin',
      state: 'TX',
      zipCode: '78701',
    },
  ],
  bills: [],
  subsidiaries: [],
  monthlyClaimsReportMailingLocations: [],
  employeeClasses: [{ id: 'k1', groupName: 'Salaried' }],
  employeeClassPlans: [
    {
      id: 'kp1',
      employeeClassId: 'k1',
      planId: 'plan-d',
      employerContributionPercentage: 80,
      employeeContributionPercentage: 20,
    },
  ],
  pendingReviewCount: 1,
  pendingChanges: [],
};

const subStep = (view: ClientView, id: string) =>
  eifFormSummary(view)
    .flatMap((step) => step.subSteps)
    .find((s) => s.id === id);

describe('formatAnswer', () => {
  const view = { locations: base.locations, contacts: [{ id: 'ct', firstName: 'Ana', lastName: 'Diaz' }] };
  it('uses the words of enumerations, months, booleans and referenced names', () => {
    expect(
      formatAnswer({ key: 't', label: 'T', kind: 'choice', enumeration: TIMING }, 'END_OF_MONTH', view),
    ).toBe('End of the month');
    expect(formatAnswer({ key: 'm', label: 'M', kind: 'month' }, 7, view)).toBe('July');
    expect(formatAnswer({ key: 'd', label: 'D', kind: 'date' }, '2027-01-01', view)).toBe('January 1, 2027');
    expect(formatAnswer({ key: 'y', label: 'Y', kind: 'mmdd' }, '12/31', view)).toBe('12/31');
    expect(formatAnswer({ key: 'b', label: 'B', kind: 'boolean' }, false, view)).toBe('No');
    expect(formatAnswer({ key: 'a', label: 'A', kind: 'answer' }, 'NOT_APPLICABLE', view)).toBe(
      'Not applicable',
    );
    expect(formatAnswer({ key: 'l', label: 'L', kind: 'locations' }, ['loc-1'], view)).toBe('Head office');
    expect(formatAnswer({ key: 'c', label: 'C', kind: 'contact' }, 'ct', view)).toBe('Ana Diaz');
    expect(formatAnswer({ key: 'p', label: 'P', kind: 'percentage' }, 40, view)).toBe('40%');
    expect(formatAnswer({ key: 'x', label: 'X', kind: 'text' }, '  ', view)).toBe(NOT_ANSWERED);
  });
});

describe('eifFormSummary', () => {
  itAnswers(planBenefitTypeLabel, {
    'names plans by benefit type in words': [
      [['LONG_TERM_DISABILITY'], 'Long term disability'],
      [['PFML_CO_FULLY_INS'], 'PFML CO FULLY INS'],
      [['FLI'], 'FLI'],
      [['LIFE'], 'Life'],
    ],
  });

  it('shows only the visible sub-steps, with statuses', () => {
    const ids = eifFormSummary(base).flatMap((step) => step.subSteps.map((s) => s.id));
    expect(ids).toContain('termination-of-insurance');
    expect(ids).not.toContain('fli-preferences');
    expect(subStep(base, 'tax-id')?.status).toBe('Completed');
  });

  it('lists employee classes with their plans and contribution split', () => {
    expect(subStep(base, 'class-builder')?.groups).toContainEqual({
      title: 'Class: Salaried',
      lines: [{ label: 'Dental', value: 'employer 80% / employee 20%' }],
    });
  });

  it('marks a pending addition and a pending removal on collection items', () => {
    const view: ClientView = {
      ...base,
      hasSubsidiary: true,
      subsidiaries: [{ id: 's-old', name: 'Old Sub' }],
      pendingChanges: [
        {
          changeId: 'x1',
          action: 'create',
          entity: 'Subsidiary',
          entityId: 's-new',
          attributes: { name: 'New Sub', city: 'Reno' },
          previous: {},
          at: '2027-01-01T00:00:00.000Z',
          by: { userId: 'u', role: 'BEN_ADMIN' },
        },
        {
          changeId: 'x2',
          action: 'delete',
          entity: 'Subsidiary',
          entityId: 's-old',
          attributes: {},
          previous: {},
          at: '2027-01-01T00:00:00.000Z',
          by: { userId: 'u', role: 'BEN_ADMIN' },
        },
      ],
    };
    const groups = subStep(view, 'subsidiaries-and-affiliates')!.groups;
    expect(groups.find((g) => g.title.startsWith('Subsidiary 1: Old Sub'))?.pending).toBe('Removed');
    const added = groups.find((g) => g.title === 'Subsidiary: New Sub');
    expect(added?.pending).toBe('Added');
    expect(added?.lines).toContainEqual({ label: 'City', value: 'Reno' });
  });
});
