import {
  EIF_FORMS,
  EIF_SUB_STEP_IDS,
  collectionSections,
  fixedValuesOf,
  formForEntity,
  type FieldDef,
  type FieldValues,
  type FormContext,
} from '@onboard/domain';
import type { EntityForms } from './forms.ts';

/** A plan is asked the questions of the plan sections that select it (e.g. disability claim checks). */
function planFieldsFor(plan: FieldValues): FieldDef[] {
  const row = { ...plan, id: String(plan.id ?? '') } as FormContext['plans'][number];
  const byKey = new Map<string, FieldDef>();
  for (const id of EIF_SUB_STEP_IDS) {
    for (const section of EIF_FORMS[id].sections) {
      if (section.type !== 'plan' || !section.plans(row)) continue;
      for (const field of section.fields) if (!byKey.has(field.key)) byKey.set(field.key, field);
    }
  }
  return [...byKey.values()];
}

// The form definitions do not change while the process runs: each entity's fixed keys are worked out once.
const fixedKeys = new Map<Parameters<EntityForms['fixedKeysOf']>[0], readonly string[]>();
const fixedKeysOf: EntityForms['fixedKeysOf'] = (entity) => {
  let keys = fixedKeys.get(entity);
  if (!keys) {
    keys = [...new Set(fixedValuesOf(entity).flatMap((fixed) => Object.keys(fixed)))];
    fixedKeys.set(entity, keys);
  }
  return keys;
};

const pickFixed = (entity: Parameters<typeof fixedKeysOf>[0], item: FieldValues) =>
  Object.fromEntries(fixedKeysOf(entity).flatMap((key) => (key in item ? [[key, item[key]]] : [])));

/** The EIF forms of domain/src/eif/forms as the entity routes use them. */
export const defaultEntityForms: EntityForms = {
  fieldsOf: (entity, item) => {
    switch (entity) {
      case 'Client':
      case 'Policy':
        return formForEntity(entity);
      case 'Plan':
        return planFieldsFor(item);
      default: {
        // An item whose fixed attributes no list offers (a contact type no form adds) has no form.
        const fields = formForEntity(entity, pickFixed(entity, item));
        return fields.length > 0 ? fields : null;
      }
    }
  },
  fixedKeysOf,
  maxItemsOf: (entity, fixed) => collectionSections(entity, fixed)[0]?.max,
};
