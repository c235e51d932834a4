import {
  type EntityRow,
  EMPLOYEE_TYPE,
  WAITING_PERIOD_TYPE,
  waitingPeriodNeedsDays,
  type EmployeeClassDetail,
} from '@onboard/domain/web';
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

const isSame = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The draft after the class changed under it (a collision): what the person changed since `initial` stays
 * theirs; everything else takes the class as it is now (`fresh`), so saving again writes back nothing of
 * someone else's other changes.
 */
export function rebaseDraft(initial: ClassDraft, draft: ClassDraft, fresh: ClassDraft): ClassDraft {
  const pick = <T>(mine: T, before: T, now: T) => (isSame(mine, before) ? now : mine);
  const plans: Record<string, PlanDraft> = {};
  for (const [planId, now] of Object.entries(fresh.plans)) {
    const mine = draft.plans[planId];
    const before = initial.plans[planId];
    if (!mine || !before) {
      plans[planId] = now;
      continue;
    }
    plans[planId] = {
      isOffered: pick(mine.isOffered, before.isOffered, now.isOffered),
      waitingPeriodType: pick(mine.waitingPeriodType, before.waitingPeriodType, now.waitingPeriodType),
      waitingPeriodDays: pick(mine.waitingPeriodDays, before.waitingPeriodDays, now.waitingPeriodDays),
      employerContributionPercentage: pick(
        mine.employerContributionPercentage,
        before.employerContributionPercentage,
        now.employerContributionPercentage,
      ),
      employeeContributionPercentage: pick(
        mine.employeeContributionPercentage,
        before.employeeContributionPercentage,
        now.employeeContributionPercentage,
      ),
    };
  }
  return {
    groupName: pick(draft.groupName, initial.groupName, fresh.groupName),
    employeeTypes: pick(draft.employeeTypes, initial.employeeTypes, fresh.employeeTypes),
    minimumHoursPerWeek: pick(
      draft.minimumHoursPerWeek,
      initial.minimumHoursPerWeek,
      fresh.minimumHoursPerWeek,
    ),
    description: pick(draft.description, initial.description, fresh.description),
    plans,
  };
}

/** A collision as the class builder shows it (the server's FieldConflict, entity and attribute). */
type ClassConflict = {
  entity: string;
  entityId: string;
  attributeKey: string | null;
  label: string;
  theirs: unknown;
};

const PLAN_ATTRIBUTES = [
  'waitingPeriodType',
  'waitingPeriodDays',
  'employerContributionPercentage',
  'employeeContributionPercentage',
] as const;
type PlanAttribute = (typeof PLAN_ATTRIBUTES)[number];
const isPlanAttribute = (key: string | null): key is PlanAttribute =>
  (PLAN_ATTRIBUTES as readonly (string | null)[]).includes(key);
const DETAIL_ATTRIBUTES = ['groupName', 'employeeTypes', 'minimumHoursPerWeek', 'description'] as const;
type DetailAttribute = (typeof DETAIL_ATTRIBUTES)[number];
const isDetailAttribute = (key: string | null): key is DetailAttribute =>
  (DETAIL_ATTRIBUTES as readonly (string | null)[]).includes(key);

/** A collided answer in the class editor's words: the plan it belongs to first, for a class plan. */
export function classConflictLabel(
  conflict: ClassConflict,
  classPlans: readonly EntityRow[],
  eligiblePlans: readonly EntityRow[],
): string {
  if (conflict.entity !== 'EmployeeClassPlan')
    return conflict.attributeKey === null ? 'The class' : conflict.label;
  const classPlan = classPlans.find((cp) => cp.id === conflict.entityId);
  const plan = eligiblePlans.find((p) => p.id === classPlan?.planId);
  const name = plan ? planLabel(plan, eligiblePlans) : 'A plan of this class';
  return conflict.attributeKey === null ? name : `${name}: ${conflict.label}`;
}

/** A class or class-plan answer as a person reads it; `isGone`: the item was deleted since. */
export function classAnswerText(attributeKey: string | null, value: unknown, isGone = false): string {
  if (isGone) return 'Deleted';
  if (value === null || value === undefined || value === '') return '(empty)';
  if (Array.isArray(value)) {
    if (value.length === 0) return '(empty)';
    return value
      .map((code) => EMPLOYEE_TYPE.labels[code as keyof typeof EMPLOYEE_TYPE.labels] ?? String(code))
      .join(', ');
  }
  if (attributeKey === 'waitingPeriodType')
    return WAITING_PERIOD_TYPE.labels[value as keyof typeof WAITING_PERIOD_TYPE.labels] ?? String(value);
  if (attributeKey === 'waitingPeriodDays') return `${String(value)} days`;
  if (attributeKey === 'minimumHoursPerWeek') return `${String(value)} hours a week`;
  if (attributeKey?.endsWith('ContributionPercentage')) return `${String(value)}%`;
  return String(value);
}

/**
 * Take theirs: each collided answer of the draft becomes the one stored now (`fresh`, the class as it is
 * after the other person's change); the person's other edits stay.
 */
export function takeTheirAnswers(
  draft: ClassDraft,
  fresh: ClassDraft,
  conflicts: readonly ClassConflict[],
  classPlans: readonly EntityRow[],
): ClassDraft {
  let next = draft;
  for (const conflict of conflicts) {
    const key = conflict.attributeKey;
    if (conflict.entity === 'EmployeeClass' && isDetailAttribute(key)) {
      next = { ...next, [key]: fresh[key] };
    } else if (conflict.entity === 'EmployeeClassPlan') {
      const planId = classPlans.find((cp) => cp.id === conflict.entityId)?.planId;
      const now = typeof planId === 'string' ? fresh.plans[planId] : undefined;
      if (!now || typeof planId !== 'string') continue;
      // A plan no longer offered (deleted by the other person) is taken whole: not offered.
      const patch = isPlanAttribute(key) && now.isOffered ? { [key]: now[key] } : now;
      next = { ...next, plans: { ...next.plans, [planId]: { ...next.plans[planId]!, ...patch } } };
    }
  }
  return next;
}
