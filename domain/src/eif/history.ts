import type { EifEvent } from '@onboard/events';
import { effectiveEntities, isSameValue, type EifState, type EntityState } from './decider.ts';

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

const show = (value: unknown) =>
  value === null || value === undefined || value === '' ? '(empty)' : JSON.stringify(value);

/** One line a person can read for the history timeline. */
export function describeEifEvent(event: EifEvent): string {
  const pending = 'pending' in event.data && event.data.pending ? ' (pending review)' : '';
  switch (event.type) {
    case 'EifEntityCreated':
      return `${event.data.entity} ${event.data.entityId} added${pending}`;
    case 'EifEntityChanged':
      return (
        event.data.changes
          .map((c) => `${event.data.entity} ${c.attributeKey}: ${show(c.previousValue)} → ${show(c.value)}`)
          .join('; ') + pending
      );
    case 'EifEntityDeleted':
      return `${event.data.entity} ${event.data.entityId} removed${pending}`;
    case 'EifSigned':
      return event.data.signerKind === 'OUTSIDE_SIGNER'
        ? 'Form signed by an outside signer'
        : event.data.signerKind === 'BROKER_AS_AUTHORIZED_SIGNER'
          ? 'Form signed by the broker as authorized signer'
          : 'Form signed by the authorized signer';
    case 'EifChangesMarkedReadyForReview':
      return 'Changes marked ready for review';
    case 'EifChangesAccepted':
      return `${event.data.changeIds.length} change(s) accepted`;
    case 'EifChangesDeclined':
      return `${event.data.changeIds.length} change(s) declined: ${event.data.reason}`;
    case 'EifIcEditsUndone':
      return `${event.data.changeIds.length} implementation consultant edit(s) undone`;
    default: {
      const unknown: never = event;
      throw new Error(`Unknown event ${JSON.stringify(unknown)}`);
    }
  }
}
