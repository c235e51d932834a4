import { describe, expect, it } from 'vitest';
import { itAnswers } from '../testing/examples.ts';
import { validateExplorerPlan } from './plan-rules.ts';
import type { ExplorerPlanInput } from './plan-rules.ts';
import {
  SAMPLE_DENTAL_PLAN,
  SAMPLE_LIFE_PLAN,
  SAMPLE_MEDICAL_PLAN,
  SAMPLE_VISION_PLAN,
} from '../testing/explorer-plans.ts';

const REQUIRED = 'Please provide a response.';

const life: ExplorerPlanInput = SAMPLE_LIFE_PLAN;

const medical: ExplorerPlanInput = SAMPLE_MEDICAL_PLAN;

const dental: ExplorerPlanInput = SAMPLE_DENTAL_PLAN;

const vision: ExplorerPlanInput = SAMPLE_VISION_PLAN;

const fsa: ExplorerPlanInput = {
  carrierId: 9,
  benefitType: 'FINANCIAL',
  planType: 'FSA',
  planName: 'Health FSA',
  legalEntity: 'Admin Co.',
};

describe('validateExplorerPlan (explorer §5 Plan)', () => {
  it('accepts complete plans of each compared type', () => {
    for (const plan of [life, medical, dental, vision, fsa]) expect(validateExplorerPlan(plan)).toEqual({});
  });

  itAnswers(validateExplorerPlan, {
    'requires a carrier id greater than 0': [
      [[{ ...life, carrierId: 0 }], { carrierId: 'Carrier is required.' }],
      [[{ ...life, carrierId: null }], { carrierId: 'Carrier is required.' }],
    ],
    'requires a plan name': [[[{ ...life, planName: '' }], { planName: 'Plan Name is required.' }]],
  });

  it('requires the legal entity unless the carrier is the provider (1)', () => {
    expect(validateExplorerPlan({ ...life, legalEntity: null })).toEqual({
      legalEntity: 'Underwriter/Administrator is required',
    });
    expect(validateExplorerPlan({ ...life, carrierId: 1, legalEntity: null })).toEqual({});
  });

  it('requires a known benefit type', () => {
    expect(validateExplorerPlan({ ...life, benefitType: 'PET' })).toEqual({
      benefitType: 'Benefit type is required.',
    });
  });

  itAnswers(validateExplorerPlan, {
    'allows only the plan types of the benefit type': [
      [[{ ...life, planType: 'PPO' }], { planType: 'Invalid plan type.' }],
      [[{ ...life, planType: null }], { planType: 'Invalid plan type.' }],
      [[{ ...life, benefitType: 'OTHER', planType: 'PET_INSURANCE' }], {}],
    ],
  });

  it('allows only the benefit levels of the benefit type', () => {
    expect(validateExplorerPlan({ ...life, benefitLevel: 'BUY_UP' })).toEqual({});
    expect(validateExplorerPlan({ ...life, benefitLevel: 'LOW_HIGH' })).toEqual({
      benefitLevel: 'Invalid benefit level.',
    });
    expect(validateExplorerPlan({ ...medical, benefitLevel: 'BUY_UP' })).toEqual({
      benefitLevel: 'Invalid benefit level.',
    });
  });

  it('allows only the content flags of the benefit type', () => {
    expect(validateExplorerPlan({ ...life, contentFlags: ['AD&D', 'Self_Care+'] })).toEqual({});
    expect(validateExplorerPlan({ ...life, contentFlags: ['HDHP'] })).toEqual({
      contentFlags: 'Invalid content flags.',
    });
    expect(validateExplorerPlan({ ...medical, contentFlags: ['HDHP', 'HSA_COMPATIBLE'] })).toEqual({});
  });

  it('allows critical illness one value-added service at most', () => {
    const ci: ExplorerPlanInput = { ...life, benefitType: 'CRITICAL_ILLNESS', planType: 'VOLUNTARY' };
    expect(validateExplorerPlan({ ...ci, contentFlags: ['Self_Care_From_AbleTo'] })).toEqual({});
    expect(
      validateExplorerPlan({ ...ci, contentFlags: ['Health_Navigator_Helpline', 'Self_Care_From_AbleTo'] }),
    ).toEqual({
      contentFlags:
        'Critical Illness can include one value-added service. Please check the sold-case proposal for the correct selection.',
    });
    expect(validateExplorerPlan({ ...ci, contentFlags: ['VAS_1'] })).toEqual({
      contentFlags: 'Invalid content flags.',
    });
  });

  it('requires the prepaid situs state for a DHMO of carrier 1', () => {
    const dhmo: ExplorerPlanInput = {
      ...dental,
      planType: 'DHMO',
      prepaidDentalNetwork: 'FLORIDA_PREPAID_SERIES',
    };
    expect(validateExplorerPlan(dhmo)).toEqual({ prepaidSitusState: 'State is required' });
    expect(validateExplorerPlan({ ...dhmo, prepaidSitusState: 'QQ' })).toEqual({
      prepaidSitusState: 'State not valid',
    });
    expect(validateExplorerPlan({ ...dhmo, prepaidSitusState: 'FL' })).toEqual({});
    expect(validateExplorerPlan({ ...dhmo, carrierId: 5, legalEntity: 'Other' })).toEqual({});
  });

  it('requires a known dental network for a dental plan of carrier 1', () => {
    expect(validateExplorerPlan({ ...dental, prepaidDentalNetwork: null })).toEqual({
      prepaidDentalNetwork: 'Dental network is required.',
    });
    expect(validateExplorerPlan({ ...dental, prepaidDentalNetwork: 'NOPE' })).toEqual({
      prepaidDentalNetwork: 'Invalid dental network.',
    });
    expect(
      validateExplorerPlan({ ...dental, carrierId: 3, legalEntity: 'X', prepaidDentalNetwork: null }),
    ).toEqual({});
  });

  it('requires the medical price tier', () => {
    expect(validateExplorerPlan({ ...medical, premium: null })).toEqual({
      premium: 'Please select a price tier.',
    });
    expect(validateExplorerPlan({ ...medical, premium: '$$$$' })).toEqual({
      premium: 'Please select a price tier.',
    });
    expect(validateExplorerPlan({ ...medical, outOfPocketCosts: 'cheap' })).toEqual({
      outOfPocketCosts: 'Please select a price tier.',
    });
  });

  it('requires each medical limit unless it is marked not applicable', () => {
    const plan = { ...medical, medicalPlanYearDeductibleFamilyOutOfNetwork: null };
    expect(validateExplorerPlan(plan)).toEqual({ medicalPlanYearDeductibleFamilyOutOfNetwork: REQUIRED });
    expect(
      validateExplorerPlan({ ...plan, medicalPlanYearDeductibleFamilyOutOfNetworkNotApplicable: true }),
    ).toEqual({});
  });

  it('requires the medical yes/no/not-applicable answers', () => {
    expect(validateExplorerPlan({ ...medical, medicalPcpCoordinationRequired: 'MAYBE' })).toEqual({
      medicalPcpCoordinationRequired: REQUIRED,
    });
  });

  it('requires the dental year type and coinsurance, out of network except for a DHMO', () => {
    expect(validateExplorerPlan({ ...dental, dentalYearType: 'FISCAL' })).toEqual({
      dentalYearType: REQUIRED,
    });
    expect(validateExplorerPlan({ ...dental, dentalMajorCoinsuranceOutOfNetwork: null })).toEqual({
      dentalMajorCoinsuranceOutOfNetwork: REQUIRED,
    });
    expect(
      validateExplorerPlan({
        ...dental,
        planType: 'DHMO',
        prepaidSitusState: 'CA',
        prepaidDentalNetwork: 'CALIFORNIA_UDC_PREPAID',
        dentalPreventiveCoinsuranceOutOfNetwork: null,
        dentalBasicCoinsuranceOutOfNetwork: null,
        dentalMajorCoinsuranceOutOfNetwork: null,
      }),
    ).toEqual({});
  });

  it('requires the orthodontic fields of the groups covered', () => {
    const needs = (fields: string[]) => Object.fromEntries(fields.map((f) => [f, REQUIRED]));
    const adult = ['dentalOrthodonticAdultPercentage', 'dentalOrthodonticAdultMaximum'];
    const child = ['dentalOrthodonticChildPercentage', 'dentalOrthodonticChildMaximum'];
    expect(validateExplorerPlan({ ...dental, dentalOrthodonticServices: 'Adults' })).toEqual(needs(adult));
    expect(validateExplorerPlan({ ...dental, dentalOrthodonticServices: 'Children' })).toEqual(needs(child));
    expect(validateExplorerPlan({ ...dental, dentalOrthodonticServices: 'Both' })).toEqual(
      needs([...adult, ...child]),
    );
    expect(validateExplorerPlan({ ...dental, dentalOrthodonticServices: 'Pets' })).toEqual({
      dentalOrthodonticServices: REQUIRED,
    });
    expect(
      validateExplorerPlan({
        ...dental,
        dentalOrthodonticServices: 'Children',
        dentalOrthodonticChildPercentage: 50,
        dentalOrthodonticChildMaximum: 1500,
      }),
    ).toEqual({});
  });

  it('requires the vision allowances in and out of network', () => {
    expect(validateExplorerPlan({ ...vision, visionFramesOutOfNetwork: undefined })).toEqual({
      visionFramesOutOfNetwork: REQUIRED,
    });
    expect(
      validateExplorerPlan({
        ...vision,
        visionFramesBiYearly: true,
        visionFramesOverPercentageInNetwork: 20,
      }),
    ).toEqual({});
  });

  it('refuses negative numbers', () => {
    expect(validateExplorerPlan({ ...medical, medicalPlanYearDeductibleIndividualInNetwork: -1 })).toEqual({
      medicalPlanYearDeductibleIndividualInNetwork: 'Please enter a value of 0 or more.',
    });
    expect(validateExplorerPlan({ ...life, wellnessAmount: -5 })).toEqual({
      wellnessAmount: 'Please enter a value of 0 or more.',
    });
    expect(validateExplorerPlan({ ...medical, medicalPlanYearDeductibleIndividualInNetwork: 0 })).toEqual({});
  });

  it('takes percentages from 0 to 100', () => {
    const message = 'Please enter a percentage from 0 to 100.';
    expect(validateExplorerPlan({ ...dental, dentalBasicCoinsuranceInNetwork: 101 })).toEqual({
      dentalBasicCoinsuranceInNetwork: message,
    });
    expect(validateExplorerPlan({ ...vision, visionFramesOverPercentageOutOfNetwork: -1 })).toEqual({
      visionFramesOverPercentageOutOfNetwork: message,
    });
    expect(validateExplorerPlan({ ...dental, dentalBasicCoinsuranceInNetwork: 0 })).toEqual({});
  });

  it('requires the FSA rollover amount and MM/DD date when rollover is on', () => {
    expect(validateExplorerPlan({ ...fsa, financialFSAMoneyRollover: false })).toEqual({});
    expect(validateExplorerPlan({ ...fsa, financialFSAMoneyRollover: true })).toEqual({
      financialFSAMoneyRolloverAmount: REQUIRED,
      financialFSAMoneyRolloverDate: REQUIRED,
    });
    const on = { ...fsa, financialFSAMoneyRollover: true, financialFSAMoneyRolloverAmount: 640 };
    expect(validateExplorerPlan({ ...on, financialFSAMoneyRolloverDate: '03/15' })).toEqual({});
    expect(validateExplorerPlan({ ...on, financialFSAMoneyRolloverDate: '2025-03-15' })).toEqual({
      financialFSAMoneyRolloverDate: 'Date needs to be in the format MM/DD',
    });
    expect(validateExplorerPlan({ ...on, financialFSAMoneyRolloverDate: '02/30' })).toEqual({
      financialFSAMoneyRolloverDate: 'Not a valid date',
    });
  });
});
