import type { EifActor, EifEvent } from '@onboard/events';
import {
  accepted,
  refused,
  type Command,
  type CommandMetadata,
  type Decider,
  type Decision,
  type Intent,
} from '../../decider.ts';
import { toEditingView, type ClientView, type EntityRow } from '../client-view.ts';
import { eifDecider, fold, type EifCommand, type EifError, type EifState } from '../decider.ts';
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
 * The class builder's decider: its commands are decided over the client's editing view (accepted state
 * plus pending changes: what the editor sees) into generic EIF entity edits, and every edit is decided
 * in turn by the EIF decider, so the pre-sign / post-sign rules and the change records apply to classes
 * as to every other entity. Its state and events are the EIF's.
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

/**
 * Every class command names the ids it may need with `newId`: the class plans it creates and the change
 * id of each edit it records (the domain makes no ids).
 */
type ClassData<Data> = Data & { employeeClassId: string; newId: () => string };
type ClassCommandOf<Type extends string, Data = object> = Command<
  Type,
  ClassData<Data>,
  CommandMetadata<EifActor>
>;

export type ClassCommand =
  /** `plans`, when given, is the class's whole plan set (the editor page saves in one call). */
  | ClassCommandOf<'CreateClass', { details: ClassDetailsInput; plans?: readonly ClassPlanInput[] }>
  | ClassCommandOf<'UpdateClass', { details: ClassDetailsInput; plans?: readonly ClassPlanInput[] }>
  | ClassCommandOf<'DeleteClass'>
  | ClassCommandOf<'DuplicateClass', { newEmployeeClassId: string }>
  | ClassCommandOf<'SetBenefitTypePlans', { benefitType: string; planIds: readonly unknown[] }>
  | ClassCommandOf<
      'SetWaitingPeriods',
      {
        waitingPeriods: readonly (ClassPlanRef & {
          waitingPeriodType?: unknown;
          waitingPeriodDays?: unknown;
        })[];
      }
    >
  | ClassCommandOf<
      'SetContributions',
      {
        contributions: readonly (ClassPlanRef & {
          employerContributionPercentage?: unknown;
          employeeContributionPercentage?: unknown;
        })[];
      }
    >;

type ClassEntity = 'EmployeeClass' | 'EmployeeClassPlan';
/** An EIF entity edit of the class builder, before it is an EIF command. */
type ClassEdit =
  | { type: 'CreateEntity'; entity: ClassEntity; entityId: string; attributes: Record<string, unknown> }
  | { type: 'ChangeAttributes'; entity: ClassEntity; entityId: string; attributes: Record<string, unknown> }
  | { type: 'DeleteEntity'; entity: ClassEntity; entityId: string };

export type ClassError =
  | { code: 'INVALID'; message: string; fieldErrors: FieldErrors }
  | { code: 'NOT_FOUND'; message: string }
  | { code: 'ALREADY_HAS_CLASSES'; message: string };

type EditsDecision = Decision<ClassEdit, ClassError>;

const invalid = (fieldErrors: FieldErrors): EditsDecision =>
  refused({ code: 'INVALID', message: 'Some answers need a look', fieldErrors });
