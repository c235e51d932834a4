import {
  DENTAL_COINSURANCE_FIELDS,
  DENTAL_ORTHODONTIC_ADULT_FIELDS,
  DENTAL_ORTHODONTIC_CHILD_FIELDS,
  MEDICAL_LIMIT_FIELDS,
  VISION_AMOUNT_FIELDS,
  VISION_FRAMES_OVER_FIELDS,
  validateExplorerPlan,
  validateExplorerSite,
  type ExplorerPlanInput,
} from '../../../../domain/src/explorer/index.ts';
import type { ExplorerPlanBody, ExplorerPlanValue, ExplorerSiteView } from './api.ts';

/** The site fields this form edits (explorer §3/§5), as the inputs hold them (text for numbers and dates). */
export type SiteDraft = {
  name: string;
  planYear: string;
  employerState: string;
  policies: string;
  vanitySlug: string;
  customBranding: boolean;
  customThemeBrandColor: string;
  customThemeContrastingColor: string;
  employeeCount: string;
  medicalVideo: string;
  medicalVideoEnglishTitle: string;
  medicalVideoSpanishTitle: string;
  medicalVideoDocumentId: string;
  language: string;
  startsAt: string;
  expiresAt: string;
};

export const emptySiteDraft = (): SiteDraft => ({
  name: '',
  planYear: '',
  employerState: '',
  policies: '',
  vanitySlug: '',
  customBranding: false,
  customThemeBrandColor: '',
  customThemeContrastingColor: '',
  employeeCount: '',
  medicalVideo: 'NO_VIDEO',
  medicalVideoEnglishTitle: '',
  medicalVideoSpanishTitle: '',
  medicalVideoDocumentId: '',
  language: 'en',
  startsAt: '',
  expiresAt: '',
});

/** Dates are picked as calendar days and stored as UTC midnight. */
export const dayOf = (iso: string | null | undefined) => (iso ? iso.slice(0, 10) : '');
export const isoOf = (day: string) => (day.trim() === '' ? null : `${day.trim()}T00:00:00.000Z`);
const textOf = (value: string | null | undefined) => value ?? '';
const nullIfBlank = (value: string) => (value.trim() === '' ? null : value.trim());

export function draftOfSite(site: ExplorerSiteView): SiteDraft {
  return {
    name: site.name,
    planYear: site.planYear,
    employerState: site.employerState,
    policies: site.policies.join(', '),
    vanitySlug: textOf(site.vanitySlug),
    customBranding: site.customBranding === true,
    customThemeBrandColor: textOf(site.customThemeBrandColor),
    customThemeContrastingColor: textOf(site.customThemeContrastingColor),
    employeeCount: site.employeeCount === null ? '' : String(site.employeeCount),
    medicalVideo: site.medicalVideo,
    medicalVideoEnglishTitle: textOf(site.medicalVideoEnglishTitle),
    medicalVideoSpanishTitle: textOf(site.medicalVideoSpanishTitle),
    medicalVideoDocumentId: textOf(site.medicalVideoDocumentId),
    language: site.language,
    startsAt: dayOf(site.startsAt),
    expiresAt: dayOf(site.expiresAt),
  };
}

const numberOrNull = (text: string): number | null => (text.trim() === '' ? null : Number(text.trim()));

/** The site attributes of the request body, from the draft. */
export function siteAttributes(draft: SiteDraft) {
  const hasVideo = draft.medicalVideo !== 'NO_VIDEO';
  return {
    name: draft.name.trim(),
    planYear: draft.planYear.trim(),
    employerState: draft.employerState,
    policies: draft.policies
      .split(/[,\n]/)
      .map((p) => p.trim())
      .filter(Boolean),
    vanitySlug: nullIfBlank(draft.vanitySlug),
    customBranding: draft.customBranding,
    customThemeBrandColor: draft.customBranding ? nullIfBlank(draft.customThemeBrandColor) : null,
    customThemeContrastingColor: draft.customBranding ? nullIfBlank(draft.customThemeContrastingColor) : null,
    employeeCount: numberOrNull(draft.employeeCount),
    medicalVideo: draft.medicalVideo,
    medicalVideoEnglishTitle: hasVideo ? nullIfBlank(draft.medicalVideoEnglishTitle) : null,
    medicalVideoSpanishTitle:
      draft.medicalVideo === 'ENGLISH_AND_SPANISH_VIDEO' ? nullIfBlank(draft.medicalVideoSpanishTitle) : null,
    medicalVideoDocumentId: hasVideo ? nullIfBlank(draft.medicalVideoDocumentId) : null,
    language: draft.language,
    startsAt: isoOf(draft.startsAt),
    expiresAt: isoOf(draft.expiresAt),
  };
}

export type Errors = Record<string, string>;

/** The domain's site rules (explorer §5), plus an end date after the start (chosen). */
export function siteErrors(draft: SiteDraft): Errors {
  const errors: Errors = {};
  for (const [field, message] of Object.entries(validateExplorerSite(siteAttributes(draft)))) {
    if (message) errors[field] = message;
  }
  if (draft.startsAt && draft.expiresAt && draft.expiresAt <= draft.startsAt) {
    errors.expiresAt = END_BEFORE_START;
  }
  return errors;
}
export const END_BEFORE_START = 'The end date must be after the start date.'; // chosen

