import { isBenefitType, isExplorerLanguage, isSalesTerritory, MEDICAL_VIDEO_OPTIONS } from './catalogues.ts';
import { isBlank, stateMessage } from './common-rules.ts';
import type { FieldErrors } from './common-rules.ts';
import { hasReadableContrast, isHexColor, MIN_TEXT_CONTRAST_RATIO } from './contrast.ts';
import { oneOf } from '../one-of.ts';

/**
 * The site form as the rules see it: every field may be missing, since the form and the API both ask
 * "what is wrong?" before anything is saved. Shape checks (types) belong to zod at the edge.
 */
export type ExplorerSiteInput = {
  name?: string | null;
  planYear?: string | null;
  employerState?: string | null;
  policies?: readonly string[] | null;
  vanitySlug?: string | null;
  customBranding?: boolean | null;
  customThemeBrandColor?: string | null;
  customThemeContrastingColor?: string | null;
  employeeCount?: number | null;
  medicalVideo?: string | null;
  medicalVideoEnglishTitle?: string | null;
  medicalVideoSpanishTitle?: string | null;
  medicalVideoDocumentId?: string | null;
  territory?: string | null;
  language?: string | null;
  startsAt?: string | null;
  expiresAt?: string | null;
  openEnrollmentStart?: string | null;
  openEnrollmentEnd?: string | null;
  benAdminPlatformUrl?: string | null;
  notificationLink?: string | null;
  customCalendlyLink?: string | null;
  administratorWebsiteUrl?: string | null;
  administratorPrivacyUrl?: string | null;
  benefitTypeMetadata?: Readonly<Record<string, { highlighterOrder?: number | null } | undefined>> | null;
};
export type ExplorerSiteField = keyof ExplorerSiteInput;
/** A highlighter order is reported on its own benefit type: `benefitTypeMetadata.DENTAL.highlighterOrder`. */
export type ExplorerSiteErrors = FieldErrors<ExplorerSiteField> & {
  [key: `benefitTypeMetadata.${string}.highlighterOrder`]: string;
};
export const highlighterOrderKey = (benefitType: string) =>
  `benefitTypeMetadata.${benefitType}.highlighterOrder` as const;

/** The web addresses of a site: the public page links to them, so only http(s) is taken. */
export const EXPLORER_SITE_LINK_FIELDS = [
  'benAdminPlatformUrl',
  'notificationLink',
  'customCalendlyLink',
  'administratorWebsiteUrl',
  'administratorPrivacyUrl',
] as const;

/** explorer §5 Site. Entries marked `chosen` are not worded by the spec. */
export const EXPLORER_SITE_MESSAGES = {
  nameRequired: 'Please enter a site name.',
  planYear: 'Please enter a numerical value for the plan year(s). Example: #### or ####-####',
  employerStateRequired: 'Employer state is required',
  policiesRequired: 'Please select at least one policy.', // chosen
  vanitySlug: 'Please input only alphanumeric characters',
  colorInvalid: 'Invalid color code',
  brandColorRequired: 'Brand color is required',
  contrastColorRequired: 'Contrast color is required',
  // chosen: the brief's readable-contrast rule for custom branding
  contrastTooLow: `Brand and contrast colors need a contrast ratio of at least ${MIN_TEXT_CONTRAST_RATIO}:1 to be readable`,
  employeeCount: 'Employee count must be a whole number of 0 or more', // chosen
  medicalVideo: 'Please provide a response.',
  territoryInvalid: 'Territory not valid', // chosen, worded like 'State not valid'
  languageRequired: 'Language is required',
  dateInvalid: 'Please enter a valid date.', // chosen
  endBeforeStart: 'The end date must be after the start date.', // chosen
  openEnrollmentEndBeforeStart: 'Open enrollment cannot end before it starts.', // chosen
  linkInvalid: 'Please enter a full web address starting with https://', // chosen
  highlighterOrder: 'The order must be a whole number of 0 or more', // chosen, like the employee count
  benefitTypeMetadataInvalid: 'Highlights can only be given for a benefit type.', // chosen
} as const;

const PLAN_YEAR = /^[0-9.-]+$/;
// A calendar day, or an instant on it (the form sends UTC midnight for startsAt / expiresAt).
const ISO_DAY_OR_INSTANT =
  /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?$/;
