import type { FieldDef } from '@onboard/domain';
import { plainAnswerFor } from '@onboard/domain/testing';

/**
 * A valid answer for any EIF form field, from the domain's test answers (domain testing/complete-form.ts:
 * the first code of a list, "Yes", a real date), with the list items a test has made for the fields that
 * pick a location or a contact.
 */
export function sampleAnswer(
  field: FieldDef,
  context: { locationIds: readonly string[]; contactIds: readonly string[] },
): unknown {
  if (field.kind === 'locations') return context.locationIds.slice(0, 1);
  if (field.kind === 'contact') return context.contactIds[0] ?? null;
  return plainAnswerFor(field);
}
