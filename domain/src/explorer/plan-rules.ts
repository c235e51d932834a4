import {
  ALLOWED_BENEFIT_LEVELS,
  ALLOWED_CONTENT_FLAGS,
  ALLOWED_PLAN_TYPES,
  ANSWERS,
  CRITICAL_ILLNESS_MAX_CONTENT_FLAGS,
  DENTAL_YEAR_TYPES,
  isBenefitType,
  isDentalNetworkKey,
  isMedicalPriceTier,
  ORTHODONTIC_SERVICES,
  PROVIDER_CARRIER_ID,
} from './catalogues.ts';
import type { BenefitType } from './catalogues.ts';
import { isBlank, stateMessage } from './common-rules.ts';
import type { FieldErrors } from './common-rules.ts';

// ---------------------------------------------------------------------------------------------------
// Comparison field names (explorer §3 Plan). The spec describes them in words; the names are chosen
// here, one per described value.

const NETWORKS = ['InNetwork', 'OutOfNetwork'] as const;

/** Medical: plan-year deductible and out-of-pocket maximum, individual and family, in and out of network. */
export const MEDICAL_LIMIT_FIELDS = (['PlanYearDeductible', 'PlanYearOutOfPocketMax'] as const).flatMap(
  (kind) =>
    (['Individual', 'Family'] as const).flatMap((who) =>
      NETWORKS.map((net) => `medical${kind}${who}${net}` as const),
    ),
);
export type MedicalLimitField = (typeof MEDICAL_LIMIT_FIELDS)[number];
/** Each limit has a not-applicable flag named `<field>NotApplicable`; when set the amount is not asked. */
export type MedicalLimitNotApplicableField = `${MedicalLimitField}NotApplicable`;
export const MEDICAL_ANSWER_FIELDS = [
  'medicalOutOfNetworkBenefits',
  'medicalPcpCoordinationRequired',
  'medicalPcpSpecialtyCareReferralRequired',
] as const;

/** Dental: three service types' coinsurance (preventive, basic, major), in and out of network. */
export const DENTAL_COINSURANCE_FIELDS = (['Preventive', 'Basic', 'Major'] as const).flatMap((service) =>
  NETWORKS.map((net) => `dental${service}Coinsurance${net}` as const),
);
export type DentalCoinsuranceField = (typeof DENTAL_COINSURANCE_FIELDS)[number];
const ORTHO_PARTS = ['Amount', 'Percentage', 'Maximum'] as const;
export const DENTAL_ORTHODONTIC_ADULT_FIELDS = ORTHO_PARTS.map((p) => `dentalOrthodonticAdult${p}` as const);
export const DENTAL_ORTHODONTIC_CHILD_FIELDS = ORTHO_PARTS.map((p) => `dentalOrthodonticChild${p}` as const);
type DentalOrthodonticField =
  (typeof DENTAL_ORTHODONTIC_ADULT_FIELDS)[number] | (typeof DENTAL_ORTHODONTIC_CHILD_FIELDS)[number];

/** Vision: exam, lenses, frames and contact lens allowances in and out of network. */
const VISION_ITEMS = ['Exam', 'Lenses', 'Frames', 'ContactLenses'] as const;
export const VISION_AMOUNT_FIELDS = VISION_ITEMS.flatMap((item) =>
  NETWORKS.map((net) => `vision${item}${net}` as const),
);
export type VisionAmountField = (typeof VISION_AMOUNT_FIELDS)[number];
export type VisionBiYearlyField = `vision${(typeof VISION_ITEMS)[number]}BiYearly`;
export const VISION_FRAMES_OVER_FIELDS = NETWORKS.map((net) => `visionFramesOverPercentage${net}` as const);

export type ExplorerPlanInput = {
  carrierId?: number | null;
  benefitType?: string | null;
  planType?: string | null;
  benefitLevel?: string | null;
  legalEntity?: string | null;
  planName?: string | null;
  contentFlags?: readonly string[] | null;
  prepaidSitusState?: string | null;
  prepaidDentalNetwork?: string | null;
  /** Medical price tier ($, $$, $$$). */
  premium?: string | null;
  /** Medical price tier ($, $$, $$$). */
  outOfPocketCosts?: string | null;
  wellnessAmount?: number | null;
  medicalOutOfNetworkBenefits?: string | null;
  medicalPcpCoordinationRequired?: string | null;
  medicalPcpSpecialtyCareReferralRequired?: string | null;
  medicalHealthSavingsAccountEmployerContribution?: number | null;
  dentalYearType?: string | null;
  dentalOrthodonticServices?: string | null;
  financialFSAMoneyRollover?: boolean | null;
  financialFSAMoneyRolloverAmount?: number | null;
  /** MM/DD, the day unspent money rolls over (spec silent on the format: onboarding §5's date-of-year). */
  financialFSAMoneyRolloverDate?: string | null;
} & Partial<Record<MedicalLimitField | DentalCoinsuranceField | DentalOrthodonticField, number | null>> &
  Partial<Record<VisionAmountField | (typeof VISION_FRAMES_OVER_FIELDS)[number], number | null>> &
  Partial<Record<MedicalLimitNotApplicableField | VisionBiYearlyField, boolean | null>>;
