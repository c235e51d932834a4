import type { ClientView } from '../eif/client-view.ts';
import { classPlansOf } from '../eif/classes/decide.ts';
import { planBenefitTypeLabel } from '../eif/forms/summary.ts';
import type { WaitingPeriodRule } from '../census/eif-facts.ts';
import type { Relationship } from '../census/rules.ts';

/** A class of the signed EIF as the feed checks see it: its plans across the client's policies. */
export type FeedClass = {
  name: string;
  waitingPeriod: WaitingPeriodRule | null;
  plans: { benefitType: string; label: string; policyEffectiveDate: string | null }[];
};

/** What a feed is checked against: the signed EIF (the accepted view). */
export type DataFeedFacts = {
  /** False before the EIF is signed: the EIF rules are then left out (the report says so). */
  signed: boolean;
  classes: FeedClass[];
  /** Whether the signed EIF lets employees cover a domestic partner. */
  domesticPartnersEligible: boolean;
  /** The earliest policy effective date (YYYY-MM-DD), for terminations of coverages no class names. */
  policyEffectiveDate: string | null;
};

const WAITING_TYPES: readonly string[] = [
  'DATE_OF_HIRE',
  'FIRST_OF_MONTH_AFTER_HIRE',
  'DAYS_AFTER_HIRE',
  'FIRST_OF_MONTH_AFTER_DAYS',
];
const isDay = (value: unknown): value is string =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);

/** The facts of the client's signed EIF: each class with its plans under every policy. */
export function dataFeedFactsOf(view: ClientView): DataFeedFacts {
  const policies = new Map(view.policies.map((p) => [p.id, p]));
  const plans = new Map(view.plans.map((p) => [p.id, p]));
  const effectiveOf = (policyId: unknown) => {
    const date = policies.get(String(policyId))?.policyEffectiveDate;
    return isDay(date) ? date : null;
  };
  const classes = view.employeeClasses.map((cls): FeedClass => {
    const classPlans = classPlansOf(view, cls.id)
      .filter((cp) => plans.has(String(cp.planId)))
      .sort((a, b) => String(a.planId).localeCompare(String(b.planId)));
    const first = classPlans.find((cp) => WAITING_TYPES.includes(String(cp.waitingPeriodType)));
    return {
      name: String(cls.groupName ?? ''),
      waitingPeriod: first
        ? {
            type: first.waitingPeriodType as WaitingPeriodRule['type'],
            days: typeof first.waitingPeriodDays === 'number' ? first.waitingPeriodDays : null,
          }
        : null,
      plans: classPlans.map((cp) => {
        const plan = plans.get(String(cp.planId))!;
        const benefitType = String(plan.benefitType ?? '');
        return {
          benefitType,
          label: planBenefitTypeLabel(benefitType),
          policyEffectiveDate: effectiveOf(plan.policyId),
        };
      }),
    };
  });
  const dates = view.policies
    .map((p) => p.policyEffectiveDate)
    .filter(isDay)
    .sort();
  return {
    signed: view.eifStatus === 'signed',
    classes,
    domesticPartnersEligible:
      view.domesticPartnersEligible === 'YES' || view.domesticPartnersEligible === true,
    policyEffectiveDate: dates[0] ?? null,
  };
}

/** One person of the submitted census, as the feed checks compare with it. */
export type FeedCensusPerson = {
  policyId: string;
  /** The row as the spreadsheet numbers it (the header is row 1). */
  row: number;
  employeeId: string;
  relationship: Relationship;
  /** Nine digits, or null. */
  ssn: string | null;
  firstName: string;
  lastName: string;
  dateOfBirth: string | null;
  hireDate: string | null;
  employeeClass: string;
  /** The elected plans as the census names them ('Dental', 'Long term disability'). */
  electedPlans: string[];
  coverageEffectiveDate: string | null;
};

/** The submitted census of every policy; null when no policy has one submitted (the rules are left out). */
export type FeedCensus = FeedCensusPerson[] | null;
