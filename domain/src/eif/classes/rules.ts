import type { EntityRow } from '../client-view.ts';
import { labelled } from '../../one-of.ts';
import { FORM_MESSAGES } from '../forms/fields.ts';
import { coverageKindOfBenefitType, isStatutoryKind } from '../steps/coverage.ts';

/**
 * Employee classes (onboarding §3 EmployeeClass / EmployeeClassPlan; the spec shows no field rules).
 * What a carrier's class builder asks, chosen here:
 * - a class: its group name (required, unique per client, compared without case or surrounding spaces),
 *   who is eligible (employee types, at least one; an optional minimum of weekly hours) and an optional
 *   description;
 * - per class plan (one of the client's plans offered to the class): a waiting period and the employer
 *   and employee shares of the premium, which add up to 100%.
 * A class plan may be saved before its waiting period or contributions are known (the form is filled in
 * over several sittings); the plan-system check (plan-design/check.ts) refuses a push until they are.
 */

export const EMPLOYEE_TYPE = labelled({
  FULL_TIME: 'Full-time',
  PART_TIME: 'Part-time',
  SEASONAL: 'Seasonal',
  TEMPORARY: 'Temporary',
});
export type EmployeeType = keyof typeof EMPLOYEE_TYPE.labels;

/** When coverage starts for a new hire. The two `..._DAYS` kinds need a number of days. */
export const WAITING_PERIOD_TYPE = labelled({
  DATE_OF_HIRE: 'On the date of hire',
  FIRST_OF_MONTH_AFTER_HIRE: 'First of the month after the date of hire',
  DAYS_AFTER_HIRE: 'After a number of days',
  FIRST_OF_MONTH_AFTER_DAYS: 'First of the month after a number of days',
});
export type WaitingPeriodType = keyof typeof WAITING_PERIOD_TYPE.labels;

export const waitingPeriodNeedsDays = (type: unknown) =>
  type === 'DAYS_AFTER_HIRE' || type === 'FIRST_OF_MONTH_AFTER_DAYS';

export const GROUP_NAME_MAX = 100;
export const DESCRIPTION_MAX = 500;
export const MAX_WAITING_DAYS = 365;
export const MAX_WEEKLY_HOURS = 168;
// Percentages typed as decimals (33.33 + 66.67) must not fail on floating-point dust (as plan-design/check.ts).
const TOLERANCE = 0.005;

export const CLASS_MESSAGES = {
  required: FORM_MESSAGES.required,
  groupNameTaken: (name: string) => `A class named "${name}" already exists. Choose another name.`,
  groupNameTooLong: FORM_MESSAGES.tooLong(GROUP_NAME_MAX),
  descriptionTooLong: FORM_MESSAGES.tooLong(DESCRIPTION_MAX),
  employeeTypes: 'Choose at least one employee type',
  employeeType: 'Choose one of the employee types',
  hours: `Enter a number of hours from 1 to ${MAX_WEEKLY_HOURS}`,
  waitingPeriodType: 'Choose one of the waiting periods',
  waitingDays: `Enter a whole number of days from 1 to ${MAX_WAITING_DAYS}`,
  percentage: FORM_MESSAGES.percentage,
  contributionsTotal: (employer: number, employee: number) =>
    `Employer and employee contributions must add up to 100% (now ${+(employer + employee).toFixed(2)}%)`,
  contributionMissing: 'Enter both the employer and the employee contribution',
  unknownPlan: 'This plan is not one of the client’s plans',
  planNotInClass: 'This plan is not offered to the class',
  benefitTypeNotEligible: 'Statutory and PFML plans are not set up by class',
  planOfOtherBenefitType: 'This plan is not of the chosen benefit type',
  classNotFound: 'Employee class not found',
  alreadyHasClasses:
    'This client offers one class to all employees and already has it. Answer that the client needs more than one class before adding another.',
} as const;

