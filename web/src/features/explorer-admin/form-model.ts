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
} from '@onboard/domain/web';
import type { ExplorerPlanBody, ExplorerPlanValue, ExplorerSiteView } from './api.ts';
import type { Errors } from '../../ui/field-binding.ts';

/** One benefit type's highlighter (explorer §3 benefitTypeMetadata), as the inputs hold it. */
export type HighlightDraft = {
  highlighterText: string;
  spanishHighlighterText: string;
  highlighterOrder: string;
};

/**
 * Every editable site attribute of explorer §3 (what the API's ExplorerSiteAttributes takes), as the inputs
 * hold them: text for numbers and dates, false for a flag never set.
 */
export type SiteDraft = {
  name: string;
  customClientName: string;
  planYear: string;
  employerState: string;
  policies: string;
  vanitySlug: string;
  language: string;
  territory: string;
  employeeCount: string;
  hasEmployeesInNY: boolean;
  associationId: string;
  startsAt: string;
  expiresAt: string;
  maintenanceMode: boolean;
  kioskMode: boolean;
  openEnrollmentStart: string;
  openEnrollmentEnd: string;
  benAdminPlatformId: string;
  benAdminPlatformUrl: string;
  enableContactUsAppointment: boolean;
  customCalendlyLink: string;
  enableContactUsEmail: boolean;
  enableContactUsLiveChat: boolean;
  notificationLink: string;
  customBranding: boolean;
  customThemeBrandColor: string;
  customThemeContrastingColor: string;
  logoDocumentId: string;
  hideProviderLogo: boolean;
  administratorName: string;
  administratorWebsiteUrl: string;
  administratorPrivacyUrl: string;
  showBenefitCount: boolean;
  showLegacyDentalPlanTable: boolean;
  showLegacyVisionPlanTable: boolean;
  benefitTypeMetadata: Record<string, HighlightDraft>;
  medicalVideo: string;
  medicalVideoEnglishTitle: string;
  medicalVideoSpanishTitle: string;
  medicalVideoDocumentId: string;
  vidyardId: string;
  vidyardUploadId: string;
};

export const emptySiteDraft = (): SiteDraft => ({
  name: '',
  customClientName: '',
  planYear: '',
  employerState: '',
  policies: '',
  vanitySlug: '',
  language: 'en',
  territory: '',
  employeeCount: '',
  hasEmployeesInNY: false,
  associationId: '',
  startsAt: '',
  expiresAt: '',
  maintenanceMode: false,
  kioskMode: false,
  openEnrollmentStart: '',
  openEnrollmentEnd: '',
  benAdminPlatformId: '',
  benAdminPlatformUrl: '',
  enableContactUsAppointment: false,
  customCalendlyLink: '',
  enableContactUsEmail: false,
  enableContactUsLiveChat: false,
  notificationLink: '',
  customBranding: false,
  customThemeBrandColor: '',
  customThemeContrastingColor: '',
  logoDocumentId: '',
  hideProviderLogo: false,
  administratorName: '',
  administratorWebsiteUrl: '',
  administratorPrivacyUrl: '',
  showBenefitCount: false,
  showLegacyDentalPlanTable: false,
  showLegacyVisionPlanTable: false,
  benefitTypeMetadata: {},
  medicalVideo: 'NO_VIDEO',
  medicalVideoEnglishTitle: '',
  medicalVideoSpanishTitle: '',
  medicalVideoDocumentId: '',
  vidyardId: '',
  vidyardUploadId: '',
});

export const emptyHighlight = (): HighlightDraft => ({
  highlighterText: '',
  spanishHighlighterText: '',
  highlighterOrder: '',
});

/** Dates are picked as calendar days; the site's start and end are stored as that day's UTC midnight. */
const dayOf = (iso: string | null | undefined) => (iso ? iso.slice(0, 10) : '');
export const isoOf = (day: string) => (day.trim() === '' ? null : `${day.trim()}T00:00:00.000Z`);
/**
 * Open enrollment is compared on the visitor's own calendar (domain enrollmentStatus), so it stays a plain
 * day: an instant at UTC midnight would be the day before for a visitor west of Greenwich.
 */
