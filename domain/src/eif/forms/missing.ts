import type { EifEntity } from '@onboard/events';
import { VIEW_COLLECTIONS, type EntityRow } from '../client-view.ts';
import { eifStepOf, type EifStepId, type EifSubStepId } from '../steps/catalogue.ts';
import { hasAnswer } from '../steps/status.ts';
import { visibleSubSteps } from '../steps/visibility.ts';
import { subStepForm } from './definitions.ts';
import { shownFields } from './fields.ts';
import { visibilityInputOf, type StatusView } from './status.ts';
import { planBenefitTypeLabel } from './summary.ts';
import type { FieldDef, FieldValues, FormSection } from './types.ts';

/**
 * What must still be answered before the EIF can be signed, read from the form definitions: every
 * required question shown on every visible sub-step (for every policy, every selected plan, every item
 * of a list) without an answer, and every list with fewer items than it needs. Each entry says it in
 * words (the question's label, the sub-step's title) and names the sub-step's route, so a person can go
 * and answer it; the entity and attribute let a program do the same.
 */
export type MissingAnswer = {
  stepId: EifStepId;
  subStepId: EifSubStepId;
  /** The sub-step's title as the step list shows it. */
  subStepTitle: string;
  /** The sub-step's route under the EIF task: `step/{eifStepId}/{eifSubStepId}`. */
  route: string;
  /** The question's label, or for a list that is too short, what to add. */
  label: string;
  /** Whose answer is missing (for a policy or a plan, which one: its name in `subject`). */
  entity: EifEntity;
  entityId: string | null;
  /** The attribute that is unanswered; null for a list that needs more items. */
  attributeKey: string | null;
  /** The policy, plan or list item the question is asked of, in words; null for the client. */
  subject: string | null;
};

/** The route of a sub-step under the EIF task (onboarding §2 EIF routes). */
export const subStepRoute = (id: EifSubStepId) => `step/${eifStepOf(id)}/${id}`;

const matchesFixed = (row: EntityRow, fixed: Readonly<Record<string, string>> | undefined) =>
  !fixed || Object.entries(fixed).every(([key, value]) => row[key] === value);

const isPfmlSection = (section: FormSection) =>
  section.type === 'plan' && section.fields.some((field) => field.key === 'allowPFMLAndSTDConcurrently');

/** A list item by its name or person, as the summary names it; the item's kind when it has neither. */
const nameOf = (row: EntityRow, fallback: string) => {
  const person = [row.firstName, row.lastName].filter((part) => typeof part === 'string' && part).join(' ');
  if (person) return person;
  return typeof row.name === 'string' && row.name.trim() ? row.name.trim() : fallback;
};
/** A policy and a plan as the summary titles them (forms/summary.ts). */
const policyName = (policy: EntityRow) => `Policy ${String(policy.slfPolicyNumber ?? policy.id)}`;
const planName = (plan: EntityRow) => planBenefitTypeLabel(String(plan.benefitType ?? plan.id));

const unanswered = (fields: readonly FieldDef[], values: FieldValues) =>
  shownFields(fields, values).filter((field) => field.required && !hasAnswer(values[field.key]));

type Place = Pick<MissingAnswer, 'stepId' | 'subStepId' | 'subStepTitle' | 'route'>;

function sectionMissing(section: FormSection, view: StatusView, place: Place): MissingAnswer[] {
  const entry = (
    entity: EifEntity,
    entityId: string | null,
    field: FieldDef | null,
    subject: string | null,
    label = field?.label ?? '',
  ): MissingAnswer => ({
    ...place,
    label,
    entity,
    entityId,
    attributeKey: field?.key ?? null,
    subject,
  });
  switch (section.type) {
    case 'client':
      return unanswered(section.fields, view).map((field) =>
        entry('Client', typeof view.id === 'string' ? view.id : null, field, null),
      );
    case 'policy':
      return view.policies.flatMap((policy) =>
        unanswered(section.fields, policy).map((field) =>
          entry('Policy', policy.id, field, policyName(policy)),
        ),
      );
    case 'plan': {
      const plans = view.plans.filter(section.plans);
      // Onboarding §4 'PFML section status': one answer on any of the plans completes it.
      if (isPfmlSection(section)) {
        const field = section.fields.find((f) => f.key === 'allowPFMLAndSTDConcurrently')!;
        const first = plans[0];
        return first && !plans.some((plan) => hasAnswer(plan.allowPFMLAndSTDConcurrently))
          ? [entry('Plan', first.id, field, planName(first))]
          : [];
      }
      return plans.flatMap((plan) =>
        unanswered(section.fields, plan).map((field) => entry('Plan', plan.id, field, planName(plan))),
      );
    }
    case 'collection': {
      if (section.when && !section.when(view)) return [];
      const items = view[VIEW_COLLECTIONS[section.entity]].filter((row) => matchesFixed(row, section.fixed));
      const short =
        items.length < (section.min ?? 0)
          ? [entry(section.entity, null, null, null, `Add at least one ${section.itemLabel}`)]
          : [];
      return [
        ...short,
        ...items.flatMap((item) =>
          unanswered(section.fields, item).map((field) =>
            entry(section.entity, item.id, field, nameOf(item, section.itemLabel)),
          ),
        ),
      ];
    }
    case 'classBuilder':
      return [];
    default: {
      const unknown: never = section;
      throw new Error(`Unknown form section ${JSON.stringify(unknown)}`);
    }
  }
}

/** Every missing required answer of the visible sub-steps, in form order (see the module comment). */
export function missingAnswers(view: StatusView): MissingAnswer[] {
  return visibleSubSteps(visibilityInputOf(view)).flatMap((step) =>
    step.subSteps.flatMap((subStep) => {
      const place: Place = {
        stepId: step.id,
        subStepId: subStep.id,
        subStepTitle: subStep.label,
        route: subStepRoute(subStep.id),
      };
      return subStepForm(subStep.id).sections.flatMap((section) => sectionMissing(section, view, place));
    }),
  );
}

/** One line in words: 'Tax ID: Federal Tax ID (EIN)', with the policy or plan when it is one of several. */
export function missingAnswerText(missing: MissingAnswer): string {
  const subject = missing.subject ? ` (${missing.subject})` : '';
  return `${missing.subStepTitle}: ${missing.label}${subject}`;
}
