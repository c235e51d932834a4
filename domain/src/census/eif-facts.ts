import type { ClientView } from '../eif/client-view.ts';
import { classPlansOf } from '../eif/classes/decide.ts';
import type { WaitingPeriodType } from '../eif/classes/rules.ts';
import { planBenefitTypeLabel } from '../eif/forms/summary.ts';
import { CHILD_AGE_LIMIT } from './rules.ts';

export type WaitingPeriodRule = { type: WaitingPeriodType; days: number | null };

/** A class of the class builder as the census rules see it, for one policy. */
export type CensusClass = {
  name: string;
  minimumHoursPerWeek: number | null;
  /** The waiting period of the class's plans under the policy (the first plan's, by plan). */
  waitingPeriod: WaitingPeriodRule | null;
  /** The class's plans under the policy, by benefit type in words ('Dental', 'Long term disability'). */
  plans: string[];
};

/** What the census is checked against: the client's signed EIF. */
export type CensusEifFacts = {
  /** False before the EIF is signed: the EIF rules are then left out (the report says so). */
  signed: boolean;
  classes: CensusClass[];
  locations: string[];
  domesticPartnersEligible: boolean;
  childAgeLimit: number;
  /** The day a child's age is taken on when the row gives no coverage effective date (YYYY-MM-DD). */
  asOf: string;
};

const WAITING_TYPES: readonly string[] = [
  'DATE_OF_HIRE',
  'FIRST_OF_MONTH_AFTER_HIRE',
  'DAYS_AFTER_HIRE',
  'FIRST_OF_MONTH_AFTER_DAYS',
];

/**
 * The facts of the signed EIF (the accepted view: pending edits after signing do not count) for one
 * policy: each class with its hours rule, its waiting period and the plans it offers under the policy,
 * the locations by name, and whether domestic partners may be covered.
 */
export function censusFactsOf(view: ClientView, policyId: string, asOf: string): CensusEifFacts {
  const policyPlans = new Map(view.plans.filter((p) => p.policyId === policyId).map((p) => [p.id, p]));
  const classes = view.employeeClasses.map((cls): CensusClass => {
    const classPlans = classPlansOf(view, cls.id)
      .filter((cp) => policyPlans.has(String(cp.planId)))
      .sort((a, b) => String(a.planId).localeCompare(String(b.planId)));
    const first = classPlans.find((cp) => WAITING_TYPES.includes(String(cp.waitingPeriodType)));
    return {
      name: String(cls.groupName ?? ''),
      minimumHoursPerWeek: typeof cls.minimumHoursPerWeek === 'number' ? cls.minimumHoursPerWeek : null,
      waitingPeriod: first
        ? {
            type: first.waitingPeriodType as WaitingPeriodType,
            days: typeof first.waitingPeriodDays === 'number' ? first.waitingPeriodDays : null,
          }
        : null,
      plans: classPlans.map((cp) =>
        planBenefitTypeLabel(String(policyPlans.get(String(cp.planId))?.benefitType ?? '')),
      ),
    };
  });
  return {
    signed: view.eifStatus === 'signed',
    classes,
    locations: view.locations.map((l) => String(l.name ?? '')).filter(Boolean),
    domesticPartnersEligible:
      view.domesticPartnersEligible === 'YES' || view.domesticPartnersEligible === true,
    childAgeLimit: CHILD_AGE_LIMIT,
    asOf,
  };
}

/**
 * The benefits-administration platform the policy's EIF names (its benefits administration sub-step),
 * or null when it names none.
 */
export function censusPlatformOf(view: ClientView, policyId: string): string | null {
  const policy = view.policies.find((p) => p.id === policyId);
  if (!policy) return null;
  const uses = policy.usesBenAdminPlatform;
  const name = policy.benAdminPlatformName;
  if (uses === false || uses === 'NO' || typeof name !== 'string') return null;
  return name.trim() === '' ? null : name.trim();
}
