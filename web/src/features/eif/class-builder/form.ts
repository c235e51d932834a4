import type { EntityRow } from '@onboard/domain/eif/client-view';
import { waitingPeriodNeedsDays } from '@onboard/domain/eif/classes/rules';
import type { EmployeeClassDetail } from '@onboard/domain/eif/classes/view';
import type { ClassBody } from './api.ts';

/**
 * The class editor's draft: text as typed (numbers stay strings until sent, so '12.' is not rewritten
 * while typing), one entry per eligible plan with whether the class offers it.
 */
export type PlanDraft = {
  isOffered: boolean;
  waitingPeriodType: string | null;
  waitingPeriodDays: string;
  employerContributionPercentage: string;
  employeeContributionPercentage: string;
};

export type ClassDraft = {
  groupName: string;
  employeeTypes: string[];
  minimumHoursPerWeek: string;
  description: string;
  plans: Record<string, PlanDraft>;
};

const asText = (value: unknown) => (value === null || value === undefined ? '' : String(value));

export function draftOf(cls: EmployeeClassDetail | null, eligiblePlans: readonly EntityRow[]): ClassDraft {
  const plans: Record<string, PlanDraft> = {};
  for (const plan of eligiblePlans) {
    const offered = cls?.plans.find((cp) => cp.planId === plan.id);
    plans[plan.id] = {
      isOffered: offered !== undefined,
      waitingPeriodType: typeof offered?.waitingPeriodType === 'string' ? offered.waitingPeriodType : null,
      waitingPeriodDays: asText(offered?.waitingPeriodDays),
      employerContributionPercentage: asText(offered?.employerContributionPercentage),
      employeeContributionPercentage: asText(offered?.employeeContributionPercentage),
    };
  }
  return {
    groupName: cls?.groupName ?? '',
    employeeTypes: cls?.employeeTypes ?? ['FULL_TIME'],
    minimumHoursPerWeek: asText(cls?.minimumHoursPerWeek),
    description: cls?.description ?? '',
    plans,
  };
}

/** Blank is null; a number is sent as a number; anything else as typed, so the server names the field. */
export function numberOrText(text: string): number | string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed.replace(/%$/, ''));
  return Number.isFinite(value) ? value : trimmed;
}

/** The offered plans in a fixed order; the server's `plans.{i}` errors are read back with the same order. */
export const offeredPlanIds = (draft: ClassDraft) =>
  Object.entries(draft.plans)
    .filter(([, plan]) => plan.isOffered)
    .map(([planId]) => planId);

export function bodyOf(draft: ClassDraft): ClassBody {
  return {
    groupName: draft.groupName,
    employeeTypes: draft.employeeTypes,
    minimumHoursPerWeek: numberOrText(draft.minimumHoursPerWeek),
    description: draft.description.trim() === '' ? null : draft.description,
    plans: offeredPlanIds(draft).map((planId) => {
      const plan = draft.plans[planId]!;
      return {
        planId,
        waitingPeriodType: plan.waitingPeriodType,
        waitingPeriodDays: waitingPeriodNeedsDays(plan.waitingPeriodType)
          ? numberOrText(plan.waitingPeriodDays)
          : null,
        employerContributionPercentage: numberOrText(plan.employerContributionPercentage),
        employeeContributionPercentage: numberOrText(plan.employeeContributionPercentage),
      };
    }),
  };
}

/**
 * Server field errors (`body.` already dropped) keyed for the form: class fields by name, plan fields as
 * `{planId}.{field}`. Anything the form has no field for is returned apart, to show above the form.
 */
export function errorsForForm(
  fieldErrors: Record<string, string>,
  sentPlanIds: readonly string[],
): { fields: Record<string, string>; other: string[] } {
  const fields: Record<string, string> = {};
  const other: string[] = [];
  for (const [key, message] of Object.entries(fieldErrors)) {
    const plan = /^plans\.(\d+)\.(\w+)$/.exec(key);
    const planId = plan ? sentPlanIds[Number(plan[1])] : undefined;
    if (plan && planId) fields[`${planId}.${plan[2]}`] = message;
    else if (['groupName', 'employeeTypes', 'minimumHoursPerWeek', 'description'].includes(key))
      fields[key] = message;
    else other.push(message);
  }
  return { fields, other };
}

/** The list's contributions column. */
export function contributionsStatus(cls: Pick<EmployeeClassDetail, 'plans'>): string {
  if (cls.plans.length === 0) return 'No plans yet';
  const isGiven = (value: unknown) => value !== null && value !== undefined;
  const set = cls.plans.filter(
    (cp) => isGiven(cp.employerContributionPercentage) && isGiven(cp.employeeContributionPercentage),
  ).length;
  return set === cls.plans.length ? 'Complete' : `${set} of ${cls.plans.length} set`;
}

/** 'LONG_TERM_DISABILITY' -> 'Long term disability': benefit type codes have no labels in the spec. */
export const benefitTypeLabel = (code: string) => {
  const words = code.toLowerCase().replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const baseLabel = (plan: EntityRow) => {
  if (typeof plan.planName === 'string' && plan.planName) return plan.planName;
  const type = benefitTypeLabel(String(plan.benefitType ?? 'Plan'));
  return plan.slfPolicyNumber ? `${type} on policy ${String(plan.slfPolicyNumber)}` : `${type} (${plan.id})`;
};

/**
 * A plan as the editor names it: its own name when it has one, else its type and policy number; the id is
 * added only when another plan of the list would read the same.
 */
export function planLabel(plan: EntityRow, siblings: readonly EntityRow[] = []): string {
  const label = baseLabel(plan);
  const isAmbiguous = siblings.some((other) => other.id !== plan.id && baseLabel(other) === label);
  return isAmbiguous ? `${label} (${plan.id})` : label;
}