// ---------------------------------------------------------------------------------------------------
// Plans

/** A plan as the editor holds it: numbers as typed text until the plan is saved. */
export type PlanDraft = Record<string, string | boolean | string[]>;

export const ORTHODONTIC_FIELDS = [...DENTAL_ORTHODONTIC_ADULT_FIELDS, ...DENTAL_ORTHODONTIC_CHILD_FIELDS];
const NUMBER_FIELDS = new Set<string>([
  'carrierId',
  'wellnessAmount',
  'medicalHealthSavingsAccountEmployerContribution',
  'financialFSAMoneyRolloverAmount',
  ...MEDICAL_LIMIT_FIELDS,
  ...DENTAL_COINSURANCE_FIELDS,
  ...ORTHODONTIC_FIELDS,
  ...VISION_AMOUNT_FIELDS,
  ...VISION_FRAMES_OVER_FIELDS,
]);

export function draftOfPlan(plan: ExplorerPlanBody): PlanDraft {
  const draft: PlanDraft = {};
  for (const [key, value] of Object.entries(plan)) {
    if (value === null) continue;
    draft[key] = typeof value === 'number' ? String(value) : value;
  }
  return draft;
}

export function planOfDraft(draft: PlanDraft): ExplorerPlanBody {
  const plan: Record<string, ExplorerPlanValue> = {};
  for (const [key, value] of Object.entries(draft)) {
    if (typeof value === 'string' && NUMBER_FIELDS.has(key)) plan[key] = numberOrNull(value);
    else if (typeof value === 'string') plan[key] = value.trim() === '' ? null : value.trim();
    else plan[key] = value;
  }
  return {
    ...plan,
    id: String(draft.id ?? ''),
    benefitType: String(draft.benefitType ?? ''),
    planName: String(plan.planName ?? ''),
  };
}

export function planErrors(draft: PlanDraft): Errors {
  const errors: Errors = {};
  const input = planOfDraft(draft) as unknown as ExplorerPlanInput;
  for (const [field, message] of Object.entries(validateExplorerPlan(input))) {
    if (message) errors[field] = message;
  }
  return errors;
}

/** Server field errors `benefits.<n>.<field>` grouped per plan index; the rest stay site errors. */
export function splitServerErrors(fields: Errors): { site: Errors; plans: Record<number, Errors> } {
  const site: Errors = {};
  const plans: Record<number, Errors> = {};
  for (const [key, message] of Object.entries(fields)) {
    const match = /^benefits\.(\d+)\.(.+)$/.exec(key);
    if (match) (plans[Number(match[1])] ??= {})[match[2]!] = message;
    else site[key] = message;
  }
  return { site, plans };
}

// ---------------------------------------------------------------------------------------------------
// Labels

const NETWORK_LABEL = (field: string) => (field.endsWith('OutOfNetwork') ? 'out of network' : 'in network');

export function medicalLimitLabel(field: string): string {
  const kind = field.includes('Deductible') ? 'Deductible' : 'Out-of-pocket max';
  const who = field.includes('Individual') ? 'individual' : 'family';
  return `${kind}, ${who}, ${NETWORK_LABEL(field)}`;
}

export function dentalCoinsuranceLabel(field: string): string {
  const service = /dental(Preventive|Basic|Major)/.exec(field)?.[1] ?? '';
  return `${service} coinsurance %, ${NETWORK_LABEL(field)}`;
}

export function orthodonticLabel(field: string): string {
  const who = field.includes('Adult') ? 'Adult' : 'Child';
  const part = field.endsWith('Percentage')
    ? 'percentage %'
    : field.endsWith('Maximum')
      ? 'maximum'
      : 'amount';
  return `${who} orthodontic ${part}`;
}

export function visionLabel(field: string): string {
  const item = /vision(Exam|Lenses|Frames|ContactLenses)/.exec(field)?.[1] ?? '';
  const name = item === 'ContactLenses' ? 'Contact lenses' : item;
  return `${name}, ${NETWORK_LABEL(field)}`;
}

export const visionBiYearlyField = (item: string) => `vision${item}BiYearly`;

const ACRONYMS = new Set([
  'HMO',
  'EPO',
  'POS',
  'PPO',
  'MEC',
  'OAP',
  'DHMO',
  'HSA',
  'HRA',
  'FSA',
  'LPFSA',
  'EAP',
  'DCA',
]);

/** Enum codes as words: 'VOLUNTARY_LIFE' → 'Voluntary life'; acronyms stay as they are. */
export function codeLabel(code: string): string {
  if (ACRONYMS.has(code)) return code;
  const words = code.replace(/_/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const PLAN_TYPE_LABELS: Record<string, string> = {
  ASO_PPO: 'ASO PPO',
  STANDALONE_ADD: 'Standalone AD&D',
  PFML_FMLA_LEAVE: 'PFML / FMLA leave',
  EMPLOYER_PAID: 'Employer paid',
};
export const planTypeLabel = (code: string) => PLAN_TYPE_LABELS[code] ?? codeLabel(code);
