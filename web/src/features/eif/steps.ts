import {
  EIF_STEP_IDS,
  EIF_STEP_LABELS,
  EIF_STEPS as DOMAIN_STEPS,
  eifSubStepLabel,
  type EifSubStepId,
  subStepForm,
} from '@onboard/domain/web';

/**
 * Where an answer lives in the EIF (onboarding §3 "EIF steps and sub-steps"), so reviewers see each
 * change under the step a client filled it in. Answers this table does not place go under 'Other'.
 */
export type SubStep = { id: string; label: string };
export type Step = { id: string; label: string; subSteps: SubStep[] };

/** The steps with sub-steps, in form order, from the domain catalogue. */
const EIF_STEPS: readonly Step[] = EIF_STEP_IDS.filter((id) => DOMAIN_STEPS[id].length > 0).map((id) => ({
  id,
  label: EIF_STEP_LABELS[id],
  subSteps: DOMAIN_STEPS[id].map((subStepId) => ({ id: subStepId, label: eifSubStepLabel(subStepId) })),
}));

const OTHER_STEP: Step = { id: 'other', label: 'Other', subSteps: [{ id: 'other', label: 'Other' }] };

export type Placement = { step: Step; subStep: SubStep };

const SECTION_ENTITY = { client: 'Client', policy: 'Policy', plan: 'Plan' } as const;

// Entities the forms edit through their own screens rather than a field list.
const SCREEN_SUB_STEPS: Record<string, string> = {
  EmployeeClass: 'class-builder',
  EmployeeClassPlan: 'class-builder',
  ContactLocation: 'plan-administrators',
  BillLocation: 'billing-preferences',
};

/**
 * Where each entity attribute is asked, read from the form definitions: `Entity:key` and, for a whole
 * entity, `Entity:` (its first section), so reviewers see a change under the sub-step it was made in.
 */
const PLACES: ReadonlyMap<string, string> = (() => {
  const places = new Map<string, string>();
  const put = (key: string, subStepId: string) => {
    if (!places.has(key)) places.set(key, subStepId);
  };
  for (const step of EIF_STEPS)
    for (const { id } of step.subSteps)
      for (const section of subStepForm(id as EifSubStepId).sections) {
        if (section.type === 'classBuilder') continue;
        const entity = section.type === 'collection' ? section.entity : SECTION_ENTITY[section.type];
        put(`${entity}:`, id);
        for (const field of section.fields) put(`${entity}:${field.key}`, id);
      }
  for (const [entity, id] of Object.entries(SCREEN_SUB_STEPS)) put(`${entity}:`, id);
  // Policy and plan facts the carrier set up (numbers, coverages) read under the policies sub-step.
  places.set('Policy:', 'current-sun-life-policies');
  return places;
})();

function findSubStep(subStepId: string): Placement | null {
  for (const step of EIF_STEPS) {
    const found = step.subSteps.find((s) => s.id === subStepId);
    if (found) return { step, subStep: found };
  }
  return null;
}

const OTHER: Placement = { step: OTHER_STEP, subStep: OTHER_STEP.subSteps[0]! };

/** The step and sub-step an entity's attribute belongs to ('Other' when no form asks it). */
export function placeAnswer(entity: string, attributeKey: string | null): Placement {
  const subStepId =
    (attributeKey !== null ? PLACES.get(`${entity}:${attributeKey}`) : undefined) ??
    (entity === 'Client' ? undefined : PLACES.get(`${entity}:`));
  return (subStepId ? findSubStep(subStepId) : null) ?? OTHER;
}

export type Group<T> = Placement & { items: T[] };

/** Items grouped by sub-step, in the EIF's own order, with 'Other' last. */
export function groupByPlacement<T>(items: readonly T[], placeOf: (item: T) => Placement): Group<T>[] {
  const order = [...EIF_STEPS, OTHER_STEP].flatMap((step) =>
    step.subSteps.map((subStep) => `${step.id}/${subStep.id}`),
  );
  const groups = new Map<string, Group<T>>();
  for (const item of items) {
    const placement = placeOf(item);
    const key = `${placement.step.id}/${placement.subStep.id}`;
    const group = groups.get(key);
    if (group) group.items.push(item);
    else groups.set(key, { ...placement, items: [item] });
  }
  return [...groups].sort(([a], [b]) => order.indexOf(a) - order.indexOf(b)).map(([, group]) => group);
}

const SIGNER_KINDS: Record<string, string> = {
  AUTHORIZED_SIGNER: 'Authorized signer',
  BROKER_AS_AUTHORIZED_SIGNER: 'Broker as authorized signer',
  OUTSIDE_SIGNER: 'Outside signer',
};

export const signerKindName = (kind: string | null | undefined) =>
  kind ? (SIGNER_KINDS[kind] ?? kind) : '—';
