import { describe, expect, it } from 'vitest';
import { EMPTY_STAMPS, entityKey, type EifState, type EntityState } from '../eif/decider.ts';
import { checkPlanDesign } from './check.ts';
import { planDesignFromState, type PlanDesign } from './plan-design.ts';

/** A class plan: the plan offered to the class, with the employer's and the employee's shares. */
const classPlan = (id: string, employeeClassId: string, planId: string, employer = 100, employee = 0) => ({
  id,
  employeeClassId,
  planId,
  employerContributionPercentage: employer,
  employeeContributionPercentage: employee,
});

const design = (overrides: Partial<PlanDesign> = {}): PlanDesign => ({
  clientId: 'c1',
  plans: [
    { id: 'p-dental', benefitType: 'DENTAL', policyId: 'pol' },
    { id: 'p-life', benefitType: 'LIFE', policyId: 'pol' },
  ],
  employeeClasses: [{ id: 'k-all', groupName: 'All employees' }],
  employeeClassPlans: [classPlan('cp1', 'k-all', 'p-dental', 60, 40), classPlan('cp2', 'k-all', 'p-life')],
  ...overrides,
});

describe('checkPlanDesign', () => {
  it('completes a design where every plan is offered and contributions add up', () => {
    expect(checkPlanDesign(design())).toEqual({ status: 'COMPLETED', reasons: [], findings: [] });
  });

  it('has nothing to push for a client without plans', () => {
    const check = checkPlanDesign(design({ plans: [], employeeClassPlans: [] }));
    expect(check.status).toBe('NOT_APPLICABLE');
    expect(check.reasons).toEqual(['The client has no plans to push']);
  });

  it('errors when there are no classes at all', () => {
    const check = checkPlanDesign(design({ employeeClasses: [], employeeClassPlans: [] }));
    expect(check.status).toBe('COMPLETED_WITH_ERRORS');
    expect(check.findings.map((f) => f.code)).toEqual([
      'NO_CLASSES',
      'PLAN_WITHOUT_CLASS',
      'PLAN_WITHOUT_CLASS',
    ]);
  });

  it('errors on a class plan that points at a missing class or plan', () => {
    const base = design();
    const check = checkPlanDesign({
      ...base,
      employeeClassPlans: [...base.employeeClassPlans, classPlan('cp3', 'k-gone', 'p-gone', 50, 50)],
    });
    expect(check.status).toBe('COMPLETED_WITH_ERRORS');
    expect(check.reasons).toEqual([
      'Class plan cp3 refers to a missing class (k-gone)',
      'Class plan cp3 refers to a missing plan (p-gone)',
    ]);
  });

  it('warns about a plan no class is offered and a class offered no plan', () => {
    const check = checkPlanDesign(
      design({
        employeeClasses: [
          { id: 'k-all', groupName: 'All employees' },
          { id: 'k-exec', groupName: 'Executives' },
        ],
        employeeClassPlans: [design().employeeClassPlans[0]!],
      }),
    );
    expect(check.status).toBe('COMPLETED_WITH_WARNINGS');
    expect(check.reasons).toEqual([
      'The Life plan (p-life) is not offered to any class',
      'The class "Executives" is offered no plan',
    ]);
  });

  it('errors when employer + employee contributions are not 100, missing or out of range; errors come first', () => {
    const [cp1, cp2] = design().employeeClassPlans;
    const check = checkPlanDesign(
      design({
        plans: [...design().plans, { id: 'p-vision', benefitType: 'VISION', policyId: 'pol' }],
        employeeClassPlans: [
          { ...cp1!, employerContributionPercentage: 50, employeeContributionPercentage: 40 },
          { ...cp2!, employeeContributionPercentage: null },
        ],
      }),
    );
    expect(check.status).toBe('COMPLETED_WITH_ERRORS');
    expect(check.reasons).toEqual([
      'Contributions for the Dental plan (p-dental) in class "All employees" add up to 90% (employer 50% + employee 40%), not 100%',
      'Contributions for the Life plan (p-life) in class "All employees" are not given',
      'The Vision plan (p-vision) is not offered to any class',
    ]);
    const outOfRange = checkPlanDesign(
      design({
        employeeClassPlans: [
          { ...cp1!, employerContributionPercentage: 120, employeeContributionPercentage: -20 },
          cp2!,
        ],
      }),
    );
    expect(outOfRange.findings.map((f) => f.code)).toEqual(['CONTRIBUTION_OUT_OF_RANGE']);
  });

  it('accepts decimal splits that add up to 100 within rounding', () => {
    const [cp1, cp2] = design().employeeClassPlans;
    const check = checkPlanDesign(
      design({
        employeeClassPlans: [
          { ...cp1!, employerContributionPercentage: 33.33, employeeContributionPercentage: 66.67 },
          cp2!,
        ],
      }),
    );
    expect(check.status).toBe('COMPLETED');
  });
});

