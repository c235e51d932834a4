import { attributeLabel as domainAttributeLabel, valueLabel, type LabelView } from '@onboard/domain/web';

// What people read where the EIF shows answers and changes (the domain's labels, from the form
// definitions): kept apart from the placement of answers (steps.ts), so the forms do not load them.

/**
 * An attribute as the question that asks it (the domain's labels, from the form definitions); with the
 * entity, the question of that entity's form.
 */
export function attributeLabel(attributeKey: string, entity?: string | null): string {
  return domainAttributeLabel(entity ?? null, attributeKey);
}

/** A label before its answer: "City:", but a question keeps its own mark ("Is it ...?"). */
export const labelBefore = (label: string) => (/[?:]$/.test(label) ? label : `${label}:`);

/**
 * An answer as a person reads it: a tax id as ##-#######, yes/no, options by their label, referenced
 * locations and contacts by name (given the view).
 */
export function formatAnswer(
  attributeKey: string | null,
  value: unknown,
  entity?: string | null,
  view?: LabelView,
): string {
  return valueLabel(entity ?? null, attributeKey, value, view);
}
