import { describe, expect, it } from 'vitest';
import { itAnswers } from '../../testing/examples.ts';
import { EIF_STEPS, type EifSubStepId } from './catalogue.ts';
import { coverageKindOfBenefitType, coverageKindOfDisplayName, PFML_BENEFIT_TYPES } from './coverage.ts';
import { isSubStepVisible, visibleSubSteps, type VisibilityInput } from './visibility.ts';

const client = (shape: Partial<VisibilityInput>): VisibilityInput => ({
  healthcareProfessionalsSegment: false,
  policies: [],
  plans: [],
  ...shape,
});
const plans = (...benefitTypes: string[]) => benefitTypes.map((benefitType) => ({ benefitType }));
const coverages = (...slfCoverages: string[]) => [{ slfCoverages }];

const shown = (input: VisibilityInput, id: EifSubStepId) => isSubStepVisible(input, id);
const subStepIds = (input: VisibilityInput) =>
  visibleSubSteps(input).flatMap((step) => step.subSteps.map((s) => s.id));
const stepIds = (input: VisibilityInput) => visibleSubSteps(input).map((step) => step.id);

describe('coverage kinds', () => {
  it('knows PFML codes for the eight PFML states, WA as ASO only (onboarding §9)', () => {
    expect(PFML_BENEFIT_TYPES).toHaveLength(15);
    expect(coverageKindOfBenefitType('PFML_WA_ASO')).toBe('PFML');
    expect(coverageKindOfBenefitType('PFML_WA_FULLY_INS')).toBe('OTHER');
    expect(coverageKindOfBenefitType('PFML_MN_FULLY_INS')).toBe('PFML');
  });

  it('reads statutory, FLI, LTD, dental and vision from codes and display names', () => {
    expect(['DBL', 'PFL', 'TDB', 'TDI'].map(coverageKindOfBenefitType)).toEqual(Array(4).fill('STATUTORY'));
    expect(coverageKindOfBenefitType('FLI')).toBe('FLI');
    expect(coverageKindOfBenefitType('DHMO_CA')).toBe('DENTAL');
    expect(coverageKindOfDisplayName('New Jersey Family Leave Insurance')).toBe('FLI');
    expect(coverageKindOfDisplayName('New York Paid Family Leave')).toBe('STATUTORY');
    expect(coverageKindOfDisplayName('Massachusetts Paid Family and Medical Leave')).toBe('PFML');
    expect(coverageKindOfDisplayName('Long Term Disability')).toBe('LONG_TERM_DISABILITY');
    expect(coverageKindOfDisplayName('Basic Life')).toBe('OTHER');
  });
});

