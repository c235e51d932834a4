import type { ClientView, EntityRow } from '../client-view.ts';
import type { EifIntent } from '../decider.ts';
import {
  CLASS_MESSAGES,
  checkClassDetails,
  checkContribution,
  checkWaitingPeriod,
  copyName,
  isClassEligibleBenefitType,
  type ClassDetailsInput,
  type FieldErrors,
} from './rules.ts';

/**
 * The class builder's commands, decided over the client's editing view (accepted state plus pending
 * changes: what the editor sees). A decision is a list of generic EIF entity edits; the caller decides
 * them one after another with the EIF decider and appends them as one write, so the pre-sign / post-sign
 * rules and the change records apply to classes as to every other entity.
 */

/** What the class rules read of a client: its plans, classes and class plans, and its class answer. */
export type ClassSource = Pick<ClientView, 'plans' | 'employeeClasses' | 'employeeClassPlans'> & {
  needsEmployeeClasses?: unknown;
};

/** A class plan as the editor sends it: which plan, and optionally its waiting period and contributions. */
export type ClassPlanInput = {
  planId: unknown;
  waitingPeriodType?: unknown;
  waitingPeriodDays?: unknown;
  employerContributionPercentage?: unknown;
  employeeContributionPercentage?: unknown;
};

/** Picks one of the class's class plans: by its own id, or by the plan it offers. */
export type ClassPlanRef = { employeeClassPlanId?: unknown; planId?: unknown };

export type ClassCommand =
  /** `plans`, when given, is the class's whole plan set (the editor page saves in one call). */
  | {
      type: 'CreateClass';
      employeeClassId: string;
      details: ClassDetailsInput;
      plans?: readonly ClassPlanInput[];
    }
  | {
      type: 'UpdateClass';
      employeeClassId: string;
      details: ClassDetailsInput;
      plans?: readonly ClassPlanInput[];
    }
  | { type: 'DeleteClass'; employeeClassId: string }
  | { type: 'DuplicateClass'; employeeClassId: string; newEmployeeClassId: string }
  | { type: 'SetBenefitTypePlans'; employeeClassId: string; benefitType: string; planIds: readonly unknown[] }
  | {
      type: 'SetWaitingPeriods';
      employeeClassId: string;
      waitingPeriods: readonly (ClassPlanRef & {
        waitingPeriodType?: unknown;
        waitingPeriodDays?: unknown;
      })[];
    }
  | {
      type: 'SetContributions';
      employeeClassId: string;
      contributions: readonly (ClassPlanRef & {
        employerContributionPercentage?: unknown;
        employeeContributionPercentage?: unknown;
      })[];
    };

type ClassEntity = 'EmployeeClass' | 'EmployeeClassPlan';
/** An EIF entity edit of the class builder; the command handler makes it an EIF command (classEditIntent). */
export type ClassEdit =
  | { type: 'CreateEntity'; entity: ClassEntity; entityId: string; attributes: Record<string, unknown> }
  | { type: 'ChangeAttributes'; entity: ClassEntity; entityId: string; attributes: Record<string, unknown> }
  | { type: 'DeleteEntity'; entity: ClassEntity; entityId: string };

/** The EIF command an edit is, for the client and with the change id the handler gives it. */
export const classEditIntent = (
  { type, ...edit }: ClassEdit,
  clientId: string,
  changeId: string,
): EifIntent => ({ type, data: { ...edit, clientId, changeId } }) as EifIntent;

export type ClassError =
  | { code: 'INVALID'; message: string; fieldErrors: FieldErrors }
  | { code: 'NOT_FOUND'; message: string }
  | { code: 'ALREADY_HAS_CLASSES'; message: string };

export type ClassDecision =
  { ok: true; employeeClassId: string; edits: ClassEdit[] } | { ok: false; error: ClassError };

const invalid = (fieldErrors: FieldErrors): ClassDecision => ({
  ok: false,
  error: { code: 'INVALID', message: 'Some answers need a look', fieldErrors },
});
const notFound = (): ClassDecision => ({
  ok: false,
  error: { code: 'NOT_FOUND', message: CLASS_MESSAGES.classNotFound },
});
const done = (employeeClassId: string, edits: ClassEdit[]): ClassDecision => ({
  ok: true,
  employeeClassId,
  edits,
});

