import type { EifEvent } from '@onboard/events';
import { effectiveEntities, isSameValue, type EifState, type EntityState } from './decider.ts';
import { describeEventInWords } from './labels.ts';

export type Difference = {
  entity: string;
  entityId: string;
  attributeKey: string | null;
  then: unknown;
  now: unknown;
  kind: 'added' | 'removed' | 'changed';
};

/** What differs between the form at two points (accepted plus pending values, as an editor saw it). */
export function diffForms(then: EifState, now: EifState): Difference[] {
  const a = then.status === 'empty' ? new Map<string, EntityState>() : effectiveEntities(then);
  const b = now.status === 'empty' ? new Map<string, EntityState>() : effectiveEntities(now);
  const differences: Difference[] = [];
  for (const key of [...new Set([...a.keys(), ...b.keys()])].sort()) {
    const before = a.get(key);
    const after = b.get(key);
    const { entity, entityId } = (after ?? before)!;
    if (!before)
      differences.push({
        entity,
        entityId,
        attributeKey: null,
        then: null,
        now: after!.attributes,
        kind: 'added',
      });
    else if (!after)
      differences.push({
        entity,
        entityId,
        attributeKey: null,
        then: before.attributes,
        now: null,
        kind: 'removed',
      });
    else {
      for (const attributeKey of [
        ...new Set([...Object.keys(before.attributes), ...Object.keys(after.attributes)]),
      ].sort()) {
        const x = before.attributes[attributeKey];
        const y = after.attributes[attributeKey];
        if (!isSameValue(x, y))
          differences.push({
            entity,
            entityId,
            attributeKey,
            then: x ?? null,
            now: y ?? null,
            kind: 'changed',
          });
      }
    }
  }
  return differences;
}

/** One line a person can read for the history timeline (every change of the event, in labels). */
export function describeEifEvent(event: EifEvent): string {
  return describeEventInWords(event).join('; ');
}
