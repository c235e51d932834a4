import type { Answer } from '../../explorer/catalogues.ts';

/**
 * The shared enumerations of onboarding §3, each as its codes plus the words a person reads. The spec
 * gives only the codes, except for the access flags' labels (Claims, Bills, Payments, Policy documents,
 * Manage employees); every other label here is written plainly from its code.
 */

const labelled = <Code extends string>(labels: Record<Code, string>) => ({
  codes: Object.keys(labels) as Code[],
  labels,
});

// The Answer codes and type live in explorer/catalogues.ts (ANSWERS, Answer); these are their labels.
export const ANSWER = labelled<Answer>({ YES: 'Yes', NO: 'No', NOT_APPLICABLE: 'Not applicable' });

export const TAX_CHOICE = labelled({
  PRE_TAX: 'Pre-tax',
  POST_TAX: 'Post-tax',
  TAX_CHOICE: 'Employee tax choice',
});
export type TaxChoice = keyof typeof TAX_CHOICE.labels;

/** Rehire and termination timing. */
export const TIMING = labelled({ DATE_OF_TERM: 'Date of termination', END_OF_MONTH: 'End of the month' });
export type Timing = keyof typeof TIMING.labels;

export const CLAIMS_CHECK_RECIPIENT = labelled({
  PRIMARY_PLAN_ADMINISTRATOR: 'Primary plan administrator',
  EMPLOYEE_HOME: "Employee's home",
  EMPLOYER: 'Employer',
});
export type ClaimsCheckRecipient = keyof typeof CLAIMS_CHECK_RECIPIENT.labels;

export const CLAIMS_CHECK_PAYEE = labelled({
  PLAN_ADMINISTRATOR: 'Plan administrator',
  SOMEONE_ELSE: 'Someone else',
});
export type ClaimsCheckPayee = keyof typeof CLAIMS_CHECK_PAYEE.labels;

export const PFML_PREMIUM_CONTRIBUTION_TYPE = labelled({
  FULLY_EMPLOYER_PAID: 'Fully employer paid',
  GROSS_UP: 'Gross up',
  SHARED: 'Shared',
});
export type PfmlPremiumContributionType = keyof typeof PFML_PREMIUM_CONTRIBUTION_TYPE.labels;

export const PFML_OPTION = labelled({
  ADVICE_ONLY: 'Advice only',
  ADVICE_WITH_BENEFIT_CALC: 'Advice with benefit calculation',
  ADVICE_PLUS: 'Advice plus',
});
export type PfmlOption = keyof typeof PFML_OPTION.labels;

export const CONTACT_TYPE = labelled({
  DATA_FEEDS_IMPLEMENTOR: 'Data feeds implementor',
  DATA_FEEDS_PRODUCTION_SUPPORT: 'Data feeds production support',
  DATA_FEEDS_BEN_ADMIN: 'Data feeds benefits administrator',
  WEB_ADMIN: 'Web administrator',
  PRIMARY_WEB_ADMIN: 'Primary web administrator',
  DISABILITY_CLAIM_REIMBURSEMENT_CHECK_PAYEE: 'Disability claim reimbursement check payee',
  CLAIMS_CHECK_PAYEE: 'Claims check payee',
  TPA: 'Third-party administrator (TPA)',
});
export type ContactType = keyof typeof CONTACT_TYPE.labels;

/** A web admin's access flags (onboarding §3 Contact, §6); labels are the spec's own. */
export const CONTACT_ACCESS = labelled({
  claimsAccess: 'Claims',
  billingAccess: 'Bills',
  paymentsAccess: 'Payments',
  documentsAccess: 'Policy documents',
  memberChangesAccess: 'Manage employees',
});
export type ContactAccessFlag = keyof typeof CONTACT_ACCESS.labels;

export const LOCATION_MANAGEMENT_TYPE = labelled({ ALL: 'All locations', LIMITED: 'Limited locations' });
export type LocationManagementType = keyof typeof LOCATION_MANAGEMENT_TYPE.labels;

/** True when a string is one of an enumeration's codes, e.g. `isCode(ANSWER, body.answer)`. */
export function isCode<Code extends string>(
  enumeration: { codes: readonly Code[] },
  value: string,
): value is Code {
  return (enumeration.codes as readonly string[]).includes(value);
}