/** Statutory and PFML plans are set up for everyone by law, not by class (onboarding §4 class-builder). */
export const isClassEligibleBenefitType = (benefitType: unknown) => {
  if (typeof benefitType !== 'string' || benefitType === '') return false;
  const kind = coverageKindOfBenefitType(benefitType);
  return kind !== 'PFML' && !isStatutoryKind(kind);
};

export const classEligiblePlans = (plans: readonly EntityRow[]) =>
  plans.filter((plan) => isClassEligibleBenefitType(plan.benefitType));

/** The eligible benefit types in the order their first plan appears. */
export const classBenefitTypes = (plans: readonly EntityRow[]) => [
  ...new Set(classEligiblePlans(plans).map((plan) => String(plan.benefitType))),
];

const isBlank = (value: unknown) =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

export const sameGroupName = (a: unknown, b: unknown) =>
  String(a ?? '')
    .trim()
    .toLowerCase() ===
  String(b ?? '')
    .trim()
    .toLowerCase();

/** The name a duplicate takes: '{name} (copy)', then '{name} (copy 2)', ... until no class has it. */
export function copyName(name: string, classes: readonly EntityRow[]): string {
  const taken = (candidate: string) => classes.some((c) => sameGroupName(c.groupName, candidate));
  const first = `${name} (copy)`;
  if (!taken(first)) return first;
  for (let n = 2; ; n++) {
    const candidate = `${name} (copy ${n})`;
    if (!taken(candidate)) return candidate;
  }
}

export type ClassDetails = {
  groupName: string;
  employeeTypes: EmployeeType[];
  minimumHoursPerWeek: number | null;
  description: string | null;
};

/** What a caller sends for a class; shapes are checked at the edge, values here. */
export type ClassDetailsInput = {
  groupName?: unknown;
  employeeTypes?: unknown;
  minimumHoursPerWeek?: unknown;
  description?: unknown;
};

export type FieldErrors = Record<string, string>;

/** Checks and normalises a class's own fields; `others` are the client's other classes (for uniqueness). */
export function checkClassDetails(
  input: ClassDetailsInput,
  others: readonly EntityRow[],
): { ok: true; details: ClassDetails } | { ok: false; fieldErrors: FieldErrors } {
  const errors: FieldErrors = {};
  const groupName = typeof input.groupName === 'string' ? input.groupName.trim() : '';
  if (groupName === '') errors.groupName = CLASS_MESSAGES.required;
  else if (groupName.length > GROUP_NAME_MAX) errors.groupName = CLASS_MESSAGES.groupNameTooLong;
  else if (others.some((c) => sameGroupName(c.groupName, groupName)))
    errors.groupName = CLASS_MESSAGES.groupNameTaken(groupName);

  const types = Array.isArray(input.employeeTypes) ? input.employeeTypes : [];
  if (types.length === 0) errors.employeeTypes = CLASS_MESSAGES.employeeTypes;
  else if (types.some((t) => !EMPLOYEE_TYPE.codes.includes(t as EmployeeType)))
    errors.employeeTypes = CLASS_MESSAGES.employeeType;
  // Kept in the enumeration's order, so the same choice always reads (and compares) the same.
  const employeeTypes = EMPLOYEE_TYPE.codes.filter((code) => types.includes(code));

  let minimumHoursPerWeek: number | null = null;
  if (!isBlank(input.minimumHoursPerWeek)) {
    const hours = input.minimumHoursPerWeek;
    if (typeof hours !== 'number' || !Number.isFinite(hours) || hours < 1 || hours > MAX_WEEKLY_HOURS)
      errors.minimumHoursPerWeek = CLASS_MESSAGES.hours;
    else minimumHoursPerWeek = hours;
  }

  let description: string | null = null;
  if (!isBlank(input.description)) {
    description = String(input.description).trim();
    if (description.length > DESCRIPTION_MAX) errors.description = CLASS_MESSAGES.descriptionTooLong;
  }

  if (Object.keys(errors).length > 0) return { ok: false, fieldErrors: errors };
  return { ok: true, details: { groupName, employeeTypes, minimumHoursPerWeek, description } };
}