const plainDayOf = (day: string) => (day.trim() === '' ? null : day.trim());
const textOf = (value: string | null | undefined) => value ?? '';
const nullIfBlank = (value: string) => (value.trim() === '' ? null : value.trim());
const numberOrNull = (text: string): number | null => (text.trim() === '' ? null : Number(text.trim()));

function highlightsOfSite(metadata: ExplorerSiteView['benefitTypeMetadata']): Record<string, HighlightDraft> {
  const drafts: Record<string, HighlightDraft> = {};
  for (const [benefitType, meta] of Object.entries(metadata ?? {})) {
    drafts[benefitType] = {
      highlighterText: textOf(meta.highlighterText),
      spanishHighlighterText: textOf(meta.spanishHighlighterText),
      highlighterOrder: meta.highlighterOrder === null ? '' : String(meta.highlighterOrder),
    };
  }
  return drafts;
}

export function draftOfSite(site: ExplorerSiteView): SiteDraft {
  const empty = emptySiteDraft();
  const draft = { ...empty };
  // Text and flags map one to one; the rest is converted below.
  for (const key of Object.keys(empty) as (keyof SiteDraft)[]) {
    const value = site[key];
    if (typeof empty[key] === 'string' && typeof value === 'string') (draft[key] as string) = value;
    if (typeof empty[key] === 'boolean') (draft[key] as boolean) = value === true;
  }
  return {
    ...draft,
    policies: site.policies.join(', '),
    employeeCount: site.employeeCount === null ? '' : String(site.employeeCount),
    startsAt: dayOf(site.startsAt),
    expiresAt: dayOf(site.expiresAt),
    openEnrollmentStart: dayOf(site.openEnrollmentStart),
    openEnrollmentEnd: dayOf(site.openEnrollmentEnd),
    benefitTypeMetadata: highlightsOfSite(site.benefitTypeMetadata),
  };
}

/** The highlighters worth keeping: a benefit type with neither text nor order is left out. */
function highlightsOfDraft(drafts: Record<string, HighlightDraft>) {
  const metadata: Record<
    string,
    { highlighterText: string | null; spanishHighlighterText: string | null; highlighterOrder: number | null }
  > = {};
  for (const [benefitType, draft] of Object.entries(drafts)) {
    const entry = {
      highlighterText: nullIfBlank(draft.highlighterText),
      spanishHighlighterText: nullIfBlank(draft.spanishHighlighterText),
      highlighterOrder: numberOrNull(draft.highlighterOrder),
    };
    if (Object.values(entry).some((v) => v !== null)) metadata[benefitType] = entry;
  }
  return metadata;
}

