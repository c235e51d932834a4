import { oneOf } from '../one-of.ts';

/**
 * The Benefits Explorer catalogues (spec explorer §9, onboarding §9). Plain data, shared by the server
 * rules and the web forms. Where the spec says "not shown", the choice made here is marked `Spec silent`.
 */

export const EXPLORER_LANGUAGES = ['en', 'es'] as const;
export type ExplorerLanguage = (typeof EXPLORER_LANGUAGES)[number];
export const DEFAULT_EXPLORER_LANGUAGE: ExplorerLanguage = 'en';
export const isExplorerLanguage = oneOf(EXPLORER_LANGUAGES);

/** explorer §9: carrier 1 is the provider's own carrier (special naming, extra required fields). */
export const PROVIDER_CARRIER_ID = 1;

/** explorer §5 and §9: lead-form text inputs and e-mail addresses. */
export const EXPLORER_TEXT_MAX_LENGTH = 191;

// ---------------------------------------------------------------------------------------------------
// Benefit types

export const BENEFIT_TYPES = [
  'MEDICAL',
  'DENTAL',
  'VISION',
  'ACCIDENT',
  'HOSPITAL_INDEMNITY',
  'LIFE',
  'CRITICAL_ILLNESS',
  'CANCER',
  'FINANCIAL',
  'SHORT_TERM_DISABILITY',
  'LONG_TERM_DISABILITY',
  'GAP',
  'OTHER',
] as const;
export type BenefitType = (typeof BENEFIT_TYPES)[number];
export const isBenefitType = oneOf(BENEFIT_TYPES);

/**
 * Display labels. The spec fixes only OTHER ('Additional Benefits') and FINANCIAL ('Financial
 * Products'); the others are the spec's own names (§1) in title case.
 * Spanish: the spec gives none; these are the public site's own translations (chosen), shared so the
 * page and the e-mailed list name a benefit type alike.
 */
export const BENEFIT_TYPE_LABELS: Record<BenefitType, { en: string; es: string | null }> = {
  MEDICAL: { en: 'Medical', es: 'Médico' },
  DENTAL: { en: 'Dental', es: 'Dental' },
  VISION: { en: 'Vision', es: 'Visión' },
  ACCIDENT: { en: 'Accident', es: 'Accidentes' },
  HOSPITAL_INDEMNITY: { en: 'Hospital Indemnity', es: 'Indemnización hospitalaria' },
  LIFE: { en: 'Life', es: 'Vida' },
  CRITICAL_ILLNESS: { en: 'Critical Illness', es: 'Enfermedades graves' },
  CANCER: { en: 'Cancer', es: 'Cáncer' },
  FINANCIAL: { en: 'Financial Products', es: 'Productos financieros' },
  SHORT_TERM_DISABILITY: { en: 'Short-Term Disability', es: 'Discapacidad a corto plazo' },
  LONG_TERM_DISABILITY: { en: 'Long-Term Disability', es: 'Discapacidad a largo plazo' },
  GAP: { en: 'Gap', es: 'Cobertura complementaria' },
  OTHER: { en: 'Additional Benefits', es: 'Beneficios adicionales' },
};

/** explorer §2: gap and critical illness are called Specified Disease in these states. */
export const SPECIFIED_DISEASE_STATES = ['CA', 'NY', 'CT'] as const;
export const SPECIFIED_DISEASE_LABEL = { en: 'Specified Disease', es: 'Enfermedades específicas' } as const;

/**
 * The fixed section order (explorer §2, onboarding §9: "dental, vision, disabilities, life, and so on").
 * Spec silent after life: the provider's remaining voluntary products follow, then medical and
 * financial (which the provider does not underwrite), and Additional Benefits last.
 */
export const BENEFIT_TYPE_SORT_ORDER: readonly BenefitType[] = [
  'DENTAL',
  'VISION',
  'SHORT_TERM_DISABILITY',
  'LONG_TERM_DISABILITY',
  'LIFE',
  'ACCIDENT',
  'CRITICAL_ILLNESS',
  'HOSPITAL_INDEMNITY',
  'CANCER',
  'GAP',
  'MEDICAL',
  'FINANCIAL',
  'OTHER',
];

