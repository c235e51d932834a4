import type { Answer } from '../../explorer/catalogues.ts';
import { labelled } from '../../one-of.ts';

/**
 * The shared enumerations of onboarding §3, each as its codes plus the words a person reads. The spec
 * gives only the codes, except for the access flags' labels (Claims, Bills, Payments, Policy documents,
 * Manage employees); every other label here is written plainly from its code.
 */

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

/*
 * Code lists of the EIF forms whose fields the spec names without their choices (onboarding §3 Policy
 * billing fields, Client ERISA and critical illness fields). The codes are plain names of what a carrier
 * offers; change them here only together with any stored data.
 */

/** Who works out each bill's premium. */
export const BILLING_ADMINISTRATION_TYPE = labelled({
  LIST_BILL: 'We calculate the premium from your employee list (list bill)',
  SELF_ADMINISTERED: 'You calculate the premium and report it (self-administered)',
});
export type BillingAdministrationType = keyof typeof BILLING_ADMINISTRATION_TYPE.labels;

export const BILLING_STRUCTURE_TYPE = labelled({
  SINGLE_BILL: 'One bill for the whole company',
  MULTIPLE_BILLS: 'Separate bills for different locations or groups',
});
export type BillingStructureType = keyof typeof BILLING_STRUCTURE_TYPE.labels;

export const BILLING_SUMMARY_STATEMENT_TYPE = labelled({
  SUMMARY_ONLY: 'Summary of totals only',
  SUMMARY_WITH_EMPLOYEE_DETAIL: 'Summary with a line for each employee',
});
export type BillingSummaryStatementType = keyof typeof BILLING_SUMMARY_STATEMENT_TYPE.labels;

/** How often employees are paid; bills can follow the payroll. */
export const BILL_PAYROLL_CYCLE = labelled({
  WEEKLY: 'Weekly',
  BIWEEKLY: 'Every two weeks',
  SEMI_MONTHLY: 'Twice a month',
  MONTHLY: 'Monthly',
});
export type BillPayrollCycle = keyof typeof BILL_PAYROLL_CYCLE.labels;

export const BILL_SPLIT_TYPE = labelled({
  NONE: 'Do not split the bill',
  LOCATION: 'Split by location',
  BENEFIT: 'Split by benefit',
});
export type BillSplitType = keyof typeof BILL_SPLIT_TYPE.labels;

export const ADVANCE_OR_ARREARS = labelled({
  ADVANCE: 'In advance (pay for the coming month)',
  ARREARS: 'In arrears (pay for the past month)',
});
export type AdvanceOrArrears = keyof typeof ADVANCE_OR_ARREARS.labels;

export const ERISA_PLAN_TYPE = labelled({
  WRAP_PLAN: 'One plan that wraps all benefits',
  SEPARATE_PLANS: 'A separate plan for each benefit',
  NOT_SUBJECT_TO_ERISA: 'Not subject to ERISA (for example a government or church plan)',
});
export type ErisaPlanType = keyof typeof ERISA_PLAN_TYPE.labels;

/** Choices ours: how critical illness coverage is paid for; NONE when it is not offered. */
export const CRITICAL_ILLNESS_TYPE = labelled({
  EMPLOYER_PAID: 'Employer paid',
  VOLUNTARY: 'Voluntary (employees pay)',
  NONE: 'We do not offer critical illness coverage',
});
export type CriticalIllnessType = keyof typeof CRITICAL_ILLNESS_TYPE.labels;

/** Choices ours: how critical illness premiums are rated. */
export const CRITICAL_ILLNESS_RATE_TYPE = labelled({
  ISSUE_AGE: "Issue age (the rate is set by the employee's age when coverage starts)",
  ATTAINED_AGE: "Attained age (the rate follows the employee's current age)",
  COMPOSITE: 'Composite (one rate for everyone)',
});
export type CriticalIllnessRateType = keyof typeof CRITICAL_ILLNESS_RATE_TYPE.labels;

/** NONE is one of the values (onboarding §3 Client). */
export const CRITICAL_ILLNESS_VALUE_ADDED_SERVICE = labelled({
  NONE: 'None',
  HEALTH_SCREENING: 'Health screening benefit',
  CARE_NAVIGATION: 'Care navigation and second medical opinion',
});
export type CriticalIllnessValueAddedService = keyof typeof CRITICAL_ILLNESS_VALUE_ADDED_SERVICE.labels;

/** Onboarding §3 Policy: an EAP may be blended with one of these coverages. */
export const EAP_BLENDED_WITH = labelled({
  LIFE: 'Life',
  STD: 'Short-term disability',
  LTD: 'Long-term disability',
});
export type EapBlendedWith = keyof typeof EAP_BLENDED_WITH.labels;