/** The site attributes of the request body, from the draft. */
export function siteAttributes(draft: SiteDraft) {
  const hasVideo = draft.medicalVideo !== 'NO_VIDEO';
  return {
    name: draft.name.trim(),
    customClientName: nullIfBlank(draft.customClientName),
    planYear: draft.planYear.trim(),
    employerState: draft.employerState,
    policies: draft.policies
      .split(/[,\n]/)
      .map((p) => p.trim())
      .filter(Boolean),
    vanitySlug: nullIfBlank(draft.vanitySlug),
    language: draft.language,
    territory: nullIfBlank(draft.territory),
    employeeCount: numberOrNull(draft.employeeCount),
    hasEmployeesInNY: draft.hasEmployeesInNY,
    associationId: nullIfBlank(draft.associationId),
    startsAt: isoOf(draft.startsAt),
    expiresAt: isoOf(draft.expiresAt),
    maintenanceMode: draft.maintenanceMode,
    kioskMode: draft.kioskMode,
    openEnrollmentStart: plainDayOf(draft.openEnrollmentStart),
    openEnrollmentEnd: plainDayOf(draft.openEnrollmentEnd),
    benAdminPlatformId: nullIfBlank(draft.benAdminPlatformId),
    benAdminPlatformUrl: nullIfBlank(draft.benAdminPlatformUrl),
    enableContactUsAppointment: draft.enableContactUsAppointment,
    // The booking link belongs to appointments: without them it would be kept but never shown.
    customCalendlyLink: draft.enableContactUsAppointment ? nullIfBlank(draft.customCalendlyLink) : null,
    enableContactUsEmail: draft.enableContactUsEmail,
    enableContactUsLiveChat: draft.enableContactUsLiveChat,
    notificationLink: nullIfBlank(draft.notificationLink),
    customBranding: draft.customBranding,
    customThemeBrandColor: draft.customBranding ? nullIfBlank(draft.customThemeBrandColor) : null,
    customThemeContrastingColor: draft.customBranding ? nullIfBlank(draft.customThemeContrastingColor) : null,
    logoDocumentId: nullIfBlank(draft.logoDocumentId),
    hideProviderLogo: draft.hideProviderLogo,
    // The administrator is named only on the non-provider variant's footer.
    administratorName: draft.hideProviderLogo ? nullIfBlank(draft.administratorName) : null,
    administratorWebsiteUrl: draft.hideProviderLogo ? nullIfBlank(draft.administratorWebsiteUrl) : null,
    administratorPrivacyUrl: draft.hideProviderLogo ? nullIfBlank(draft.administratorPrivacyUrl) : null,
    showBenefitCount: draft.showBenefitCount,
    showLegacyDentalPlanTable: draft.showLegacyDentalPlanTable,
    showLegacyVisionPlanTable: draft.showLegacyVisionPlanTable,
    benefitTypeMetadata: highlightsOfDraft(draft.benefitTypeMetadata),
    medicalVideo: draft.medicalVideo,
    medicalVideoEnglishTitle: hasVideo ? nullIfBlank(draft.medicalVideoEnglishTitle) : null,
    medicalVideoSpanishTitle:
      draft.medicalVideo === 'ENGLISH_AND_SPANISH_VIDEO' ? nullIfBlank(draft.medicalVideoSpanishTitle) : null,
    medicalVideoDocumentId: hasVideo ? nullIfBlank(draft.medicalVideoDocumentId) : null,
    vidyardId: hasVideo ? nullIfBlank(draft.vidyardId) : null,
    vidyardUploadId: hasVideo ? nullIfBlank(draft.vidyardUploadId) : null,
  };
}
export type SiteAttributes = ReturnType<typeof siteAttributes>;

export type { Errors } from '../../ui/field-binding.ts';

/** The domain's site rules (explorer §5 and the chosen ones beside them), the same the API runs. */
export function siteErrors(draft: SiteDraft): Errors {
  const errors: Errors = {};
  for (const [field, message] of Object.entries(validateExplorerSite(siteAttributes(draft)))) {
    if (message) errors[field] = message;
  }
  return errors;
}

// ---------------------------------------------------------------------------------------------------
// Plans

/** A plan as the editor holds it: numbers as typed text until the plan is saved. */
export type PlanDraft = Record<string, string | boolean | string[]>;

const ORTHODONTIC_FIELDS = [...DENTAL_ORTHODONTIC_ADULT_FIELDS, ...DENTAL_ORTHODONTIC_CHILD_FIELDS];
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

const PLAN_TYPE_LABELS: Record<string, string> = {
  ASO_PPO: 'ASO PPO',
  STANDALONE_ADD: 'Standalone AD&D',
  PFML_FMLA_LEAVE: 'PFML / FMLA leave',
  EMPLOYER_PAID: 'Employer paid',
};
export const planTypeLabel = (code: string) => PLAN_TYPE_LABELS[code] ?? codeLabel(code);