export type ExplorerPlanField = keyof ExplorerPlanInput;

/** explorer §5 Plan. Entries marked `chosen` are not worded by the spec. */
export const EXPLORER_PLAN_MESSAGES = {
  carrierRequired: 'Carrier is required.', // chosen
  benefitTypeRequired: 'Benefit type is required.', // chosen
  planNameRequired: 'Plan Name is required.',
  legalEntityRequired: 'Underwriter/Administrator is required',
  planTypeInvalid: 'Invalid plan type.', // chosen, worded like 'Invalid content flags.'
  benefitLevelInvalid: 'Invalid benefit level.', // chosen
  contentFlagsInvalid: 'Invalid content flags.',
  criticalIllnessContentFlags:
    'Critical Illness can include one value-added service. Please check the sold-case proposal for the correct selection.',
  dentalNetworkRequired: 'Dental network is required.', // chosen
  dentalNetworkInvalid: 'Invalid dental network.', // chosen
  priceTierRequired: 'Please select a price tier.', // chosen
  required: 'Please provide a response.', // chosen: the explorer's own generic wording (§5 medicalVideo)
  numberMin: 'Please enter a value of 0 or more.', // chosen
  percentage: 'Please enter a percentage from 0 to 100.', // chosen
  dateFormat: 'Date needs to be in the format MM/DD', // onboarding §5 date-of-year
  dateInvalid: 'Not a valid date', // onboarding §5 date-of-year
} as const;

const AMOUNT_FIELDS = [
  'wellnessAmount',
  'medicalHealthSavingsAccountEmployerContribution',
  'financialFSAMoneyRolloverAmount',
  ...MEDICAL_LIMIT_FIELDS,
  ...VISION_AMOUNT_FIELDS,
  'dentalOrthodonticAdultAmount',
  'dentalOrthodonticAdultMaximum',
  'dentalOrthodonticChildAmount',
  'dentalOrthodonticChildMaximum',
] as const satisfies readonly ExplorerPlanField[];

const PERCENTAGE_FIELDS = [
  ...DENTAL_COINSURANCE_FIELDS,
  'dentalOrthodonticAdultPercentage',
  'dentalOrthodonticChildPercentage',
  ...VISION_FRAMES_OVER_FIELDS,
] as const satisfies readonly ExplorerPlanField[];

const oneOf = (list: readonly string[], value: unknown): boolean =>
  typeof value === 'string' && list.includes(value);
const isMissingNumber = (value: unknown): boolean => typeof value !== 'number';

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]; // leap-year lengths, onboarding §5

function dateOfYearMessage(value: string): string | null {
  const match = /^(\d{2})\/(\d{2})$/.exec(value);
  if (match === null) return EXPLORER_PLAN_MESSAGES.dateFormat;
  const month = Number(match[1]);
  const day = Number(match[2]);
  const max = DAYS_IN_MONTH[month - 1];
  return max === undefined || day < 1 || day > max ? EXPLORER_PLAN_MESSAGES.dateInvalid : null;
}

export function validateExplorerPlan(input: ExplorerPlanInput): FieldErrors<ExplorerPlanField> {
  const m = EXPLORER_PLAN_MESSAGES;
  const errors: FieldErrors<ExplorerPlanField> = {};
  const require = (field: ExplorerPlanField, ok: boolean, message: string = m.required): void => {
    if (!ok && errors[field] === undefined) errors[field] = message;
  };

  const carrierId = input.carrierId;
  const isProviderCarrier = carrierId === PROVIDER_CARRIER_ID;
  require('carrierId', typeof carrierId === 'number' && carrierId > 0, m.carrierRequired);
  require('planName', !isBlank(input.planName), m.planNameRequired);
  require('legalEntity', isProviderCarrier || !isBlank(input.legalEntity), m.legalEntityRequired);

  // Numbers and percentages are checked wherever they are given, whatever the benefit type.
  for (const field of AMOUNT_FIELDS) {
    const value = input[field];
    if (typeof value === 'number' && !(Number.isFinite(value) && value >= 0)) errors[field] = m.numberMin;
  }
  for (const field of PERCENTAGE_FIELDS) {
    const value = input[field];
    if (typeof value === 'number' && !(Number.isFinite(value) && value >= 0 && value <= 100)) {
      errors[field] = m.percentage;
    }
  }

  const benefitType = input.benefitType;
  if (!isBenefitType(benefitType)) {
    errors.benefitType = m.benefitTypeRequired;
    return errors;
  }

  require('planType', oneOf(ALLOWED_PLAN_TYPES[benefitType], input.planType), m.planTypeInvalid);
  if (!isBlank(input.benefitLevel)) {
    require('benefitLevel', oneOf(
      ALLOWED_BENEFIT_LEVELS[benefitType],
      input.benefitLevel,
    ), m.benefitLevelInvalid);
  }

  const flags = [...new Set(input.contentFlags ?? [])];
  if (benefitType === 'CRITICAL_ILLNESS' && flags.length > CRITICAL_ILLNESS_MAX_CONTENT_FLAGS) {
    errors.contentFlags = m.criticalIllnessContentFlags;
  } else if (!flags.every((f) => oneOf(ALLOWED_CONTENT_FLAGS[benefitType], f))) {
    errors.contentFlags = m.contentFlagsInvalid;
  }

  if (isProviderCarrier && input.planType === 'DHMO') {
    const state = stateMessage(input.prepaidSitusState);
    if (state !== null) errors.prepaidSitusState = state;
  } else if (!isBlank(input.prepaidSitusState)) {
    const state = stateMessage(input.prepaidSitusState);
    if (state !== null) errors.prepaidSitusState = state;
  }
  if (!isBlank(input.prepaidDentalNetwork)) {
    require('prepaidDentalNetwork', isDentalNetworkKey(input.prepaidDentalNetwork), m.dentalNetworkInvalid);
  } else if (isProviderCarrier && benefitType === 'DENTAL') {
    errors.prepaidDentalNetwork = m.dentalNetworkRequired;
  }

  requireComparison(benefitType, input, require);
  return errors;
}

