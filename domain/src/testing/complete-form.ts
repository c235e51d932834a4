import type { EifEntity } from '@onboard/events';
import { subStepForm } from '../eif/forms/definitions.ts';
import { missingAnswers, type MissingAnswer } from '../eif/forms/missing.ts';
import type { StatusView } from '../eif/forms/status.ts';
import type { FieldDef, FieldValues, FormSection } from '../eif/forms/types.ts';

/**
 * For tests that need a form that can be signed: the edits that answer every required question still
 * missing (forms/missing.ts), chosen from the definitions (the first choice, Yes, a real date), so a
 * question added to a form is answered too. Follow-up questions and answers that pick a list item
 * (a contact, a location) appear once the earlier edits are in, so callers apply the edits and ask
 * again until nothing is missing (see `completeFormRounds`).
 */
export type CompletingEdit = {
  action: 'create' | 'update';
  entity: EifEntity;
  /** The entity to update; null for a create. */
  entityId: string | null;
  values: Record<string, unknown>;
};

type Collection = Extract<FormSection, { type: 'collection' }>;

type ItemField = Extract<FieldDef, { kind: 'locations' | 'contact' }>;

/**
 * A valid answer for a field that needs no item of the form: the first choice, "Yes" (so follow-up
 * questions appear and get answered too), a real date. Tests that fill whole forms take it from here.
 */
export function plainAnswerFor(field: Exclude<FieldDef, ItemField>): unknown {
  switch (field.kind) {
    case 'text':
      if (/firstName/i.test(field.key)) return 'Pat';
      if (/lastName/i.test(field.key)) return 'Morgan';
      return /name/i.test(field.key) ? 'Pat Morgan' : 'As agreed with the carrier';
    case 'taxId':
      return '12-3456789';
    case 'email':
      return 'pat.morgan@lakeside.example';
    case 'phone':
      return '312-555-0142';
    case 'zip':
      return '60601';
    case 'state':
      return 'IL';
    case 'mmdd':
      return '12/31';
    case 'date':
      return '2027-01-01';
    case 'month':
      return 1;
    case 'number':
      return field.min ?? Math.min(field.max ?? 30, 30);
    case 'percentage':
      return 50;
    case 'boolean':
      return true;
    case 'answer':
      return 'YES';
    case 'choice':
      return field.enumeration.codes[0];
    case 'multiChoice':
      return field.enumeration.codes.slice(0, 1);
    default: {
      const unknown: never = field;
      throw new Error(`Unknown field kind ${JSON.stringify(unknown)}`);
    }
  }
}

/** A valid answer for a field, or undefined when it needs an item the form does not have yet. */
function answerFor(field: FieldDef, view: StatusView): unknown {
  if (field.kind === 'locations') {
    const first = view.locations[0];
    return first ? [first.id] : undefined;
  }
  if (field.kind === 'contact') {
    const types = field.contactTypes;
    const contact = view.contacts.find((c) => !types || types.includes(String(c.type)));
    return contact ? contact.id : undefined;
  }
  return plainAnswerFor(field);
}

/** Answers for every shown required field, follow-ups included (each pass can show more). */
function answersFor(fields: readonly FieldDef[], view: StatusView, start: FieldValues = {}) {
  const values: Record<string, unknown> = { ...start };
  for (let pass = 0; pass < 4; pass++)
    for (const field of fields) {
      if (!field.required || field.key in values || (field.when && !field.when(values))) continue;
      const answer = answerFor(field, view);
      if (answer !== undefined) values[field.key] = answer;
    }
  return values;
}

function fieldOf(missing: MissingAnswer): FieldDef | undefined {
  for (const section of subStepForm(missing.subStepId).sections)
    if (section.type !== 'classBuilder')
      for (const field of section.fields) if (field.key === missing.attributeKey) return field;
  return undefined;
}

function collectionOf(missing: MissingAnswer): Collection | undefined {
  return subStepForm(missing.subStepId).sections.find(
    (section): section is Collection =>
      section.type === 'collection' &&
      section.entity === missing.entity &&
      missing.label.endsWith(section.itemLabel),
  );
}

/** The edits that answer what is missing now (see the module comment). */
export function editsToComplete(view: StatusView): CompletingEdit[] {
  const updates = new Map<string, CompletingEdit>();
  const creates: CompletingEdit[] = [];
  for (const missing of missingAnswers(view)) {
    if (missing.attributeKey === null) {
      const section = collectionOf(missing);
      if (!section) continue;
      creates.push({
        action: 'create',
        entity: section.entity,
        entityId: null,
        values: { ...section.fixed, ...answersFor(section.fields, view, {}) },
      });
      continue;
    }
    const field = fieldOf(missing);
    const entityId = missing.entityId ?? '';
    if (!field) continue;
    const answer = answerFor(field, view);
    if (answer === undefined) continue;
    const key = `${missing.entity}:${entityId}`;
    const edit = updates.get(key) ?? { action: 'update', entity: missing.entity, entityId, values: {} };
    edit.values[field.key] = answer;
    updates.set(key, edit);
  }
  // One item of each list that needs one (two missing answers can name the same list).
  const seen = new Set<string>();
  const uniqueCreates = creates.filter((edit) => {
    const key = `${edit.entity}:${JSON.stringify(edit.values.type ?? '')}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return [...uniqueCreates, ...updates.values()];
}

/**
 * Completes a form by rounds: `apply` writes one round's edits and answers the form as it is then;
 * stops once nothing is missing (throws if a round changes nothing, so a test never loops forever).
 */
export async function completeFormRounds(
  view: StatusView,
  apply: (edits: readonly CompletingEdit[]) => Promise<StatusView>,
): Promise<StatusView> {
  let current = view;
  for (let round = 0; round < 8; round++) {
    const edits = editsToComplete(current);
    if (missingAnswers(current).length === 0) return current;
    if (edits.length === 0) break;
    current = await apply(edits);
  }
  const left = missingAnswers(current);
  if (left.length > 0)
    throw new Error(`Still missing: ${left.map((m) => `${m.subStepTitle}: ${m.label}`).join('; ')}`);
  return current;
}
