import type { ExplorerPlanInput } from '../explorer/plan-rules.ts';

/**
 * One valid plan of each kind the Explorer's rules test most (explorer §5): the tests of the plan rules,
 * the site decider and the Explorer's routes build their sites from these, each adding its own id.
 */
export const SAMPLE_LIFE_PLAN = {
  carrierId: 7,
  benefitType: 'LIFE',
  planType: 'BASIC_LIFE',
  planName: 'Basic Life',
  legalEntity: 'Other Insurer Co.',
} satisfies ExplorerPlanInput;

export const SAMPLE_MEDICAL_PLAN = {
  carrierId: 7,
  benefitType: 'MEDICAL',
  planType: 'PPO',
  planName: 'PPO 1000',
  legalEntity: 'Health Co.',
  premium: '$$',
  medicalPlanYearDeductibleIndividualInNetwork: 1000,
  medicalPlanYearDeductibleIndividualOutOfNetwork: 2000,
  medicalPlanYearDeductibleFamilyInNetwork: 2000,
  medicalPlanYearDeductibleFamilyOutOfNetwork: 4000,
  medicalPlanYearOutOfPocketMaxIndividualInNetwork: 5000,
  medicalPlanYearOutOfPocketMaxIndividualOutOfNetwork: 10000,
  medicalPlanYearOutOfPocketMaxFamilyInNetwork: 10000,
  medicalPlanYearOutOfPocketMaxFamilyOutOfNetwork: 20000,
  medicalOutOfNetworkBenefits: 'YES',
  medicalPcpCoordinationRequired: 'NO',
  medicalPcpSpecialtyCareReferralRequired: 'NOT_APPLICABLE',
} satisfies ExplorerPlanInput;

export const SAMPLE_DENTAL_PLAN = {
  carrierId: 1,
  benefitType: 'DENTAL',
  planType: 'PPO',
  planName: 'Dental PPO High',
  benefitLevel: 'LOW_HIGH',
  prepaidDentalNetwork: 'PROVIDER_PPO',
  dentalYearType: 'CALENDAR',
  dentalPreventiveCoinsuranceInNetwork: 100,
  dentalPreventiveCoinsuranceOutOfNetwork: 100,
  dentalBasicCoinsuranceInNetwork: 80,
  dentalBasicCoinsuranceOutOfNetwork: 80,
  dentalMajorCoinsuranceInNetwork: 50,
  dentalMajorCoinsuranceOutOfNetwork: 50,
} satisfies ExplorerPlanInput;

export const SAMPLE_VISION_PLAN = {
  carrierId: 1,
  benefitType: 'VISION',
  planType: 'VOLUNTARY',
  planName: 'Vision',
  visionExamInNetwork: 10,
  visionExamOutOfNetwork: 40,
  visionLensesInNetwork: 25,
  visionLensesOutOfNetwork: 30,
  visionFramesInNetwork: 150,
  visionFramesOutOfNetwork: 70,
  visionContactLensesInNetwork: 150,
  visionContactLensesOutOfNetwork: 105,
} satisfies ExplorerPlanInput;