const notFound = (): EditsDecision => refused({ code: 'NOT_FOUND', message: CLASS_MESSAGES.classNotFound });
const done = (edits: ClassEdit[]): EditsDecision => accepted(...edits);

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
function refusesAnotherClass(source: ClassSource): EditsDecision | null {
  if (source.needsEmployeeClasses === false && source.employeeClasses.length > 0)
    return refused({ code: 'ALREADY_HAS_CLASSES', message: CLASS_MESSAGES.alreadyHasClasses });
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

/** The class's plans of one benefit type: only plans of that type; kept ones keep their waiting period and shares. */
function decideBenefitTypePlans(
  command: Extract<ClassCommand, { type: 'SetBenefitTypePlans' }>,
  source: ClassSource,
  plansById: ReadonlyMap<string, EntityRow>,
): EditsDecision {
  const { employeeClassId, newId } = command.data;
  if (!isClassEligibleBenefitType(command.data.benefitType))
    return invalid({ benefitType: CLASS_MESSAGES.benefitTypeNotEligible });
  const errors: FieldErrors = {};
  command.data.planIds.forEach((planId, i) => {
    const plan = plansById.get(String(planId));
    if (!plan) errors[`planIds.${i}`] = CLASS_MESSAGES.unknownPlan;
    else if (plan.benefitType !== command.data.benefitType)
      errors[`planIds.${i}`] = CLASS_MESSAGES.planOfOtherBenefitType;
  });
  if (Object.keys(errors).length > 0) return invalid(errors);
  // Only this benefit type's class plans are touched; kept ones keep their waiting period and shares.
  const scope = classPlansOf(source, employeeClassId).filter((cp) => {
    const plan = plansById.get(String(cp.planId));
    return (plan?.benefitType ?? cp.benefitType) === command.data.benefitType;
  });
  const wanted = new Map(command.data.planIds.map((id) => [String(id), {}]));
  return done(reconcile(employeeClassId, scope, wanted, plansById, newId));
}

/** Waiting periods or contributions of the class's plans, each checked and changed on its class plan. */
function decideClassPlanTerms(
  command: Extract<ClassCommand, { type: 'SetWaitingPeriods' | 'SetContributions' }>,
  source: ClassSource,
): EditsDecision {
  const { employeeClassId } = command.data;
  const classPlans = classPlansOf(source, employeeClassId);
  const isWaiting = command.type === 'SetWaitingPeriods';
  const items = isWaiting ? command.data.waitingPeriods : command.data.contributions;
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
  return done(edits);
}

/** The entity edits a class-builder command makes of the editor's view of the form. */
function decideEdits(command: ClassCommand, source: ClassSource): EditsDecision {
  const { employeeClassId, newId } = command.data;
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
      const details = checkClassDetails(command.data.details, others);
      const planSet = command.data.plans ? checkPlanSet(source, command.data.plans) : null;
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
      return done(edits);
    }
    case 'DeleteClass': {
      if (!current) return notFound();
      // Class plans first: no moment in the stream has a class plan pointing at a missing class.
      const edits = classPlansOf(source, employeeClassId).map((cp) => remove('EmployeeClassPlan', cp.id));
      return done([...edits, remove('EmployeeClass', employeeClassId)]);
    }
    case 'DuplicateClass': {
      if (!current) return notFound();
      const refusal = refusesAnotherClass(source);
      if (refusal) return refusal;
      const { id: _id, ...attributes } = current;
      const copy = command.data.newEmployeeClassId;
      const groupName = copyName(String(current.groupName ?? ''), source.employeeClasses);
      const classPlans = classPlansOf(source, employeeClassId).map((cp) => {
        const { id: _cpId, ...cpAttributes } = cp;
        return create('EmployeeClassPlan', newId(), { ...cpAttributes, employeeClassId: copy });
      });
      return done([create('EmployeeClass', copy, { ...attributes, groupName }), ...classPlans]);
    }
    case 'SetBenefitTypePlans':
      if (!current) return notFound();
      return decideBenefitTypePlans(command, source, plansById);
    case 'SetWaitingPeriods':
    case 'SetContributions':
      if (!current) return notFound();
      return decideClassPlanTerms(command, source);
    default: {
      const unknown: never = command;
      throw new Error(`Unknown class command ${JSON.stringify(unknown)}`);
    }
  }
}

/** The EIF command an edit is, for the client, with the change id and metadata the command gives it. */
const toEifCommand = (
  { type, ...edit }: ClassEdit,
  clientId: string,
  changeId: string,
  metadata: ClassCommand['metadata'],
): EifCommand => ({ type, data: { ...edit, clientId, changeId }, metadata }) as EifCommand;

export type ClassDecisionError = ClassError | EifError;

/**
 * Decides a class-builder command against the client's EIF: the class rules read the editing view, then
 * each entity edit is decided by the EIF decider against the state the earlier ones left, so the command
 * is all its events or one refusal.
 */
function decide(command: ClassCommand, state: EifState): Decision<EifEvent, ClassDecisionError> {
  // The class rules do not read the view's version.
  const view = toEditingView(state, 0n);
  if (state.status === 'empty' || !view) return refused({ code: 'NOT_FOUND', message: 'Client not found' });
  const edits = decideEdits(command, view);
  if (!edits.ok) return edits;
  const events: EifEvent[] = [];
  let current: EifState = state;
  for (const edit of edits.events) {
    const eifCommand = toEifCommand(edit, state.clientId, command.data.newId(), command.metadata);
    const decision = eifDecider.decide(eifCommand, current);
    if (!decision.ok) return decision;
    events.push(...decision.events);
    current = fold(decision.events, current);
  }
  return accepted(...events);
}

/** The class builder as one decider (domain/src/decider.ts), over the EIF's state and events. */
export const classDecider: Decider<EifState, ClassCommand, EifEvent, ClassDecisionError> = {
  initialState: eifDecider.initialState,
  decide,
  evolve: eifDecider.evolve,
};

/** The class a command touched: the new copy for a duplicate, else the class it names. */
export const touchedClassId = (command: Intent<ClassCommand>): string =>
  command.type === 'DuplicateClass' ? command.data.newEmployeeClassId : command.data.employeeClassId;