export type WaitingPeriod = { waitingPeriodType: WaitingPeriodType | null; waitingPeriodDays: number | null };

/** A blank type clears the waiting period; days are kept only for the kinds that count days. */
export function checkWaitingPeriod(
  input: { waitingPeriodType?: unknown; waitingPeriodDays?: unknown },
  prefix: string,
): { ok: true; value: WaitingPeriod } | { ok: false; fieldErrors: FieldErrors } {
  const type = input.waitingPeriodType;
  if (isBlank(type)) return { ok: true, value: { waitingPeriodType: null, waitingPeriodDays: null } };
  if (!WAITING_PERIOD_TYPE.codes.includes(type as WaitingPeriodType))
    return { ok: false, fieldErrors: { [`${prefix}waitingPeriodType`]: CLASS_MESSAGES.waitingPeriodType } };
  if (!waitingPeriodNeedsDays(type))
    return { ok: true, value: { waitingPeriodType: type as WaitingPeriodType, waitingPeriodDays: null } };
  const days = input.waitingPeriodDays;
  if (isBlank(days))
    return { ok: false, fieldErrors: { [`${prefix}waitingPeriodDays`]: CLASS_MESSAGES.required } };
  if (typeof days !== 'number' || !Number.isInteger(days) || days < 1 || days > MAX_WAITING_DAYS)
    return { ok: false, fieldErrors: { [`${prefix}waitingPeriodDays`]: CLASS_MESSAGES.waitingDays } };
  return { ok: true, value: { waitingPeriodType: type as WaitingPeriodType, waitingPeriodDays: days } };
}

export type Contribution = {
  employerContributionPercentage: number | null;
  employeeContributionPercentage: number | null;
};

const isPercentage = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 100;

/**
 * Both blank: not answered yet. Otherwise both are needed, each 0–100, and together 100%. The total's
 * message goes on the employee share, the one a person types last.
 */
export function checkContribution(
  input: { employerContributionPercentage?: unknown; employeeContributionPercentage?: unknown },
  prefix: string,
): { ok: true; value: Contribution } | { ok: false; fieldErrors: FieldErrors } {
  const er = input.employerContributionPercentage;
  const ee = input.employeeContributionPercentage;
  if (isBlank(er) && isBlank(ee))
    return {
      ok: true,
      value: { employerContributionPercentage: null, employeeContributionPercentage: null },
    };
  const errors: FieldErrors = {};
  for (const [key, value] of [
    ['employerContributionPercentage', er],
    ['employeeContributionPercentage', ee],
  ] as const) {
    if (isBlank(value)) errors[`${prefix}${key}`] = CLASS_MESSAGES.contributionMissing;
    else if (!isPercentage(value)) errors[`${prefix}${key}`] = CLASS_MESSAGES.percentage;
  }
  if (Object.keys(errors).length > 0) return { ok: false, fieldErrors: errors };
  const [employer, employee] = [er as number, ee as number];
  if (Math.abs(employer + employee - 100) > TOLERANCE)
    return {
      ok: false,
      fieldErrors: {
        [`${prefix}employeeContributionPercentage`]: CLASS_MESSAGES.contributionsTotal(employer, employee),
      },
    };
  return {
    ok: true,
    value: { employerContributionPercentage: employer, employeeContributionPercentage: employee },
  };
}

/** A class plan is complete when its waiting period and both contributions are given. */
export function isClassPlanComplete(classPlan: Record<string, unknown>): boolean {
  const hasWaitingPeriod =
    !isBlank(classPlan.waitingPeriodType) &&
    (!waitingPeriodNeedsDays(classPlan.waitingPeriodType) || !isBlank(classPlan.waitingPeriodDays));
  return (
    hasWaitingPeriod &&
    !isBlank(classPlan.employerContributionPercentage) &&
    !isBlank(classPlan.employeeContributionPercentage)
  );
}
