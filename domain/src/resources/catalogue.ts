import {
  RESOURCE_AUDIENCES,
  RESOURCE_BENEFIT_TYPES,
  type ResourceAudience,
  type ResourceBenefitType,
} from '@onboard/events/catalogue/resource-kinds';
import type { CoverageKind } from '../eif/steps/coverage.ts';

/**
 * A client's enrollment and onboarding resources (onboarding §2 /resources-listing): their groups in
 * words and the rules on what staff write, shared by the decider and the page. Zod-free, for the browser.
 */
export { RESOURCE_AUDIENCES, RESOURCE_BENEFIT_TYPES, type ResourceAudience, type ResourceBenefitType };

// Every benefit type but 'GENERAL' is one of the EIF's coverage kinds: a new kind there is a new group here.
const coverageKindsOnly: readonly CoverageKind[] = RESOURCE_BENEFIT_TYPES.filter(
  (t): t is Exclude<ResourceBenefitType, 'GENERAL'> => t !== 'GENERAL',
);
void coverageKindsOnly;

const BENEFIT_TYPE_LABELS: Record<ResourceBenefitType, string> = {
  GENERAL: 'General',
  DENTAL: 'Dental',
  VISION: 'Vision',
  LONG_TERM_DISABILITY: 'Long Term Disability',
  PFML: 'Paid Family and Medical Leave',
  STATUTORY: 'Statutory Disability and Leave',
  FLI: 'Family Leave Insurance',
};

const AUDIENCE_LABELS: Record<ResourceAudience, string> = {
  EMPLOYEES: 'Employees',
  BENEFITS_ADMINISTRATORS: 'Benefits administrators',
  BROKERS: 'Brokers',
};

export const isResourceBenefitType = (value: unknown): value is ResourceBenefitType =>
  RESOURCE_BENEFIT_TYPES.includes(value as ResourceBenefitType);
export const isResourceAudience = (value: unknown): value is ResourceAudience =>
  RESOURCE_AUDIENCES.includes(value as ResourceAudience);

export const resourceBenefitTypeLabel = (type: ResourceBenefitType) => BENEFIT_TYPE_LABELS[type];
export const resourceAudienceLabel = (audience: ResourceAudience) => AUDIENCE_LABELS[audience];

/** The audiences once each, in the catalogue's order. */
export const orderedAudiences = (audiences: readonly ResourceAudience[]): ResourceAudience[] =>
  RESOURCE_AUDIENCES.filter((a) => audiences.includes(a));

// The messages (chosen; the empty answer reads as every required field of the portal does).
export const RESOURCE_REQUIRED_MESSAGE = 'Please provide a response';
export const RESOURCE_URL_MESSAGE = 'Enter a web address that starts with https://';
export const RESOURCE_AUDIENCE_MESSAGE = 'Choose at least one audience';
export const RESOURCE_DOCUMENT_MESSAGE = 'Upload the file first';
export const RESOURCE_TITLE_MAX = 120;
export const RESOURCE_DESCRIPTION_MAX = 500;
export const RESOURCE_TITLE_TOO_LONG = `Keep the title to ${RESOURCE_TITLE_MAX} characters`;
export const RESOURCE_DESCRIPTION_TOO_LONG = `Keep the description to ${RESOURCE_DESCRIPTION_MAX} characters`;

/** An https address with a host, and no credentials in it. */
export function isResourceUrl(value: string): boolean {
  const text = value.trim();
  if (!/^https:\/\//i.test(text) || /\s/.test(text)) return false;
  try {
    const url = new URL(text);
    return url.protocol === 'https:' && url.hostname.includes('.') && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** What staff fill in: a link's address, or a document already uploaded (by its id). */
export type ResourceDraft = {
  title: string;
  description: string;
  benefitType: string;
  audiences: readonly string[];
  content: { kind: 'link'; url: string } | { kind: 'document'; documentId: string };
};

export type ResourceField = 'title' | 'description' | 'benefitType' | 'audiences' | 'url' | 'documentId';

/** Each field's message, only for the fields that are wrong (empty: the draft is fine). */
export function resourceDraftProblems(draft: ResourceDraft): Partial<Record<ResourceField, string>> {
  const problems: Partial<Record<ResourceField, string>> = {};
  const title = draft.title.trim();
  const description = draft.description.trim();
  if (title === '') problems.title = RESOURCE_REQUIRED_MESSAGE;
  else if (title.length > RESOURCE_TITLE_MAX) problems.title = RESOURCE_TITLE_TOO_LONG;
  if (description === '') problems.description = RESOURCE_REQUIRED_MESSAGE;
  else if (description.length > RESOURCE_DESCRIPTION_MAX)
    problems.description = RESOURCE_DESCRIPTION_TOO_LONG;
  if (!isResourceBenefitType(draft.benefitType)) problems.benefitType = RESOURCE_REQUIRED_MESSAGE;
  if (!draft.audiences.some(isResourceAudience) || !draft.audiences.every(isResourceAudience))
    problems.audiences = RESOURCE_AUDIENCE_MESSAGE;
  if (draft.content.kind === 'link') {
    if (draft.content.url.trim() === '') problems.url = RESOURCE_REQUIRED_MESSAGE;
    else if (!isResourceUrl(draft.content.url)) problems.url = RESOURCE_URL_MESSAGE;
  } else if (draft.content.documentId.trim() === '') problems.documentId = RESOURCE_DOCUMENT_MESSAGE;
  return problems;
}
