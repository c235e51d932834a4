import { describe, expect, it } from 'vitest';
import {
  TICKET_ID_PATTERN,
  comparePlanSystem,
  lookupKeysOf,
  planSystemWrites,
  type EifPlanSystemView,
  type PlanSystemClient,
} from './plan-system.ts';

const eif: EifPlanSystemView = {
  clientId: 'acme',
  name: 'Acme Co.',
  caseId: null,
  policies: [
    {
      id: 'p1',
      policyNumber: '934781',
      coverages: ['Dental', 'Vision'],
      effectiveDate: '2027-01-01',
      primaryPolicy: true,
    },
    {
      id: 'p2',
      policyNumber: '934782',
      coverages: ['Basic Life'],
      effectiveDate: '2027-01-01',
      primaryPolicy: false,
    },
  ],
  plans: [
    { id: 'plan-dental', benefitType: 'DENTAL', policyId: 'p1' },
    { id: 'plan-vision', benefitType: 'VISION', policyId: 'p1' },
  ],
};

/** A policy as the plan system holds it: its number, coverages, effective date and plans' benefit types. */
const heldPolicy = (
  policyNumber: string,
  coverages: string[],
  effectiveDate: string,
  benefitTypes: string[],
): PlanSystemClient['policies'][number] => ({ policyNumber, coverages, effectiveDate, benefitTypes });

const qps: PlanSystemClient = {
  caseId: 'C-100',
  name: 'ACME CO.',
  policies: [
    heldPolicy('934781', ['Dental', 'Accident'], '2027-02-01', ['DENTAL', 'ACCIDENT']),
    heldPolicy('934782', ['Basic Life'], '2027-01-01', []),
    heldPolicy('934783', ['Critical Illness'], '2027-01-01', ['CRITICAL_ILLNESS']),
  ],
};

let counter = 0;
const newId = () => `id-${++counter}`;

describe('comparePlanSystem', () => {
  it('says, per policy, what differs in words', () => {
    const comparison = comparePlanSystem(eif, qps);
    expect(comparison.inSync).toBe(false);
    expect(comparison.client).toEqual(['Case id: none here, C-100 in the plan system.']);
    expect(comparison.policies).toEqual([
      {
        policyNumber: '934781',
        policyId: 'p1',
        status: 'different',
        differences: [
          'The plan system also covers Accident.',
          'The plan system does not cover Vision.',
          'Effective date: 2027-01-01 here, 2027-02-01 in the plan system.',
          'Plans only in the plan system: Accident.',
          'Plans only here: Vision.',
        ],
      },
      { policyNumber: '934782', policyId: 'p2', status: 'same', differences: [] },
      {
        policyNumber: '934783',
        policyId: null,
        status: 'only-in-plan-system',
        differences: ['Policy 934783 is in the plan system only: Critical Illness.'],
      },
    ]);
  });

  it('lists a policy the plan system does not hold', () => {
    const comparison = comparePlanSystem(eif, { ...qps, policies: [qps.policies[1]!] });
    expect(comparison.policies.find((p) => p.policyId === 'p1')).toMatchObject({
      status: 'only-in-eif',
      differences: ['Policy 934781 is not in the plan system.'],
    });
  });

  it('looks the client up by its case id and policy numbers', () => {
    expect(lookupKeysOf({ ...eif, caseId: 'C-100' })).toEqual(['C-100', '934781', '934782']);
  });
});

describe('planSystemWrites', () => {
  it('an import applies numbers, coverages, effective dates and plans, removing nothing', () => {
    const writes = planSystemWrites(eif, qps, 'import', newId);
    expect(writes.map((w) => w.description)).toEqual([
      'Case id set to C-100.',
      'Policy 934781: effective date 2027-01-01 → 2027-02-01; Accident added to the coverages; Vision taken off the coverages.',
      'Accident plan added to policy 934781.',
      'Policy 934783 added, effective 2027-01-01, covering Critical Illness.',
      'Critical Illness plan added to policy 934783.',
    ]);
    const newPolicy = writes.find((w) => w.entity === 'Policy' && w.action === 'create')!;
    expect(writes.at(-1)!.attributes).toEqual({
      benefitType: 'CRITICAL_ILLNESS',
      policyId: newPolicy.entityId,
    });
  });

  it('a sync applies only the case id, policy numbers and effective dates', () => {
    const writes = planSystemWrites(eif, qps, 'sync', newId);
    expect(writes.map((w) => w.description)).toEqual([
      'Case id set to C-100.',
      'Policy 934781: effective date 2027-01-01 → 2027-02-01.',
      'Policy 934783 added, effective 2027-01-01.',
    ]);
    expect(writes[2]!.attributes).toEqual({
      slfPolicyNumber: '934783',
      primaryPolicy: false,
      policyEffective: '2027-01-01',
    });
  });

  it('writes nothing when the EIF already agrees', () => {
    const agreeing: PlanSystemClient = {
      caseId: 'C-1',
      name: 'Acme Co.',
      policies: [heldPolicy('934781', ['Vision', 'Dental'], '2027-01-01', ['VISION'])],
    };
    expect(planSystemWrites({ ...eif, caseId: 'C-1' }, agreeing, 'import', newId)).toEqual([]);
  });
});

describe('ticket ids', () => {
  it('are a project key, a dash and a number', () => {
    expect(TICKET_ID_PATTERN.test('ONB-1042')).toBe(true);
    expect(TICKET_ID_PATTERN.test('onb-1042')).toBe(false);
    expect(TICKET_ID_PATTERN.test('ONB-')).toBe(false);
    expect(TICKET_ID_PATTERN.test('ONB-0')).toBe(false);
  });
});
