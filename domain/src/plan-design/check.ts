import { isClassEligibleBenefitType } from '../eif/classes/rules.ts';
import { planBenefitTypeLabel } from '../eif/forms/summary.ts';
import type { DesignClass, DesignPlan, PlanDesign } from './plan-design.ts';

/** The outcomes a plan-system push can have once the design was looked at (spec platform §4). */
export type PlanCheckStatus =
  'NOT_APPLICABLE' | 'COMPLETED' | 'COMPLETED_WITH_WARNINGS' | 'COMPLETED_WITH_ERRORS';

export type FindingCode =
  | 'NO_PLANS'
  | 'NO_CLASSES'
  | 'UNKNOWN_CLASS'
  | 'UNKNOWN_PLAN'
  | 'PLAN_WITHOUT_CLASS'
  | 'CLASS_WITHOUT_PLAN'
  | 'CONTRIBUTION_MISSING'
  | 'CONTRIBUTION_OUT_OF_RANGE'
  | 'CONTRIBUTIONS_NOT_100';

export type Finding = {
  severity: 'error' | 'warning' | 'info';
  code: FindingCode;
  message: string;
  entityId: string | null;
};

export type PlanCheck = { status: PlanCheckStatus; reasons: string[]; findings: Finding[] };

// Percentages typed as decimals (33.33 + 66.67) must not fail on floating-point dust.
const TOLERANCE = 0.005;

// Benefit types in words ('Life', 'Long term disability', 'FLI'), as the summary and the push page name them.
const planLabel = (plan: DesignPlan | undefined, id: string) =>
  plan?.benefitType ? `${planBenefitTypeLabel(plan.benefitType)} plan (${id})` : `plan ${id}`;
const classLabel = (cls: DesignClass | undefined, id: string) =>
  cls?.groupName ? `class "${cls.groupName}"` : `class ${id}`;

/**
 * What the carrier's plan system would say about a design. Errors (it cannot be set up as pushed): no
 * classes while some plan is set up by class, a class plan pointing at a class or plan that does not
 * exist, contributions missing, out of 0–100 or not adding up to 100. Warnings (it can be set up, but
 * someone should look): a class-eligible plan no class is offered, a class offered no plan. A client with
 * no plans has nothing to push.
 *
 * Statutory (DBL, PFL, TDB, TDI, FLI) and PFML plans cover everyone by law and are never set up by class
 * (onboarding §4 class-builder; the class builder refuses them), so a client holding only those needs
 * no class and gets no warning for them.
 */
export function checkPlanDesign(design: PlanDesign): PlanCheck {
  const findings: Finding[] = [];
  const add = (severity: Finding['severity'], code: FindingCode, message: string, entityId: string | null) =>
    findings.push({ severity, code, message, entityId });

  if (design.plans.length === 0) {
    add('info', 'NO_PLANS', 'The client has no plans to push', null);
    return { status: 'NOT_APPLICABLE', reasons: findings.map((f) => f.message), findings };
  }
  const plans = new Map(design.plans.map((p) => [p.id, p]));
  const classes = new Map(design.employeeClasses.map((c) => [c.id, c]));

  const classPlans = design.plans.filter((plan) => isClassEligibleBenefitType(plan.benefitType));
  if (classPlans.length > 0 && design.employeeClasses.length === 0)
    add('error', 'NO_CLASSES', 'The plan design has no employee classes', null);

  for (const cp of design.employeeClassPlans) {
    const cls = cp.employeeClassId ? classes.get(cp.employeeClassId) : undefined;
    const plan = cp.planId ? plans.get(cp.planId) : undefined;
    const refersToMissing = (code: FindingCode, what: string, id: string | null) =>
      add('error', code, `Class plan ${cp.id} refers to a missing ${what} (${id ?? 'none'})`, cp.id);
    if (!cls) refersToMissing('UNKNOWN_CLASS', 'class', cp.employeeClassId);
    if (!plan) refersToMissing('UNKNOWN_PLAN', 'plan', cp.planId);
    const where = `${planLabel(plan, cp.planId ?? '?')} in ${classLabel(cls, cp.employeeClassId ?? '?')}`;
    const { employerContributionPercentage: er, employeeContributionPercentage: ee } = cp;
    if (er === null || ee === null) {
      add('error', 'CONTRIBUTION_MISSING', `Contributions for the ${where} are not given`, cp.id);
    } else if (er < 0 || er > 100 || ee < 0 || ee > 100) {
      add(
        'error',
        'CONTRIBUTION_OUT_OF_RANGE',
        `Contributions for the ${where} must be between 0 and 100%`,
        cp.id,
      );
    } else if (Math.abs(er + ee - 100) > TOLERANCE) {
      add(
        'error',
        'CONTRIBUTIONS_NOT_100',
        `Contributions for the ${where} add up to ${+(er + ee).toFixed(2)}% (employer ${er}% + employee ${ee}%), not 100%`,
        cp.id,
      );
    }
  }

  const offered = new Set(design.employeeClassPlans.map((cp) => cp.planId));
  for (const plan of classPlans) {
    if (!offered.has(plan.id))
      add(
        'warning',
        'PLAN_WITHOUT_CLASS',
        `The ${planLabel(plan, plan.id)} is not offered to any class`,
        plan.id,
      );
  }
  const withPlans = new Set(design.employeeClassPlans.map((cp) => cp.employeeClassId));
  for (const cls of design.employeeClasses) {
    if (!withPlans.has(cls.id))
      add('warning', 'CLASS_WITHOUT_PLAN', `The ${classLabel(cls, cls.id)} is offered no plan`, cls.id);
  }

  const status: PlanCheckStatus = findings.some((f) => f.severity === 'error')
    ? 'COMPLETED_WITH_ERRORS'
    : findings.some((f) => f.severity === 'warning')
      ? 'COMPLETED_WITH_WARNINGS'
      : 'COMPLETED';
  // Errors first: the reasons a reader acts on come before the ones they may accept.
  const rank = { error: 0, warning: 1, info: 2 } as const;
  const ordered = [...findings].sort((a, b) => rank[a.severity] - rank[b.severity]);
  return { status, reasons: ordered.map((f) => f.message), findings: ordered };
}