describe('checkPlanDesign: plans set up by class and plans that are not', () => {
  const plan = (id: string, benefitType: string) => ({ id, benefitType, policyId: 'pol' });
  const offer = (id: string, planId: string, employer = 100, employee = 0) =>
    classPlan(id, 'k-all', planId, employer, employee);
  const everyone = [{ id: 'k-all', groupName: 'All employees' }];

  it('given a statutory-only NY/NJ/HI client without classes, when checked, then it completes', () => {
    const check = checkPlanDesign({
      clientId: 'tri-state',
      plans: [plan('dbl', 'DBL'), plan('pfl', 'PFL'), plan('tdb', 'TDB'), plan('tdi', 'TDI')],
      employeeClasses: [],
      employeeClassPlans: [],
    });
    expect(check).toEqual({ status: 'COMPLETED', reasons: [], findings: [] });
  });

  it('given a PFML-only client without classes, when checked, then it completes', () => {
    const check = checkPlanDesign({
      clientId: 'c',
      plans: [plan('co', 'PFML_CO_FULLY_INS'), plan('wa', 'PFML_WA_ASO')],
      employeeClasses: [],
      employeeClassPlans: [],
    });
    expect(check.status).toBe('COMPLETED');
  });

  it('given an FLI client whose class is offered its life and dental plans, when checked, then FLI needs no class', () => {
    const check = checkPlanDesign({
      clientId: 'harbor',
      plans: [plan('life', 'LIFE'), plan('dental', 'DENTAL'), plan('fli', 'FLI')],
      employeeClasses: everyone,
      employeeClassPlans: [offer('cp1', 'life'), offer('cp2', 'dental', 50, 50)],
    });
    expect(check).toEqual({ status: 'COMPLETED', reasons: [], findings: [] });
  });

  it('given an FLI client with no classes, when checked, then it errors and names only the plans set up by class', () => {
    const check = checkPlanDesign({
      clientId: 'harbor',
      plans: [plan('life', 'LIFE'), plan('dental', 'DENTAL'), plan('fli', 'FLI')],
      employeeClasses: [],
      employeeClassPlans: [],
    });
    expect(check.status).toBe('COMPLETED_WITH_ERRORS');
    expect(check.reasons).toEqual([
      'The plan design has no employee classes',
      'The Life plan (life) is not offered to any class',
      'The Dental plan (dental) is not offered to any class',
    ]);
  });

  it('given statutory plans beside one dental plan and no classes, when checked, then the dental plan still needs a class', () => {
    const check = checkPlanDesign({
      clientId: 'c',
      plans: [plan('dbl', 'DBL'), plan('dental', 'DENTAL')],
      employeeClasses: [],
      employeeClassPlans: [],
    });
    expect(check.findings.map((f) => [f.code, f.entityId])).toEqual([
      ['NO_CLASSES', null],
      ['PLAN_WITHOUT_CLASS', 'dental'],
    ]);
  });

  it('given a healthcare client with PFML beside class plans, when contributions do not add up, then it errors on them only', () => {
    const check = checkPlanDesign({
      clientId: 'riverside',
      plans: [
        plan('ltd', 'LONG_TERM_DISABILITY'),
        plan('vision', 'VISION'),
        plan('life', 'LIFE'),
        plan('pfml', 'PFML_CO_FULLY_INS'),
      ],
      employeeClasses: everyone,
      employeeClassPlans: [offer('cp1', 'ltd', 70, 20), offer('cp2', 'vision'), offer('cp3', 'life')],
    });
    expect(check.status).toBe('COMPLETED_WITH_ERRORS');
    expect(check.findings.map((f) => [f.code, f.entityId])).toEqual([['CONTRIBUTIONS_NOT_100', 'cp1']]);
  });

  it('given a class offered every class-eligible plan with contributions adding up, when checked, then it completes', () => {
    const check = checkPlanDesign({
      clientId: 'riverside',
      plans: [plan('ltd', 'LONG_TERM_DISABILITY'), plan('pfml', 'PFML_CO_FULLY_INS'), plan('tdi', 'TDI')],
      employeeClasses: everyone,
      employeeClassPlans: [offer('cp1', 'ltd', 25, 75)],
    });
    expect(check.status).toBe('COMPLETED');
  });
});

describe('planDesignFromState', () => {
  const entity = (
    e: EntityState['entity'],
    entityId: string,
    attributes: Record<string, unknown>,
  ): [string, EntityState] => [entityKey(e, entityId), { entity: e, entityId, attributes }];

  it('reads the accepted plans, classes and class plans, not pending edits', () => {
    const state: EifState = {
      status: 'signed',
      clientId: 'c1',
      entities: new Map([
        entity('Client', 'c1', { name: 'Acme' }),
        entity('Plan', 'p2', { benefitType: 'VISION', policyId: 'pol' }),
        entity('Plan', 'p1', { benefitType: 'DENTAL' }),
        entity('EmployeeClass', 'k1', { groupName: 'Hourly' }),
        entity('EmployeeClassPlan', 'cp1', {
          employeeClassId: 'k1',
          planId: 'p1',
          employerContributionPercentage: '75',
          employeeContributionPercentage: 25,
        }),
      ]),
      pending: [
        {
          changeId: 'x',
          action: 'create',
          entity: 'EmployeeClass',
          entityId: 'k2',
          attributes: { groupName: 'Pending' },
          previous: {},
          at: '2026-01-01T00:00:00Z',
          by: { userId: 'u', role: 'BEN_ADMIN' },
        },
      ],
      stamps: EMPTY_STAMPS,
    };
    expect(planDesignFromState(state)).toEqual({
      clientId: 'c1',
      plans: [
        { id: 'p1', benefitType: 'DENTAL', policyId: null },
        { id: 'p2', benefitType: 'VISION', policyId: 'pol' },
      ],
      employeeClasses: [{ id: 'k1', groupName: 'Hourly' }],
      employeeClassPlans: [classPlan('cp1', 'k1', 'p1', 75, 25)],
    });
  });

  it('has no design before the EIF exists', () => {
    expect(planDesignFromState({ status: 'empty' })).toBeNull();
  });
});
