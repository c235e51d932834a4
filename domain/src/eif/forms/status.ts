import { VIEW_COLLECTIONS, type ClientView, type EntityRow } from '../client-view.ts';
import type { EifStepId, EifSubStepId } from '../steps/catalogue.ts';
import { eifStepStatus, hasAnswer, pfmlSectionStatus, type EifSectionStatus } from '../steps/status.ts';
import { visibleSubSteps, type VisibilityInput, type VisibleSubStep } from '../steps/visibility.ts';
import { subStepForm } from './definitions.ts';
import { fieldError, shownFields, validateFields } from './fields.ts';
import type { FieldDef, FieldValues, FormSection } from './types.ts';

/**
 * Progress of each EIF sub-step, read from the client's answers through the same definitions the forms
 * render: Not Started while nothing of the sub-step is answered, Completed once every shown field of every
 * section is valid and answered where required (for every policy, every selected plan, every collection
 * item, with at least `min` items), In Progress between.
 */

/** The view a status is read from: the accepted view, or the editing view (pending changes applied). */
export type StatusView = Pick<
  ClientView,
  | 'policies'
  | 'plans'
  | 'contacts'
  | 'locations'
  | 'bills'
  | 'subsidiaries'
  | 'monthlyClaimsReportMailingLocations'
  | 'employeeClasses'
  | 'employeeClassPlans'
> &
  Readonly<Record<string, unknown>>;

/** One section's (or one part's) progress. */
type Part = { started: boolean; complete: boolean };

function entityPart(fields: readonly FieldDef[], values: FieldValues): Part {
  const shown = shownFields(fields, values);
  return {
    started: shown.some((field) => hasAnswer(values[field.key])),
    complete: shown.every((field) => fieldError(field, values[field.key], values) === null),
  };
}

const combine = (parts: readonly Part[]): Part => ({
  started: parts.some((part) => part.started),
  complete: parts.every((part) => part.complete),
});

const statusOf = (part: Part): EifSectionStatus => {
  if (part.complete) return 'Completed';
  return part.started ? 'In Progress' : 'Not Started';
};

const matchesFixed = (row: EntityRow, fixed: Readonly<Record<string, string>> | undefined) =>
  !fixed || Object.entries(fixed).every(([key, value]) => row[key] === value);

const isPfmlSection = (section: FormSection) =>
  section.type === 'plan' && section.fields.some((field) => field.key === 'allowPFMLAndSTDConcurrently');

/** The parts of one section; a section with nothing to ask (no policy, no selected plan) has none. */
function sectionParts(section: FormSection, view: StatusView): Part[] {
  switch (section.type) {
    case 'client':
      return [entityPart(section.fields, view)];
    case 'policy':
      return view.policies.map((policy) => entityPart(section.fields, policy));
    case 'plan': {
      const plans = view.plans.filter(section.plans);
      if (plans.length === 0) return [];
      if (isPfmlSection(section)) {
        // Onboarding §4 'PFML section status': only allowPFMLAndSTDConcurrently decides.
        const done =
          pfmlSectionStatus(plans as { allowPFMLAndSTDConcurrently?: boolean | null }[]) === 'Completed';
        return [{ started: done, complete: done }];
      }
      return plans.map((plan) => entityPart(section.fields, plan));
    }
    case 'collection': {
      if (section.when && !section.when(view)) return [];
      const items = view[VIEW_COLLECTIONS[section.entity]].filter((row) => matchesFixed(row, section.fixed));
      return [
        {
          started: items.length > 0,
          complete:
            items.length >= (section.min ?? 0) &&
            items.every(
              (item) => Object.keys(validateFields(section.fields, {}, { current: item })).length === 0,
            ),
        },
      ];
    }
    case 'classBuilder':
      return [classBuilderPart(view)];
    default: {
      const unknown: never = section;
      throw new Error(`Unknown form section ${JSON.stringify(unknown)}`);
    }
  }
}

/**
 * Completed once a class exists with at least one plan in it, or, for a client that said it needs no
 * separate classes, once its one class exists; Not Started with no class; In Progress between.
 */
function classBuilderPart(view: StatusView): Part {
  const classes = view.employeeClasses;
  if (classes.length === 0) return { started: false, complete: false };
  const withPlan = classes.some((employeeClass) =>
    view.employeeClassPlans.some((classPlan) => classPlan.employeeClassId === employeeClass.id),
  );
  return { started: true, complete: withPlan || view.needsEmployeeClasses === false };
}

/** A sub-step's status for a client (see the module comment); a sub-step with nothing to ask is Completed. */
export function subStepStatus(id: EifSubStepId, view: StatusView): EifSectionStatus {
  const form = subStepForm(id);
  // The class builder's question (needsEmployeeClasses) alone does not start it: the classes do.
  const sections =
    id === 'class-builder' ? form.sections.filter((s) => s.type === 'classBuilder') : form.sections;
  return statusOf(combine(sections.flatMap((section) => sectionParts(section, view))));
}

/** The facts visibleSubSteps needs, read from a view whose rows are loosely typed. */
export function visibilityInputOf(view: StatusView): VisibilityInput {
  return {
    policies: view.policies.map((policy) => ({
      slfCoverages: Array.isArray(policy.slfCoverages) ? policy.slfCoverages.map(String) : [],
    })),
    plans: view.plans.map((plan) => ({ benefitType: String(plan.benefitType ?? '') })),
    healthcareProfessionalsSegment:
      typeof view.healthcareProfessionalsSegment === 'boolean' ? view.healthcareProfessionalsSegment : null,
  };
}

export type EifSubStepProgress = VisibleSubStep & { status: EifSectionStatus };
export type EifStepProgress = {
  id: EifStepId;
  label: string;
  status: EifSectionStatus;
  subSteps: EifSubStepProgress[];
};

/**
 * The visible steps and sub-steps (onboarding §4) with their statuses. review-&-submit has no sub-steps:
 * it is Completed once the EIF is signed, Not Started before.
 */
export function eifStepStatuses(view: StatusView): EifStepProgress[] {
  return visibleSubSteps(visibilityInputOf(view)).map((step) => {
    const subSteps = step.subSteps.map((subStep) => ({
      ...subStep,
      status: subStepStatus(subStep.id, view),
    }));
    const status: EifSectionStatus =
      subSteps.length === 0
        ? hasAnswer(view.eifSignedAt)
          ? 'Completed'
          : 'Not Started'
        : eifStepStatus(subSteps.map((subStep) => subStep.status));
    return { id: step.id, label: step.label, status, subSteps };
  });
}

/** The contract's name for eifStepStatuses. */
export const stepStatuses = eifStepStatuses;