type Require = (field: ExplorerPlanField, ok: boolean, message?: string) => void;

/** explorer §5: "comparison fields are required according to the benefit type". */
function requireComparison(benefitType: BenefitType, input: ExplorerPlanInput, require: Require): void {
  const m = EXPLORER_PLAN_MESSAGES;
  switch (benefitType) {
    case 'MEDICAL': {
      // "Medical plans carry a price tier" (§2): the premium tier is required, the cost tier optional.
      require('premium', isMedicalPriceTier(input.premium), m.priceTierRequired);
      if (!isBlank(input.outOfPocketCosts))
        require('outOfPocketCosts', isMedicalPriceTier(input.outOfPocketCosts), m.priceTierRequired);
      for (const field of MEDICAL_LIMIT_FIELDS) {
        require(field, input[`${field}NotApplicable`] === true || !isMissingNumber(input[field]));
      }
      for (const field of MEDICAL_ANSWER_FIELDS) require(field, oneOf(ANSWERS, input[field]));
      return;
    }
    case 'DENTAL': {
      require('dentalYearType', oneOf(DENTAL_YEAR_TYPES, input.dentalYearType));
      for (const field of DENTAL_COINSURANCE_FIELDS) {
        // A DHMO pays nothing out of network, so only its in-network coinsurance is asked (chosen).
        if (input.planType === 'DHMO' && field.endsWith('OutOfNetwork')) continue;
        require(field, !isMissingNumber(input[field]));
      }
      const ortho = input.dentalOrthodonticServices;
      if (isBlank(ortho)) return; // no orthodontic cover: nothing more is asked
      require('dentalOrthodonticServices', oneOf(ORTHODONTIC_SERVICES, ortho));
      // The percentage and maximum describe the cover; the amount (a copay or deductible) is optional.
      if (ortho === 'Adults' || ortho === 'Both') {
        require('dentalOrthodonticAdultPercentage', !isMissingNumber(input.dentalOrthodonticAdultPercentage));
        require('dentalOrthodonticAdultMaximum', !isMissingNumber(input.dentalOrthodonticAdultMaximum));
      }
      if (ortho === 'Children' || ortho === 'Both') {
        require('dentalOrthodonticChildPercentage', !isMissingNumber(input.dentalOrthodonticChildPercentage));
        require('dentalOrthodonticChildMaximum', !isMissingNumber(input.dentalOrthodonticChildMaximum));
      }
      return;
    }
    case 'VISION':
      // Frames-over percentages and the bi-yearly flags are optional; the allowances are not.
      for (const field of VISION_AMOUNT_FIELDS) require(field, !isMissingNumber(input[field]));
      return;
    case 'FINANCIAL':
      if (input.financialFSAMoneyRollover === true) {
        require('financialFSAMoneyRolloverAmount', !isMissingNumber(input.financialFSAMoneyRolloverAmount));
        const date = input.financialFSAMoneyRolloverDate?.trim() ?? '';
        require('financialFSAMoneyRolloverDate', date !== '');
        if (date !== '') {
          const message = dateOfYearMessage(date);
          if (message !== null) require('financialFSAMoneyRolloverDate', false, message);
        }
      }
      return;
    case 'ACCIDENT':
    case 'HOSPITAL_INDEMNITY':
    case 'LIFE':
    case 'CRITICAL_ILLNESS':
    case 'CANCER':
    case 'SHORT_TERM_DISABILITY':
    case 'LONG_TERM_DISABILITY':
    case 'GAP':
    case 'OTHER':
      return; // no comparison fields (explorer §3)
    default: {
      const exhaustive: never = benefitType;
      return exhaustive;
    }
  }
}
