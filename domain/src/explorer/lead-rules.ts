import { EXPLORER_TEXT_MAX_LENGTH, EXTERNAL_USER_TYPES, isExplorerLanguage } from './catalogues.ts';
import { emailMessage, isBlank, stateMessage } from './common-rules.ts';
import type { FieldErrors } from './common-rules.ts';

// ---------------------------------------------------------------------------------------------------
// Lead form (explorer §3 Lead, §5 Lead form, §7 POST /api/explorer-pages/lead-generation/send)

export type LeadInput = {
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  city?: string | null;
  state?: string | null;
  phone?: string | null;
  externalUser?: string | null;
  employerName?: string | null;
  brokerName?: string | null;
};
export type LeadField = keyof LeadInput;

export const LEAD_MESSAGES = {
  emailRequired: 'Email is required',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required', // chosen: the spec lists the field, not its message
  cityRequired: 'City is required',
  phoneRequired: 'Phone is required',
  externalUserRequired: 'Please select an option',
  employerNameRequired: 'Employer name is required',
  clientNameRequired: 'Client name is required',
  brokerNameRequired: 'Broker name is required',
  tooLong: `Please enter no more than ${EXPLORER_TEXT_MAX_LENGTH} characters`, // chosen
} as const;

const LEAD_TEXT_FIELDS = [
  'firstName',
  'lastName',
  'city',
  'phone',
  'employerName',
  'brokerName',
] as const satisfies readonly LeadField[];

/**
 * The lead form. The spec offers two wordings for the employer field; a broker names their client and
 * an employer names itself, so the wording follows externalUser (chosen).
 */
export function validateLead(input: LeadInput): FieldErrors<LeadField> {
  const m = LEAD_MESSAGES;
  const errors: FieldErrors<LeadField> = {};
  const isBroker = input.externalUser === 'broker';

  if (isBlank(input.email)) errors.email = m.emailRequired;
  else {
    const email = emailMessage(input.email?.trim() ?? '');
    if (email !== null) errors.email = email;
  }
  if (isBlank(input.firstName)) errors.firstName = m.firstNameRequired;
  if (isBlank(input.lastName)) errors.lastName = m.lastNameRequired;
  if (isBlank(input.city)) errors.city = m.cityRequired;
  const state = stateMessage(input.state);
  if (state !== null) errors.state = state;
  if (isBlank(input.phone)) errors.phone = m.phoneRequired;
  if (!(EXTERNAL_USER_TYPES as readonly unknown[]).includes(input.externalUser)) {
    errors.externalUser = m.externalUserRequired;
  }
  if (isBlank(input.employerName))
    errors.employerName = isBroker ? m.clientNameRequired : m.employerNameRequired;
  if (isBroker && isBlank(input.brokerName)) errors.brokerName = m.brokerNameRequired;

  for (const field of LEAD_TEXT_FIELDS) {
    if (errors[field] === undefined && (input[field]?.length ?? 0) > EXPLORER_TEXT_MAX_LENGTH)
      errors[field] = m.tooLong;
  }
  return errors;
}

// ---------------------------------------------------------------------------------------------------
// E-mailing the selected benefits (explorer §5 "Explorer email send")

export type ExplorerEmailSendInput = {
  email?: string | null;
  benefits?: readonly string[] | null;
  recaptchaToken?: string | null;
  language?: string | null;
};
export type ExplorerEmailSendField = keyof ExplorerEmailSendInput;

export const EXPLORER_EMAIL_SEND_MESSAGES = {
  emailRequired: 'Email is required',
  benefitsRequired: 'Need at least one selected benefit.',
  recaptchaMissing: 'Recaptcha token is missing',
  languageRequired: 'Language is required',
} as const;

export function validateExplorerEmailSend(
  input: ExplorerEmailSendInput,
): FieldErrors<ExplorerEmailSendField> {
  const m = EXPLORER_EMAIL_SEND_MESSAGES;
  const errors: FieldErrors<ExplorerEmailSendField> = {};
  if (isBlank(input.email)) errors.email = m.emailRequired;
  else {
    const email = emailMessage(input.email?.trim() ?? '');
    if (email !== null) errors.email = email;
  }
  if ((input.benefits ?? []).length === 0) errors.benefits = m.benefitsRequired;
  if (isBlank(input.recaptchaToken)) errors.recaptchaToken = m.recaptchaMissing;
  if (!isExplorerLanguage(input.language)) errors.language = m.languageRequired;
  return errors;
}

// ---------------------------------------------------------------------------------------------------
// Prepaid location choice (explorer §5)

export type PrepaidLocationInput = { state?: string | null };

export function validatePrepaidLocation(input: PrepaidLocationInput): FieldErrors<'state'> {
  const state = stateMessage(input.state);
  return state === null ? {} : { state };
}
