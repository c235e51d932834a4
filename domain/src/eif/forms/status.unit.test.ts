import { describe, expect, it } from 'vitest';
import { itAnswers } from '../../testing/examples.ts';
import { eifStepStatuses, subStepStatus } from './status.ts';
import { primaryWebAdmin, statusView } from '../../testing/status-view.ts';

const address = { address1: '1 Main St', city: 'Boston', state: 'MA', zipCode: '02110' };

describe('sub-step status: client section', () => {
  itAnswers(subStepStatus, {
    'given no answer, ERISA is Not Started': [[['erisa', statusView()], 'Not Started']],
    'given a plan type but no details, ERISA is In Progress': [
      [['erisa', statusView({ erisaPlanType: 'WRAP_PLAN' })], 'In Progress'],
    ],
    'given a plan not subject to ERISA, nothing else is asked and ERISA is Completed': [
      [['erisa', statusView({ erisaPlanType: 'NOT_SUBJECT_TO_ERISA' })], 'Completed'],
    ],
  });

  it('given every shown answer, ERISA is Completed; an invalid stored answer keeps it In Progress', () => {
    const answers = {
      erisaPlanType: 'WRAP_PLAN',
      erisaPlanAdminName: 'Acme Inc.',
      erisaPlanAdminAddress1: '1 Main St',
      erisaPlanAdminCity: 'Boston',
      erisaPlanAdminState: 'MA',
      erisaPlanAdminZipCode: '02110',
      erisaPlanNumber: 501,
      erisaPlanYearEnd: '12/31',
      erisaLegalAgent: 'Acme legal department',
    };
    expect(subStepStatus('erisa', statusView(answers))).toBe('Completed');
    expect(subStepStatus('erisa', statusView({ ...answers, erisaPlanYearEnd: '13/01' }))).toBe('In Progress');
  });
});

describe('sub-step status: policy section', () => {
  const done = { issuedStateSitus: 'MA', policyEffectiveDate: '2025-01-01', primaryPolicy: true };

  it('is Not Started with no answer on any policy', () => {
    const policies = [{ id: 'p1', slfCoverages: ['Life'] }];
    expect(subStepStatus('current-sun-life-policies', statusView({ policies }))).toBe('Not Started');
  });

  it('is In Progress while one policy is unanswered, Completed once every policy is', () => {
    const oneDone = [
      { id: 'p1', slfCoverages: ['Life'], ...done },
      { id: 'p2', slfCoverages: ['Dental'] },
    ];
    expect(subStepStatus('current-sun-life-policies', statusView({ policies: oneDone }))).toBe('In Progress');
    const bothDone = oneDone.map((policy) => ({ ...policy, ...done }));
    expect(subStepStatus('current-sun-life-policies', statusView({ policies: bothDone }))).toBe('Completed');
  });

  it('asks the EAP blend only of a policy with an EAP', () => {
    const eap = [{ id: 'p1', slfCoverages: ['Employee Assistance Program'], ...done }];
    expect(subStepStatus('current-sun-life-policies', statusView({ policies: eap }))).toBe('In Progress');
    const blended = [{ ...eap[0]!, eapIsBlendedWith: 'LTD' }];
    expect(subStepStatus('current-sun-life-policies', statusView({ policies: blended }))).toBe('Completed');
  });
});

describe('sub-step status: plan sections', () => {
  const ltd = { id: 'pl1', benefitType: 'LONG_TERM_DISABILITY' };

  it('claims payment follows the disability plans and their follow-up payee', () => {
    expect(subStepStatus('claims-payment-reimbursement', statusView({ plans: [ltd] }))).toBe('Not Started');
    const someoneElse = { ...ltd, sendClaimsCheckTo: 'EMPLOYER', claimsCheckPayee: 'SOMEONE_ELSE' };
    expect(subStepStatus('claims-payment-reimbursement', statusView({ plans: [someoneElse] }))).toBe(
      'In Progress',
    );
    const named = { ...someoneElse, someoneElsePayeeContactId: 'c9' };
    expect(subStepStatus('claims-payment-reimbursement', statusView({ plans: [named] }))).toBe('Completed');
  });

  it('the PFML part is Completed once any PFML plan has allowPFMLAndSTDConcurrently set, else Not Started', () => {
    const ma = { id: 'pl1', benefitType: 'PFML_MA_ASO', pfmlOption: 'ADVICE_ONLY' };
    const co = { id: 'pl2', benefitType: 'PFML_CO_FULLY_INS' };
    // Other PFML answers alone do not start the section (onboarding §4).
    expect(subStepStatus('non-class-benefits-preferences', statusView({ plans: [ma, co] }))).toBe(
      'Not Started',
    );
    const set = [{ ...ma }, { ...co, allowPFMLAndSTDConcurrently: false }];
    expect(subStepStatus('non-class-benefits-preferences', statusView({ plans: set }))).toBe('Completed');
  });

  it('with PFML and statutory plans, the statutory questions must be answered too', () => {
    const pfml = { id: 'pl1', benefitType: 'PFML_MA_ASO', allowPFMLAndSTDConcurrently: true };
    const dbl = { id: 'pl2', benefitType: 'DBL' };
    expect(subStepStatus('non-class-benefits-preferences', statusView({ plans: [pfml, dbl] }))).toBe(
      'In Progress',
    );
    const paid = { ...dbl, statutoryContributionType: 'EMPLOYER_PAID' };
    expect(subStepStatus('non-class-benefits-preferences', statusView({ plans: [pfml, paid] }))).toBe(
      'Completed',
    );
  });
});