// ---------------------------------------------------------------------------------------------------
// Plan types

export const PLAN_TYPES = [
  'HMO',
  'EPO',
  'POS',
  'PPO',
  'MEC',
  'OAP',
  'DHMO',
  'EMPLOYER_PAID',
  'VOLUNTARY',
  'BASIC_LIFE',
  'VOLUNTARY_LIFE',
  'STANDALONE_ADD',
  'HSA',
  'HRA',
  'FSA',
  'LPFSA',
  'EAP',
  'DCA',
  'PFML_FMLA_LEAVE',
  'COMMUTER_TRANSIT',
  'DISCOUNT_PROGRAM',
  'FITNESS_PROGRAM',
  'HEALTH_AND_WELLNESS',
  'IDENTITY_PROTECTION',
  'LEGAL_SERVICES',
  'PET_INSURANCE',
  'RETIREMENT',
  'TELEHEALTH',
  'TRAVEL_INSURANCE',
  'OTHER',
  'ASO_PPO',
  'INDEMNITY',
] as const;
export type PlanType = (typeof PLAN_TYPES)[number];

/** explorer §9: the "wellness group" allowed under Additional Benefits. */
export const WELLNESS_PLAN_TYPES: readonly PlanType[] = [
  'EAP',
  'DISCOUNT_PROGRAM',
  'FITNESS_PROGRAM',
  'HEALTH_AND_WELLNESS',
  'IDENTITY_PROTECTION',
  'LEGAL_SERVICES',
  'PET_INSURANCE',
  'RETIREMENT',
  'TELEHEALTH',
  'TRAVEL_INSURANCE',
  'COMMUTER_TRANSIT',
  'PFML_FMLA_LEAVE',
  'OTHER',
];

// Spec silent for vision, accident, hospital indemnity, cancer, critical illness and gap: they are
// offered as employer-paid or voluntary, like the disabilities.
const FUNDING_PLAN_TYPES: readonly PlanType[] = ['EMPLOYER_PAID', 'VOLUNTARY'];

export const ALLOWED_PLAN_TYPES: Record<BenefitType, readonly PlanType[]> = {
  MEDICAL: ['HMO', 'EPO', 'POS', 'PPO', 'MEC', 'OAP'],
  DENTAL: ['PPO', 'DHMO', 'ASO_PPO', 'INDEMNITY'],
  VISION: FUNDING_PLAN_TYPES,
  ACCIDENT: FUNDING_PLAN_TYPES,
  HOSPITAL_INDEMNITY: FUNDING_PLAN_TYPES,
  LIFE: ['BASIC_LIFE', 'VOLUNTARY_LIFE', 'STANDALONE_ADD'],
  CRITICAL_ILLNESS: FUNDING_PLAN_TYPES,
  CANCER: FUNDING_PLAN_TYPES,
  FINANCIAL: ['HSA', 'HRA', 'FSA', 'LPFSA', 'DCA'],
  SHORT_TERM_DISABILITY: FUNDING_PLAN_TYPES,
  LONG_TERM_DISABILITY: FUNDING_PLAN_TYPES,
  GAP: FUNDING_PLAN_TYPES,
  OTHER: WELLNESS_PLAN_TYPES,
};

// ---------------------------------------------------------------------------------------------------
// Benefit levels and content flags

export const BENEFIT_LEVELS = ['BUY_UP', 'LOW_HIGH', 'LEVEL_1_LEVEL_2'] as const;
export type BenefitLevel = (typeof BENEFIT_LEVELS)[number];

/** A benefit type not listed takes no benefit level. */
export const ALLOWED_BENEFIT_LEVELS: Record<BenefitType, readonly BenefitLevel[]> = {
  MEDICAL: [],
  DENTAL: ['LOW_HIGH'],
  VISION: [],
  ACCIDENT: ['LOW_HIGH'],
  HOSPITAL_INDEMNITY: ['LOW_HIGH'],
  LIFE: ['BUY_UP'],
  CRITICAL_ILLNESS: [],
  CANCER: ['LEVEL_1_LEVEL_2'],
  FINANCIAL: [],
  SHORT_TERM_DISABILITY: ['BUY_UP'],
  LONG_TERM_DISABILITY: ['BUY_UP'],
  GAP: [],
  OTHER: [],
};

