import { formatTaxId, hasAnswer, isFieldShown, type FieldDef, type FieldValues } from '@onboard/domain/web';

/**
 * What a form holds while the user types, and how it becomes the JSON the API takes (numbers as numbers,
 * booleans as booleans, month 1-12, lists as arrays, blank as null). Typed text stays text until it is
 * sent, so '1.' or '02/3' are never rewritten under the user's cursor.
 */

/** Kinds entered in a text box. */
const TEXT_KINDS = new Set(['text', 'taxId', 'email', 'phone', 'zip', 'state', 'mmdd', 'date']);
const NUMBER_KINDS = new Set(['number', 'percentage']);

/** The form's value of one field from the stored (wire) value. */
export function toFormValue(field: FieldDef, value: unknown): unknown {
  if (NUMBER_KINDS.has(field.kind)) return typeof value === 'number' ? String(value) : '';
  if (field.kind === 'taxId') return typeof value === 'string' && value ? formatTaxId(value) : '';
  if (TEXT_KINDS.has(field.kind)) return typeof value === 'string' ? value : '';
  if (field.kind === 'multiChoice' || field.kind === 'locations') return Array.isArray(value) ? value : [];
  return value ?? null;
}

/**
 * The wire value of what the form holds. A number that does not parse is sent as the text the user
 * typed, so validation says 'Enter a number' rather than dropping it.
 */
export function toWireValue(field: FieldDef, formValue: unknown): unknown {
  if (NUMBER_KINDS.has(field.kind)) {
    const text = String(formValue ?? '')
      .trim()
      .replace(/%$/, '')
      .replace(/,/g, '')
      .trim();
    if (text === '') return null;
    const parsed = Number(text);
    return Number.isFinite(parsed) && /^-?\d*\.?\d+$|^-?\d+\.$/.test(text) ? parsed : text;
  }
  if (TEXT_KINDS.has(field.kind)) {
    const text = typeof formValue === 'string' ? formValue : '';
    return text.trim() === '' ? null : text;
  }
  if (Array.isArray(formValue)) return formValue.length === 0 ? null : formValue;
  return formValue ?? null;
}

export type FormState = Record<string, unknown>;

export function initialFormState(fields: readonly FieldDef[], entity: FieldValues): FormState {
  return Object.fromEntries(fields.map((field) => [field.key, toFormValue(field, entity[field.key])]));
}

/** The entity's values with the form's answers laid over them: what `when` conditions read. */
export function wireValues(fields: readonly FieldDef[], entity: FieldValues, state: FormState): FieldValues {
  const out: Record<string, unknown> = { ...entity };
  for (const field of fields)
    if (Object.hasOwn(state, field.key)) out[field.key] = toWireValue(field, state[field.key]);
  return out;
}

const comparable = (value: unknown): string => {
  if (!hasAnswer(value)) return 'null';
  if (Array.isArray(value)) return JSON.stringify([...value].map(String).sort());
  if (typeof value === 'string') return JSON.stringify(value.trim());
  return JSON.stringify(value);
};

function sameValue(a: unknown, b: unknown): boolean {
  return comparable(a) === comparable(b);
}

/**
 * What a save sends for one entity: the shown fields whose answer differs from the stored one, and
 * hidden follow-ups that still hold an answer (as null, so a stale answer never lingers). Empty when
 * nothing changed, which is also how a form knows it is dirty.
 */
export function changedValues(
  fields: readonly FieldDef[],
  entity: FieldValues,
  state: FormState,
): Record<string, unknown> {
  const merged = wireValues(fields, entity, state);
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    const stored = entity[field.key];
    if (!isFieldShown(field, merged)) {
      if (hasAnswer(stored)) out[field.key] = null;
      continue;
    }
    const next = merged[field.key];
    if (!sameValue(next, stored)) out[field.key] = next;
  }
  return out;
}

export const isDirty = (fields: readonly FieldDef[], entity: FieldValues, state: FormState) =>
  Object.keys(changedValues(fields, entity, state)).length > 0;

/** Everything shown, as the API takes it: what validation checks before a save. */
export function shownWireValues(fields: readonly FieldDef[], entity: FieldValues, state: FormState) {
  const merged = wireValues(fields, entity, state);
  const out: Record<string, unknown> = {};
  for (const field of fields) if (isFieldShown(field, merged)) out[field.key] = merged[field.key];
  return out;
}

/** The months by name, January first (the policy-anniversary month's options). */
export const MONTHS = Array.from({ length: 12 }, (_, month) =>
  new Date(Date.UTC(2000, month, 1)).toLocaleString('en-US', { month: 'long', timeZone: 'UTC' }),
);
