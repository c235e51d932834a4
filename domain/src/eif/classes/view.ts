import type { ClientView, EntityRow } from '../client-view.ts';
import { classPlansOf } from './decide.ts';
import { EMPLOYEE_TYPE, classEligiblePlans, isClassPlanComplete, type EmployeeType } from './rules.ts';

/** A class as the class builder shows it: its fields, its class plans, and how far it is filled in. */
export type EmployeeClassDetail = EntityRow & {
  groupName: string;
  employeeTypes: string[];
  minimumHoursPerWeek: number | null;
  description: string | null;
  plans: EntityRow[];
  /** Every class plan has a waiting period and both contributions. */
  isComplete: boolean;
  /** After signing: the class or one of its class plans has an edit waiting for review. */
  hasPendingChanges: boolean;
};

/** The answer of the class-builder calls: every class of the client as its editor sees them. */
export type EmployeeClassesView = {
  clientId: string;
  /** The If-Match value for the next write. */
  version: number;
  eifStatus: ClientView['eifStatus'];
  /** Onboarding §3 needsEmployeeClasses (false: one class for every employee). */
  needsEmployeeClasses: boolean | null;
  /** The client's plans a class can offer (statutory and PFML plans are set up outside classes). */
  eligiblePlans: EntityRow[];
  employeeClasses: EmployeeClassDetail[];
};

const stringOrNull = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/** Built from the editing view (toEditingView): pending creations and edits show as the editor made them. */
export function employeeClassesView(view: ClientView): EmployeeClassesView {
  const pendingIds = new Set(
    view.pendingChanges
      .filter((c) => c.entity === 'EmployeeClass' || c.entity === 'EmployeeClassPlan')
      .map((c) => c.entityId),
  );
  const employeeClasses = view.employeeClasses
    .map((cls): EmployeeClassDetail => {
      const plans = classPlansOf(view, cls.id);
      return {
        ...cls,
        groupName: String(cls.groupName ?? ''),
        employeeTypes: Array.isArray(cls.employeeTypes) ? cls.employeeTypes.map(String) : [],
        minimumHoursPerWeek: typeof cls.minimumHoursPerWeek === 'number' ? cls.minimumHoursPerWeek : null,
        description: stringOrNull(cls.description),
        plans,
        isComplete: plans.length > 0 && plans.every(isClassPlanComplete),
        hasPendingChanges: pendingIds.has(cls.id) || plans.some((cp) => pendingIds.has(cp.id)),
      };
    })
    .sort((a, b) => a.groupName.localeCompare(b.groupName) || a.id.localeCompare(b.id));
  const needs = view.needsEmployeeClasses;
  return {
    clientId: view.id,
    version: view.version,
    eifStatus: view.eifStatus,
    needsEmployeeClasses: typeof needs === 'boolean' ? needs : null,
    // The policy number names a plan for a person (plans have no names of their own in the EIF).
    eligiblePlans: classEligiblePlans(view.plans).map((plan) => ({
      ...plan,
      slfPolicyNumber: view.policies.find((p) => p.id === plan.policyId)?.slfPolicyNumber ?? null,
    })),
    employeeClasses,
  };
}

/** 'Full-time, Part-time · 30+ hours a week' (the list's eligibility column). */
export function eligibilitySummary(
  cls: Pick<EmployeeClassDetail, 'employeeTypes' | 'minimumHoursPerWeek'>,
): string {
  const types = cls.employeeTypes.map((t) => EMPLOYEE_TYPE.labels[t as EmployeeType] ?? t).join(', ');
  const hours = cls.minimumHoursPerWeek === null ? '' : `${cls.minimumHoursPerWeek}+ hours a week`;
  return [types, hours].filter(Boolean).join(' · ') || 'Not given';
}
