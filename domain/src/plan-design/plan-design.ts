import type { EifState } from '../eif/decider.ts';

/**
 * The plan design the plan system receives: the EIF's accepted plans, employee classes and the class
 * plans that join them with their contribution split. Pending (post-sign, unaccepted) edits are not
 * pushed: the carrier's system only ever gets what the client signed or staff accepted.
 *
 * Attribute names (our design; the spec lists the entities but not the class builder's fields):
 * EmployeeClass { groupName }, EmployeeClassPlan { employeeClassId, planId,
 * employerContributionPercentage, employeeContributionPercentage }.
 */
export type DesignPlan = { id: string; benefitType: string | null; policyId: string | null };
export type DesignClass = { id: string; groupName: string | null };
export type DesignClassPlan = {
  id: string;
  employeeClassId: string | null;
  planId: string | null;
  employerContributionPercentage: number | null;
  employeeContributionPercentage: number | null;
};

export type PlanDesign = {
  clientId: string;
  plans: DesignPlan[];
  employeeClasses: DesignClass[];
  employeeClassPlans: DesignClassPlan[];
};

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null;

/** Numbers may arrive as text from forms ("60"); anything else is "not given". */
const percentage = (value: unknown): number | null => {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return null;
};

const byId = <T extends { id: string }>(a: T, b: T) => a.id.localeCompare(b.id);

/** The design as read from the accepted EIF state; null when the client has no EIF yet. */
export function planDesignFromState(state: EifState): PlanDesign | null {
  if (state.status === 'empty') return null;
  const design: PlanDesign = {
    clientId: state.clientId,
    plans: [],
    employeeClasses: [],
    employeeClassPlans: [],
  };
  for (const { entity, entityId: id, attributes: a } of state.entities.values()) {
    switch (entity) {
      case 'Plan':
        design.plans.push({ id, benefitType: text(a.benefitType), policyId: text(a.policyId) });
        break;
      case 'EmployeeClass':
        design.employeeClasses.push({ id, groupName: text(a.groupName) });
        break;
      case 'EmployeeClassPlan':
        design.employeeClassPlans.push({
          id,
          employeeClassId: text(a.employeeClassId),
          planId: text(a.planId),
          employerContributionPercentage: percentage(a.employerContributionPercentage),
          employeeContributionPercentage: percentage(a.employeeContributionPercentage),
        });
        break;
      default:
        break;
    }
  }
  design.plans.sort(byId);
  design.employeeClasses.sort(byId);
  design.employeeClassPlans.sort(byId);
  return design;
}