/**
 * Life and critical-illness flags are spelled as the spec spells them; the medical ones ("HDHP, HSA
 * compatible, HRA") are given as words, so their codes are chosen here.
 */
export const CONTENT_FLAGS = [
  'HDHP',
  'HSA_COMPATIBLE',
  'HRA',
  'AD&D',
  'VAS_1',
  'VAS_2',
  'Self_Care+',
  'Health_Navigator_Helpline',
  'Self_Care_From_AbleTo',
] as const;
export type ContentFlag = (typeof CONTENT_FLAGS)[number];

export const ALLOWED_CONTENT_FLAGS: Record<BenefitType, readonly ContentFlag[]> = {
  MEDICAL: ['HDHP', 'HSA_COMPATIBLE', 'HRA'],
  DENTAL: [],
  VISION: [],
  ACCIDENT: ['VAS_1'],
  HOSPITAL_INDEMNITY: [],
  LIFE: ['AD&D', 'VAS_1', 'VAS_2', 'Self_Care+'],
  CRITICAL_ILLNESS: ['Health_Navigator_Helpline', 'Self_Care_From_AbleTo'],
  CANCER: [],
  FINANCIAL: [],
  SHORT_TERM_DISABILITY: [],
  LONG_TERM_DISABILITY: [],
  GAP: [],
  OTHER: [],
};

/** explorer §5: critical illness takes at most one value-added service. */
export const CRITICAL_ILLNESS_MAX_CONTENT_FLAGS = 1;

// ---------------------------------------------------------------------------------------------------
// Other enumerations

export const DENTAL_YEAR_TYPES = ['PLAN', 'CALENDAR'] as const;
export type DentalYearType = (typeof DENTAL_YEAR_TYPES)[number];

export const MEDICAL_PRICE_TIERS = ['$', '$$', '$$$'] as const;
export type MedicalPriceTier = (typeof MEDICAL_PRICE_TIERS)[number];
export const isMedicalPriceTier = oneOf(MEDICAL_PRICE_TIERS);

export const ANSWERS = ['YES', 'NO', 'NOT_APPLICABLE'] as const;
export type Answer = (typeof ANSWERS)[number];

export const ORTHODONTIC_SERVICES = ['Adults', 'Children', 'Both'] as const;
export type OrthodonticServices = (typeof ORTHODONTIC_SERVICES)[number];

export const MEDICAL_VIDEO_OPTIONS = ['NO_VIDEO', 'ENGLISH_VIDEO', 'ENGLISH_AND_SPANISH_VIDEO'] as const;
export type MedicalVideoOption = (typeof MEDICAL_VIDEO_OPTIONS)[number];

export const DEMO_ENROLLMENT_STATUSES = ['pre', 'active', 'post'] as const;
export type DemoEnrollmentStatus = (typeof DEMO_ENROLLMENT_STATUSES)[number];

export const EXTERNAL_USER_TYPES = ['employer', 'broker'] as const;
export type ExternalUserType = (typeof EXTERNAL_USER_TYPES)[number];

// ---------------------------------------------------------------------------------------------------
// Dental networks and availability

/**
 * explorer §9. Codes are not unique (29 is both the DHMO series and the Florida prepaid series), so a
 * plan's prepaidDentalNetwork holds the key, not the code. The keys are chosen here.
 */