// Scheme and host at least; a javascript: or relative address would be a link the visitor cannot trust.
const WEB_ADDRESS = /^https?:\/\/[^\s/?#.]+(\.[^\s/?#.]+)*(:\d+)?([/?#]\S*)?$/i;

/** Instants compare as text once both are in the same ISO form; a bare day is its UTC midnight. */
const instantText = (value: string) => (value.length === 10 ? `${value}T00:00:00.000Z` : value);

const VANITY_SLUG = /^[A-Za-z0-9_\- ]+$/;

/**
 * The form for uniqueness of a vanity slug (the check itself is the server's): case and surrounding
 * spaces do not make two slugs different, and inner spaces become hyphens as they do in the address,
 * so 'My Site' and 'my-site' collide.
 */
export function normalizeVanitySlug(slug: string): string {
  return slug.trim().toLowerCase().replace(/\s+/g, '-');
}

const isMedicalVideoOption = oneOf(MEDICAL_VIDEO_OPTIONS);

export function validateExplorerSite(input: ExplorerSiteInput): ExplorerSiteErrors {
  const m = EXPLORER_SITE_MESSAGES;
  const errors: ExplorerSiteErrors = {};

  if (isBlank(input.name)) errors.name = m.nameRequired;
  // Spec silent on a blank plan year; the site always shows one, so blank fails the same rule.
  if (!PLAN_YEAR.test(input.planYear?.trim() ?? '')) errors.planYear = m.planYear;

  if (isBlank(input.employerState)) errors.employerState = m.employerStateRequired;
  else {
    const state = stateMessage(input.employerState);
    if (state !== null) errors.employerState = state;
  }

  if (!(input.policies ?? []).some((p) => !isBlank(p))) errors.policies = m.policiesRequired;

  if (!isBlank(input.vanitySlug) && !VANITY_SLUG.test(input.vanitySlug ?? ''))
    errors.vanitySlug = m.vanitySlug;

  const brand = input.customThemeBrandColor?.trim() ?? '';
  const contrast = input.customThemeContrastingColor?.trim() ?? '';
  if (brand !== '' && !isHexColor(brand)) errors.customThemeBrandColor = m.colorInvalid;
  if (contrast !== '' && !isHexColor(contrast)) errors.customThemeContrastingColor = m.colorInvalid;
  if (input.customBranding === true) {
    if (brand === '') errors.customThemeBrandColor = m.brandColorRequired;
    if (contrast === '') errors.customThemeContrastingColor = m.contrastColorRequired;
    if (isHexColor(brand) && isHexColor(contrast) && !hasReadableContrast(brand, contrast)) {
      errors.customThemeContrastingColor = m.contrastTooLow;
    }
  }

  const count = input.employeeCount;
  if (count !== undefined && count !== null && !(Number.isInteger(count) && count >= 0)) {
    errors.employeeCount = m.employeeCount;
  }

  const video = input.medicalVideo;
  if (!isMedicalVideoOption(video)) errors.medicalVideo = m.medicalVideo;
  else if (video !== 'NO_VIDEO') {
    // explorer §5 names the English title and document for ENGLISH_VIDEO; with the Spanish video as well
    // the Spanish title is required too (spec silent: chosen, the page shows both titles).
    if (isBlank(input.medicalVideoEnglishTitle)) errors.medicalVideoEnglishTitle = m.medicalVideo;
    if (isBlank(input.medicalVideoDocumentId)) errors.medicalVideoDocumentId = m.medicalVideo;
    if (video === 'ENGLISH_AND_SPANISH_VIDEO' && isBlank(input.medicalVideoSpanishTitle)) {
      errors.medicalVideoSpanishTitle = m.medicalVideo;
    }
  }

  if (!isBlank(input.territory) && !isSalesTerritory(input.territory)) errors.territory = m.territoryInvalid;

  if (!isExplorerLanguage(input.language)) errors.language = m.languageRequired;

  const period = (
    startField: 'startsAt' | 'openEnrollmentStart',
    endField: 'expiresAt' | 'openEnrollmentEnd',
  ) => {
    const start = input[startField]?.trim() ?? '';
    const end = input[endField]?.trim() ?? '';
    if (start !== '' && !ISO_DAY_OR_INSTANT.test(start)) errors[startField] = m.dateInvalid;
    if (end !== '' && !ISO_DAY_OR_INSTANT.test(end)) errors[endField] = m.dateInvalid;
    return errors[startField] || errors[endField] || start === '' || end === '' ? null : { start, end };
  };
  // A site ends after it starts; open enrollment may be a single day.
  const live = period('startsAt', 'expiresAt');
  if (live && instantText(live.end) <= instantText(live.start)) errors.expiresAt = m.endBeforeStart;
  const enrollment = period('openEnrollmentStart', 'openEnrollmentEnd');
  if (enrollment && enrollment.end.slice(0, 10) < enrollment.start.slice(0, 10)) {
    errors.openEnrollmentEnd = m.openEnrollmentEndBeforeStart;
  }

  for (const field of EXPLORER_SITE_LINK_FIELDS) {
    const link = input[field]?.trim() ?? '';
    if (link !== '' && !WEB_ADDRESS.test(link)) errors[field] = m.linkInvalid;
  }

  for (const [benefitType, meta] of Object.entries(input.benefitTypeMetadata ?? {})) {
    if (!isBenefitType(benefitType)) {
      errors.benefitTypeMetadata = m.benefitTypeMetadataInvalid;
      continue;
    }
    const order = meta?.highlighterOrder;
    if (order !== undefined && order !== null && !(Number.isInteger(order) && order >= 0)) {
      errors[highlighterOrderKey(benefitType)] = m.highlighterOrder;
    }
  }

  return errors;
}
