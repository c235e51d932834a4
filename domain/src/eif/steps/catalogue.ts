/**
 * The EIF's five steps and their sub-steps, in the order the form shows them (onboarding §3 "EIF steps
 * and sub-steps"). The ids are route segments (onboarding §2 EIF routes), so they never change.
 */
export const EIF_STEPS = {
  'company-information': [
    'benefits-administration-and-data-feed',
    'tax-id',
    'subsidiaries-and-affiliates',
    'current-sun-life-policies',
    'previous-coverage-information',
  ],
  'plan-administrators-&-billing': [
    'plan-administrators',
    'billing-preferences',
    'claims-payment-reimbursement',
    'claims-check-mailing-locations',
    'monthly-claims-reports-and-eobs',
    'malpractice-reimbursements',
  ],
  'plan-configuration-&-eligibility': ['class-builder', 'non-class-benefits-preferences', 'fli-preferences'],
  'other-contract-details': [
    'confirm-policy-anniversary',
    'additional-waiting-period-rules',
    'rehire-provision',
    'union-members-and-domestic-partners',
    'changes-during-annual-enrollment',
    'termination-of-insurance',
    'age-rules',
    'other-changes-to-coverage',
    'employee-certificate',
    'section-125',
    'erisa',
    'value-added-services',
  ],
  'review-&-submit': [],
} as const;

export type EifStepId = keyof typeof EIF_STEPS;
export type EifSubStepId = (typeof EIF_STEPS)[EifStepId][number];

export const EIF_STEP_IDS = Object.keys(EIF_STEPS) as EifStepId[];
export const EIF_SUB_STEP_IDS: readonly EifSubStepId[] = EIF_STEP_IDS.flatMap((step) => EIF_STEPS[step]);

export const EIF_STEP_LABELS: Record<EifStepId, string> = {
  'company-information': 'Company information',
  'plan-administrators-&-billing': 'Plan administrators & billing',
  'plan-configuration-&-eligibility': 'Plan configuration & eligibility',
  'other-contract-details': 'Other contract details',
  'review-&-submit': 'Review & submit',
};

/** Which non-class benefits the client's plans hold; it names the non-class-benefits-preferences sub-step. */
export type NonClassBenefits = 'PFML' | 'STATUTORY' | 'PFML_AND_STATUTORY';

const NON_CLASS_BENEFITS_LABELS: Record<NonClassBenefits, string> = {
  PFML: 'PFML preferences',
  STATUTORY: 'Statutory benefits',
  PFML_AND_STATUTORY: 'PFML & Statutory benefits',
};

// The spec names only the non-class label variants; the others are written plainly from the ids.
const SUB_STEP_LABELS: Record<Exclude<EifSubStepId, 'non-class-benefits-preferences'>, string> = {
  'benefits-administration-and-data-feed': 'Benefits administration and data feed',
  'tax-id': 'Tax ID',
  'subsidiaries-and-affiliates': 'Subsidiaries and affiliates',
  'current-sun-life-policies': 'Current policies',
  'previous-coverage-information': 'Previous coverage information',
  'plan-administrators': 'Plan administrators',
  'billing-preferences': 'Billing preferences',
  'claims-payment-reimbursement': 'Claims payment reimbursement',
  'claims-check-mailing-locations': 'Claims check mailing locations',
  'monthly-claims-reports-and-eobs': 'Monthly claims reports and EOBs',
  'malpractice-reimbursements': 'Malpractice reimbursements',
  'class-builder': 'Class builder',
  'fli-preferences': 'FLI preferences',
  'confirm-policy-anniversary': 'Confirm policy anniversary',
  'additional-waiting-period-rules': 'Additional waiting period rules',
  'rehire-provision': 'Rehire provision',
  'union-members-and-domestic-partners': 'Union members and domestic partners',
  'changes-during-annual-enrollment': 'Changes during annual enrollment',
  'termination-of-insurance': 'Termination of insurance',
  'age-rules': 'Age rules',
  'other-changes-to-coverage': 'Other changes to coverage',
  'employee-certificate': 'Employee certificate',
  'section-125': 'Section 125',
  erisa: 'ERISA',
  'value-added-services': 'Value-added services',
};

/**
 * A sub-step's label. Without plans to go on, the non-class sub-step reads 'PFML & Statutory benefits',
 * the name that covers both.
 */
export function eifSubStepLabel(id: EifSubStepId, nonClass: NonClassBenefits = 'PFML_AND_STATUTORY'): string {
  return id === 'non-class-benefits-preferences' ? NON_CLASS_BENEFITS_LABELS[nonClass] : SUB_STEP_LABELS[id];
}

/** Thrown for a sub-step id outside the catalogue (onboarding §8: 'An unknown sub-step fails an exhaustive check'). */
export class UnknownEifSubStepError extends Error {
  constructor(readonly subStepId: unknown) {
    super(`Unknown EIF sub-step: ${String(subStepId)}`);
  }
}

export function isEifStepId(value: string): value is EifStepId {
  return Object.hasOwn(EIF_STEPS, value);
}

export function isEifSubStepId(value: string): value is EifSubStepId {
  return (EIF_SUB_STEP_IDS as readonly string[]).includes(value);
}

/** Narrows a route segment or stored id to a sub-step id, or throws. */
export function parseEifSubStepId(value: string): EifSubStepId {
  if (!isEifSubStepId(value)) throw new UnknownEifSubStepError(value);
  return value;
}

/** For the `default:` branch of a switch over sub-step ids: a compile error when a case is missing, a throw at run time. */
export function assertNeverSubStep(id: never): never {
  throw new UnknownEifSubStepError(id);
}

const STEP_OF_SUB_STEP = new Map<string, EifStepId>(
  EIF_STEP_IDS.flatMap((step) => EIF_STEPS[step].map((subStep) => [subStep, step] as const)),
);

/** The step a sub-step belongs to, as the catalogue lists it (every sub-step id is listed under one step). */
export function eifStepOf(id: EifSubStepId): EifStepId {
  const step = STEP_OF_SUB_STEP.get(id);
  if (!step) throw new UnknownEifSubStepError(id);
  return step;
}
