import type { FieldDef, FieldValues } from '@onboard/domain/eif/forms/types';

/**
 * A valid answer for any EIF form field, chosen the way a careful administrator would answer: the first
 * code of a list, "Yes" for yes/no questions (so follow-up questions appear and get answered too), a
 * real date of year. Tests use it to fill whole forms from the definitions instead of by hand.
 */
export function sampleAnswer(
  field: FieldDef,
  context: { locationIds: readonly string[]; contactIds: readonly string[] },
): unknown {
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
      return Math.max(field.min ?? 1, Math.min(field.max ?? 501, field.min !== undefined ? field.min : 30));
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
    case 'locations':
      return context.locationIds.slice(0, 1);
    case 'contact':
      return context.contactIds[0] ?? null;
    default: {
      const unknown: never = field;
      throw new Error(`Unknown field kind ${JSON.stringify(unknown)}`);
    }
  }
}

/** Answers for every field shown once the earlier answers are in (follow-ups depend on them). */
export function sampleAnswers(
  fields: readonly FieldDef[],
  context: { locationIds: readonly string[]; contactIds: readonly string[] },
  start: FieldValues = {},
): Record<string, unknown> {
  const values: Record<string, unknown> = { ...start };
  // Each pass can reveal follow-up questions; the definitions nest at most a few levels deep.
  for (let pass = 0; pass < 4; pass++)
    for (const field of fields)
      if (!(field.key in values) && (!field.when || field.when(values)))
        values[field.key] = sampleAnswer(field, context);
  return values;
}