const create = (
  entity: ClassEdit['entity'],
  entityId: string,
  attributes: Record<string, unknown>,
): ClassEdit => ({
  type: 'CreateEntity',
  entity,
  entityId,
  attributes,
});
const change = (
  entity: ClassEdit['entity'],
  entityId: string,
  attributes: Record<string, unknown>,
): ClassEdit => ({
  type: 'ChangeAttributes',
  entity,
  entityId,
  attributes,
});
const remove = (entity: ClassEdit['entity'], entityId: string): ClassEdit => ({
  type: 'DeleteEntity',
  entity,
  entityId,
});

export const classPlansOf = (source: ClassSource, employeeClassId: string) =>
  source.employeeClassPlans.filter((cp) => cp.employeeClassId === employeeClassId);

/** Onboarding §3 needsEmployeeClasses: answered "no" means one class for everyone. */
function refusesAnotherClass(source: ClassSource): ClassDecision | null {
  if (source.needsEmployeeClasses === false && source.employeeClasses.length > 0)
    return { ok: false, error: { code: 'ALREADY_HAS_CLASSES', message: CLASS_MESSAGES.alreadyHasClasses } };
  return null;
}

/**
 * Brings the class's plans to exactly `wanted` (plan id -> attributes to set): creates the new class
 * plans, changes the kept ones, deletes the rest of `scope`.
 */
function reconcile(
  employeeClassId: string,
  scope: readonly EntityRow[],
  wanted: ReadonlyMap<string, Record<string, unknown>>,
  plansById: ReadonlyMap<string, EntityRow>,
  newId: () => string,
): ClassEdit[] {
  const edits: ClassEdit[] = [];
  const kept = new Set<string>();
  for (const existing of scope) {
    const planId = String(existing.planId);
    const attributes = wanted.get(planId);
    if (!attributes || kept.has(planId)) edits.push(remove('EmployeeClassPlan', existing.id));
    else {
      kept.add(planId);
      if (Object.keys(attributes).length > 0)
        edits.push(change('EmployeeClassPlan', existing.id, attributes));
    }
  }
  for (const [planId, attributes] of wanted) {
    if (kept.has(planId)) continue;
    edits.push(
      create('EmployeeClassPlan', newId(), {
        employeeClassId,
        planId,
        benefitType: plansById.get(planId)?.benefitType ?? null,
        waitingPeriodType: null,
        waitingPeriodDays: null,
        employerContributionPercentage: null,
        employeeContributionPercentage: null,
        ...attributes,
      }),
    );
  }
  return edits;
}

/** The whole plan set of a class as the editor page sends it. */
function checkPlanSet(
  source: ClassSource,
  plans: readonly ClassPlanInput[],
): { ok: true; wanted: Map<string, Record<string, unknown>> } | { ok: false; fieldErrors: FieldErrors } {
  const errors: FieldErrors = {};
  const wanted = new Map<string, Record<string, unknown>>();
  plans.forEach((item, i) => {
    const prefix = `plans.${i}.`;
    const plan = source.plans.find((p) => p.id === item.planId);
    if (!plan) {
      errors[`${prefix}planId`] = CLASS_MESSAGES.unknownPlan;
      return;
    }
    if (!isClassEligibleBenefitType(plan.benefitType)) {
      errors[`${prefix}planId`] = CLASS_MESSAGES.benefitTypeNotEligible;
      return;
    }
    const waiting = checkWaitingPeriod(item, prefix);
    const contribution = checkContribution(item, prefix);
    if (!waiting.ok) Object.assign(errors, waiting.fieldErrors);
    if (!contribution.ok) Object.assign(errors, contribution.fieldErrors);
    if (waiting.ok && contribution.ok) wanted.set(plan.id, { ...waiting.value, ...contribution.value });
  });
  return Object.keys(errors).length > 0 ? { ok: false, fieldErrors: errors } : { ok: true, wanted };
}

function findClassPlan(classPlans: readonly EntityRow[], ref: ClassPlanRef): EntityRow | undefined {
  if (ref.employeeClassPlanId !== undefined && ref.employeeClassPlanId !== null)
    return classPlans.find((cp) => cp.id === ref.employeeClassPlanId);
  return classPlans.find((cp) => cp.planId === ref.planId);
}