describe('sub-step status: collections', () => {
  it('plan administrators need a valid primary administrator', () => {
    expect(subStepStatus('plan-administrators', statusView())).toBe('Not Started');
    const noEmail = { ...primaryWebAdmin, email: null };
    expect(subStepStatus('plan-administrators', statusView({ contacts: [noEmail] }))).toBe('In Progress');
    expect(subStepStatus('plan-administrators', statusView({ contacts: [primaryWebAdmin] }))).toBe(
      'Completed',
    );
    const limited = { ...primaryWebAdmin, locationManagementType: 'LIMITED' };
    expect(subStepStatus('plan-administrators', statusView({ contacts: [limited] }))).toBe('In Progress');
  });

  it('an other-web-admin alone does not count as the primary administrator', () => {
    const other = { ...primaryWebAdmin, type: 'WEB_ADMIN' };
    expect(subStepStatus('plan-administrators', statusView({ contacts: [other] }))).toBe('In Progress');
  });

  it('subsidiaries: the list is asked only while hasSubsidiary is true', () => {
    expect(subStepStatus('subsidiaries-and-affiliates', statusView({ hasSubsidiary: false }))).toBe(
      'Completed',
    );
    expect(subStepStatus('subsidiaries-and-affiliates', statusView({ hasSubsidiary: true }))).toBe(
      'In Progress',
    );
    const subsidiaries = [{ id: 's1', name: 'Acme West', ...address }];
    expect(
      subStepStatus('subsidiaries-and-affiliates', statusView({ hasSubsidiary: true, subsidiaries })),
    ).toBe('Completed');
  });

  it('mailing locations: at least one valid location', () => {
    expect(subStepStatus('claims-check-mailing-locations', statusView())).toBe('Not Started');
    const badZip = [{ id: 'l1', name: 'HQ', ...address, zipCode: '123' }];
    expect(subStepStatus('claims-check-mailing-locations', statusView({ locations: badZip }))).toBe(
      'In Progress',
    );
    const locations = [{ id: 'l1', name: 'HQ', ...address }];
    expect(subStepStatus('claims-check-mailing-locations', statusView({ locations }))).toBe('Completed');
  });
});

describe('sub-step status: class builder', () => {
  it('is Not Started with no class, even once needsEmployeeClasses is answered', () => {
    expect(subStepStatus('class-builder', statusView({ needsEmployeeClasses: true }))).toBe('Not Started');
  });

  it('is In Progress with a class that has no plan, Completed once a class has a plan', () => {
    const employeeClasses = [{ id: 'ec1', groupName: 'Salaried' }];
    expect(subStepStatus('class-builder', statusView({ needsEmployeeClasses: true, employeeClasses }))).toBe(
      'In Progress',
    );
    const employeeClassPlans = [{ id: 'ecp1', employeeClassId: 'ec1', planId: 'pl1' }];
    expect(subStepStatus('class-builder', statusView({ employeeClasses, employeeClassPlans }))).toBe(
      'Completed',
    );
  });

  it('is Completed with one class when the client needs no separate classes', () => {
    const employeeClasses = [{ id: 'ec1', groupName: 'All employees' }];
    expect(subStepStatus('class-builder', statusView({ needsEmployeeClasses: false, employeeClasses }))).toBe(
      'Completed',
    );
  });
});

describe('step statuses', () => {
  it('lists only the visible sub-steps, with statuses rolled up per step', () => {
    const steps = eifStepStatuses(
      statusView({
        taxId: '123456789',
        policies: [{ id: 'p1', slfCoverages: ['PFML'] }],
        plans: [{ id: 'pl1', benefitType: 'PFML_MA_ASO', allowPFMLAndSTDConcurrently: true }],
      }),
    );
    const ids = steps.map((step) => step.id);
    // A PFML-only client: of the other contract details only the policy anniversary is asked.
    expect(ids).toEqual([
      'company-information',
      'plan-administrators-&-billing',
      'plan-configuration-&-eligibility',
      'other-contract-details',
      'review-&-submit',
    ]);
    expect(steps[3]!.subSteps.map((s) => s.id)).toEqual(['confirm-policy-anniversary']);
    const company = steps[0]!;
    expect(company.subSteps.find((s) => s.id === 'tax-id')?.status).toBe('Completed');
    expect(company.status).toBe('In Progress');
    const configuration = steps[2]!;
    expect(configuration.subSteps).toEqual([
      { id: 'non-class-benefits-preferences', label: 'PFML preferences', status: 'Completed' },
    ]);
    expect(configuration.status).toBe('Completed');
    expect(steps[4]).toEqual({
      id: 'review-&-submit',
      label: 'Review & submit',
      status: 'Not Started',
      subSteps: [],
    });
  });

  it('review & submit is Completed once the EIF is signed', () => {
    const steps = eifStepStatuses(statusView({ eifSignedAt: '2025-01-01T00:00:00Z' }));
    expect(steps.at(-1)).toMatchObject({ id: 'review-&-submit', status: 'Completed' });
  });
});