export const DENTAL_NETWORKS = [
  { key: 'PROVIDER_FOCUS_PPO', name: 'Provider Focus dental network PPO', code: 46 },
  { key: 'PROVIDER_PPO', name: 'Provider dental network PPO', code: 47 },
  { key: 'HERITAGE', name: 'Heritage', code: 23 },
  { key: 'DHMO_SERIES', name: 'DHMO dental series', code: 29 },
  { key: 'CALIFORNIA_UDC_PREPAID', name: 'California UDC prepaid', code: 28 },
  { key: 'LEGEND', name: 'Legend', code: 24 },
  { key: 'UNITED_DENTAL_CARE', name: 'United Dental Care', code: 27 },
  { key: 'FLORIDA_PREPAID_SERIES', name: 'Prepaid dental series, Florida only', code: 29, onlyState: 'FL' },
  { key: 'GEORGIA_PREPAID', name: 'Georgia prepaid', code: 26 },
] as const;
export type DentalNetworkKey = (typeof DENTAL_NETWORKS)[number]['key'];
export const isDentalNetworkKey = (value: unknown): value is DentalNetworkKey =>
  DENTAL_NETWORKS.some((n) => n.key === value);

/** explorer §5 General: the 50 states plus DC. */
// prettier-ignore
export const US_STATE_CODES = [
  'AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS',
  'KY', 'LA', 'ME', 'MD', 'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC',
  'ND', 'OH', 'OK', 'OR', 'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY',
] as const;
export type UsStateCode = (typeof US_STATE_CODES)[number];
export const isUsStateCode = oneOf(US_STATE_CODES);

/** States excluded per dental plan type (explorer §9 "Dental state availability"). */
export const DENTAL_EXCLUDED_STATES: Partial<Record<PlanType, readonly UsStateCode[]>> = {
  PPO: ['MT'],
  ASO_PPO: ['MT'],
  INDEMNITY: ['MT', 'RI'],
};

/**
 * Whether a dental plan type may be offered in a state. The spec lists 24 DHMO states without showing
 * them; a DHMO is a prepaid plan bound to its situs, so here it is available only in its
 * prepaidSitusState (Spec silent: chosen in place of the hidden list).
 */
export function isDentalPlanAvailableInState(
  planType: PlanType,
  state: string,
  prepaidSitusState?: string | null,
): boolean {
  if (!isUsStateCode(state)) return false;
  if (planType === 'DHMO') return prepaidSitusState === state;
  const excluded = DENTAL_EXCLUDED_STATES[planType];
  if (excluded === undefined) return false; // not a dental plan type
  return !excluded.includes(state);
}

// ---------------------------------------------------------------------------------------------------
// Sales territories

/**
 * onboarding §9: "a list of 17 sales territories (regions)". The spec gives the count, not the names;
 * these regional names are chosen here and are the one place to correct them.
 */
export const SALES_TERRITORIES = [
  'New England',
  'New York Metro',
  'Mid-Atlantic',
  'Southeast',
  'Florida',
  'Ohio Valley',
  'Great Lakes',
  'Upper Midwest',
  'Central Plains',
  'South Central',
  'Texas',
  'Mountain',
  'Southwest',
  'Northern California',
  'Southern California',
  'Pacific Northwest',
  'National Accounts',
] as const;
export type SalesTerritory = (typeof SALES_TERRITORIES)[number];
export const isSalesTerritory = oneOf(SALES_TERRITORIES);

// ---------------------------------------------------------------------------------------------------
// Dates and limits

/** explorer §9 / onboarding §9: plan comparison opens per category on these calendar days. */
export const COMPARISON_LAUNCH_DATES: Partial<Record<BenefitType, string>> = {
  MEDICAL: '2024-09-15',
  FINANCIAL: '2024-09-15',
  DENTAL: '2024-05-30',
  VISION: '2024-05-30',
};

/** onboarding §9: 20 Nov to 31 Jan, wrapping the year end. Months are 1-based. */
export const OPEN_ENROLLMENT_SEASON = { start: { month: 11, day: 20 }, end: { month: 1, day: 31 } } as const;

/** onboarding §9 / explorer §2: summary documents per benefit type. */
export const SUMMARY_DOCUMENTS_PER_BENEFIT_TYPE = 15;

/** platform §9 support chat departments. */
export const CHAT_DEPARTMENTS = { live: 'Benefits Explorer Live', demo: 'Benefits Explorer Demo' } as const;
export type ChatDepartment = (typeof CHAT_DEPARTMENTS)[keyof typeof CHAT_DEPARTMENTS];