/** Decides a class-builder command; `newId` names the class plans it creates. */
export function decideClassCommand(
  command: ClassCommand,
  source: ClassSource,
  newId: () => string,
): ClassDecision {
  const { employeeClassId } = command;
  const current = source.employeeClasses.find((c) => c.id === employeeClassId);
  const plansById = new Map(source.plans.map((p) => [p.id, p]));
  switch (command.type) {
    case 'CreateClass':
    case 'UpdateClass': {
      const isCreate = command.type === 'CreateClass';
      if (!isCreate && !current) return notFound();
      if (isCreate) {
        const refusal = refusesAnotherClass(source);
        if (refusal) return refusal;
      }
      const others = source.employeeClasses.filter((c) => c.id !== employeeClassId);
      const details = checkClassDetails(command.details, others);
      const planSet = command.plans ? checkPlanSet(source, command.plans) : null;
      const errors = {
        ...(details.ok ? {} : details.fieldErrors),
        ...(planSet?.ok === false ? planSet.fieldErrors : {}),
      };
      if (!details.ok || planSet?.ok === false) return invalid(errors);
      const edits: ClassEdit[] = [
        isCreate
          ? create('EmployeeClass', employeeClassId, details.details)
          : change('EmployeeClass', employeeClassId, details.details),
      ];
      if (planSet?.ok)
        edits.push(
          ...reconcile(
            employeeClassId,
            classPlansOf(source, employeeClassId),
            planSet.wanted,
            plansById,
            newId,
          ),
        );
      return done(employeeClassId, edits);
    }
    case 'DeleteClass': {
      if (!current) return notFound();
      // Class plans first: no moment in the stream has a class plan pointing at a missing class.
      const edits = classPlansOf(source, employeeClassId).map((cp) => remove('EmployeeClassPlan', cp.id));
      return done(employeeClassId, [...edits, remove('EmployeeClass', employeeClassId)]);
    }
    case 'DuplicateClass': {
      if (!current) return notFound();
      const refusal = refusesAnotherClass(source);
      if (refusal) return refusal;
      const { id: _id, ...attributes } = current;
      const copy = command.newEmployeeClassId;
      const groupName = copyName(String(current.groupName ?? ''), source.employeeClasses);
      const classPlans = classPlansOf(source, employeeClassId).map((cp) => {
        const { id: _cpId, ...cpAttributes } = cp;
        return create('EmployeeClassPlan', newId(), { ...cpAttributes, employeeClassId: copy });
      });
      return done(copy, [create('EmployeeClass', copy, { ...attributes, groupName }), ...classPlans]);
    }
    case 'SetBenefitTypePlans': {
      if (!current) return notFound();
      if (!isClassEligibleBenefitType(command.benefitType))
        return invalid({ benefitType: CLASS_MESSAGES.benefitTypeNotEligible });
      const errors: FieldErrors = {};
      command.planIds.forEach((planId, i) => {
        const plan = plansById.get(String(planId));
        if (!plan) errors[`planIds.${i}`] = CLASS_MESSAGES.unknownPlan;
        else if (plan.benefitType !== command.benefitType)
          errors[`planIds.${i}`] = CLASS_MESSAGES.planOfOtherBenefitType;
      });
      if (Object.keys(errors).length > 0) return invalid(errors);
      // Only this benefit type's class plans are touched; kept ones keep their waiting period and shares.
      const scope = classPlansOf(source, employeeClassId).filter((cp) => {
        const plan = plansById.get(String(cp.planId));
        return (plan?.benefitType ?? cp.benefitType) === command.benefitType;
      });
      const wanted = new Map(command.planIds.map((id) => [String(id), {}]));
      return done(employeeClassId, reconcile(employeeClassId, scope, wanted, plansById, newId));
    }
    case 'SetWaitingPeriods':
    case 'SetContributions': {
      if (!current) return notFound();
      const classPlans = classPlansOf(source, employeeClassId);
      const isWaiting = command.type === 'SetWaitingPeriods';
      const items = isWaiting ? command.waitingPeriods : command.contributions;
      const list = isWaiting ? 'waitingPeriods' : 'contributions';
      const errors: FieldErrors = {};
      const edits: ClassEdit[] = [];
      items.forEach((item, i) => {
        const prefix = `${list}.${i}.`;
        const classPlan = findClassPlan(classPlans, item);
        if (!classPlan) {
          const key = item.employeeClassPlanId !== undefined ? 'employeeClassPlanId' : 'planId';
          errors[`${prefix}${key}`] = CLASS_MESSAGES.planNotInClass;
          return;
        }
        // Both item shapes are plain records; each check reads only its own two keys.
        const values = item as Record<string, unknown>;
        const checked = isWaiting ? checkWaitingPeriod(values, prefix) : checkContribution(values, prefix);
        if (!checked.ok) Object.assign(errors, checked.fieldErrors);
        else edits.push(change('EmployeeClassPlan', classPlan.id, { ...checked.value }));
      });
      if (Object.keys(errors).length > 0) return invalid(errors);
      return done(employeeClassId, edits);
    }
    default: {
      const unknown: never = command;
      throw new Error(`Unknown class command ${JSON.stringify(unknown)}`);
    }
  }
}