describe('which sub-steps are shown (onboarding §4)', () => {
  it('fli-preferences is shown only with Family Leave Insurance', () => {
    expect(
      shown(client({ policies: coverages('Dental', 'Family Leave Insurance') }), 'fli-preferences'),
    ).toBe(true);
    expect(shown(client({ plans: plans('LIFE', 'FLI') }), 'fli-preferences')).toBe(true);
    expect(shown(client({ plans: plans('LIFE', 'TDB') }), 'fli-preferences')).toBe(false);
  });

  it('malpractice-reimbursements is shown only with the healthcare professionals segment and LTD', () => {
    const ltd = coverages('Long Term Disability');
    expect(
      shown(client({ healthcareProfessionalsSegment: true, policies: ltd }), 'malpractice-reimbursements'),
    ).toBe(true);
    expect(
      shown(client({ healthcareProfessionalsSegment: false, policies: ltd }), 'malpractice-reimbursements'),
    ).toBe(false);
    expect(
      shown(
        client({ healthcareProfessionalsSegment: true, policies: coverages('Short Term Disability') }),
        'malpractice-reimbursements',
      ),
    ).toBe(false);
  });

  itAnswers(shown, {
    'class-builder is shown only for eligible (not statutory, not PFML) coverages': [
      [[client({ plans: plans('PFML_CO_ASO', 'LIFE') }), 'class-builder'], true],
      [[client({ plans: plans('PFML_CO_ASO', 'DBL', 'FLI') }), 'class-builder'], false],
      [[client({}), 'class-builder'], false],
    ],
  });

  it('steps are hidden when all coverages are statutory or PFML-only', () => {
    const pfmlAndStatutory = client({ plans: plans('PFML_MA_FULLY_INS', 'TDB') });
    expect(subStepIds(pfmlAndStatutory)).not.toContain('erisa');
    expect(subStepIds(pfmlAndStatutory)).not.toContain('rehire-provision');
    expect(subStepIds(client({ plans: plans('PFML_MA_FULLY_INS', 'LIFE') }))).toContain('erisa');
  });

  it('termination-of-insurance is shown only with dental or vision type plans', () => {
    expect(shown(client({ plans: plans('VISION') }), 'termination-of-insurance')).toBe(true);
    expect(shown(client({ plans: plans('DENTAL') }), 'termination-of-insurance')).toBe(true);
    expect(shown(client({ plans: plans('LIFE', 'SHORT_TERM_DISABILITY') }), 'termination-of-insurance')).toBe(
      false,
    );
  });

  itAnswers(shown, {
    'confirm-policy-anniversary is shown when not all coverages are NY, NJ or HI statutory': [
      [[client({ plans: plans('DBL', 'PFL', 'TDI') }), 'confirm-policy-anniversary'], false],
      [[client({ plans: plans('DBL', 'PFML_OR_ASO') }), 'confirm-policy-anniversary'], true],
      [[client({ plans: plans('DBL', 'DENTAL') }), 'confirm-policy-anniversary'], true],
    ],
  });

  it('non-class-benefits-preferences is shown, and named, only with PFML or statutory plans', () => {
    const label = (input: VisibilityInput) =>
      visibleSubSteps(input)
        .flatMap((step) => step.subSteps)
        .find((s) => s.id === 'non-class-benefits-preferences')?.label;
    expect(label(client({ plans: plans('LIFE', 'PFML_CT_ASO') }))).toBe('PFML preferences');
    expect(label(client({ plans: plans('LIFE', 'DBL') }))).toBe('Statutory benefits');
    expect(label(client({ plans: plans('PFML_CT_ASO', 'TDI') }))).toBe('PFML & Statutory benefits');
    expect(label(client({ plans: plans('LIFE', 'FLI') }))).toBeUndefined();
  });

  it('given a client with Family Leave Insurance, then FLI preferences join the general sub-steps', () => {
    const input = client({
      policies: coverages(
        'Dental',
        'Basic Life',
        'New Jersey Family Leave Insurance',
        'New Jersey Temporary Disability Benefits',
      ),
      plans: plans('DENTAL', 'LIFE', 'FLI', 'TDB'),
    });
    expect(visibleSubSteps(input).find((step) => step.id === 'plan-configuration-&-eligibility')).toEqual({
      id: 'plan-configuration-&-eligibility',
      label: 'Plan configuration & eligibility',
      subSteps: [
        { id: 'class-builder', label: 'Class builder' },
        { id: 'non-class-benefits-preferences', label: 'Statutory benefits' },
        { id: 'fli-preferences', label: 'FLI preferences' },
      ],
    });
    expect(subStepIds(input)).toContain('termination-of-insurance');
    expect(subStepIds(input)).toContain('confirm-policy-anniversary');
    expect(subStepIds(input)).not.toContain('malpractice-reimbursements');
  });

  it('given a statutory-only NY/NJ/HI client, then no class or contract sub-steps and no contract step', () => {
    const input = client({
      policies: [
        { slfCoverages: ['New York Disability Benefits Law'] },
        { slfCoverages: ['Hawaii Temporary Disability Insurance'] },
      ],
      plans: plans('DBL', 'PFL', 'TDB', 'TDI'),
    });
    expect(stepIds(input)).toEqual([
      'company-information',
      'plan-administrators-&-billing',
      'plan-configuration-&-eligibility',
      'review-&-submit',
    ]);
    expect(visibleSubSteps(input)[2]?.subSteps).toEqual([
      { id: 'non-class-benefits-preferences', label: 'Statutory benefits' },
    ]);
  });

  it('given a PFML-only client, then the contract step keeps only the policy anniversary', () => {
    const input = client({ plans: plans('PFML_WA_ASO') });
    expect(visibleSubSteps(input).find((step) => step.id === 'other-contract-details')?.subSteps).toEqual([
      { id: 'confirm-policy-anniversary', label: 'Confirm policy anniversary' },
    ]);
  });

  it('given a healthcare-professionals client with LTD, then malpractice reimbursements are asked', () => {
    const input = client({
      healthcareProfessionalsSegment: true,
      policies: coverages('Long Term Disability', 'Short Term Disability'),
      plans: plans('LONG_TERM_DISABILITY', 'SHORT_TERM_DISABILITY'),
    });
    expect(
      visibleSubSteps(input)
        .find((step) => step.id === 'plan-administrators-&-billing')
        ?.subSteps.map((s) => s.id),
    ).toEqual(EIF_STEPS['plan-administrators-&-billing']);
    expect(subStepIds(input)).toContain('malpractice-reimbursements');
    expect(subStepIds(input)).toContain('class-builder');
    expect(subStepIds(input)).not.toContain('fli-preferences');
    expect(subStepIds(input)).not.toContain('non-class-benefits-preferences');
    expect(subStepIds(input)).not.toContain('termination-of-insurance');
  });
});
