import type { EifEntity, EifEvent } from '@onboard/events';
import { isSameStoredValue, type EifIntent } from './decider.ts';
import { planBenefitTypeLabel } from './forms/summary.ts';

/**
 * Field-aware concurrency for EIF edits: an edit made against an older version of the form is refused
 * only when an attribute it changes (entity + id + attribute) was changed after the version its editor
 * saw. Two people editing different questions never collide; the same question does, and the answer
 * names both values so the person can choose.
 */

/** One attribute as an edit touches it; `attributeKey` null: the whole entity (a delete). */
export type TouchedAttribute = {
  entity: EifEntity;
  entityId: string;
  attributeKey: string | null;
  /** The value this edit writes (null for a delete). */
  value: unknown;
};

/** A change recorded after the version the editor saw, with who made it. */
export type LaterChange = {
  event: EifEvent;
  actorId: string;
  actorRole: string;
  at: string;
};

export type FieldConflict = {
  entity: EifEntity;
  entityId: string;
  /** null: the item itself was deleted (or this edit deletes an item whose answers changed). */
  attributeKey: string | null;
  /** The value stored now (the other person's); null when the item was deleted. */
  theirs: unknown;
  /** The value this edit would write. */
  yours: unknown;
  changedBy: { userId: string; role: string };
  changedAt: string;
};

/** The attributes the edit commands change (a create touches a new entity: it never collides). */
export function touchedAttributes(intents: readonly EifIntent[]): TouchedAttribute[] {
  return intents.flatMap((intent): TouchedAttribute[] => {
    switch (intent.type) {
      case 'ChangeAttributes':
        return Object.entries(intent.data.attributes).map(([attributeKey, value]) => ({
          entity: intent.data.entity,
          entityId: intent.data.entityId,
          attributeKey,
          value,
        }));
      case 'DeleteEntity':
        return [
          { entity: intent.data.entity, entityId: intent.data.entityId, attributeKey: null, value: null },
        ];
      default:
        return [];
    }
  });
}

/**
 * The attributes events write, for an edit made by a decider of its own (the class builder): each
 * changed attribute with its new value, each deleted item as a whole (a creation makes a new item, so it
 * never collides). A plan added to a class writes the class's plans: it collides with the class deleted
 * since (its value is the plan's benefit type in words).
 */
export function touchedByEvents(events: readonly EifEvent[]): TouchedAttribute[] {
  return events.flatMap((event): TouchedAttribute[] => {
    switch (event.type) {
      case 'EifEntityChanged':
        return event.data.changes.map((c) => ({
          entity: event.data.entity,
          entityId: event.data.entityId,
          attributeKey: c.attributeKey,
          value: c.value,
        }));
      case 'EifEntityDeleted':
        return [
          { entity: event.data.entity, entityId: event.data.entityId, attributeKey: null, value: null },
        ];
      case 'EifEntityCreated': {
        const { employeeClassId, benefitType } = event.data.attributes;
        if (event.data.entity !== 'EmployeeClassPlan' || typeof employeeClassId !== 'string') return [];
        return [
          {
            entity: 'EmployeeClass',
            entityId: employeeClassId,
            attributeKey: 'plans',
            value: typeof benefitType === 'string' ? planBenefitTypeLabel(benefitType) : null,
          },
        ];
      }
      default:
        return [];
    }
  });
}

type Written = { value: unknown; deleted: boolean; change: LaterChange };

const key = (entity: string, entityId: string) => `${entity}:${entityId}`;

/** What the later events wrote, by entity and attribute (the last write wins). */
function laterWrites(later: readonly LaterChange[]) {
  const attributes = new Map<string, Map<string, Written>>();
  const deleted = new Map<string, LaterChange>();
  // Items made after the version: deleting one the editor never saw is a conflict too.
  const created = new Map<string, LaterChange>();
  const writesOf = (entity: string, entityId: string) => {
    const k = key(entity, entityId);
    const found = attributes.get(k) ?? new Map<string, Written>();
    attributes.set(k, found);
    return found;
  };
  for (const change of later) {
    const { event } = change;
    switch (event.type) {
      case 'EifEntityChanged': {
        const writes = writesOf(event.data.entity, event.data.entityId);
        for (const c of event.data.changes)
          writes.set(c.attributeKey, { value: c.value, deleted: false, change });
        break;
      }
      case 'EifEntityDeleted':
        deleted.set(key(event.data.entity, event.data.entityId), change);
        break;
      case 'EifEntityCreated': {
        created.set(key(event.data.entity, event.data.entityId), change);
        // An item made since with its answers: writing other answers to it is writing over them.
        const writes = writesOf(event.data.entity, event.data.entityId);
        for (const [attributeKey, value] of Object.entries(event.data.attributes))
          writes.set(attributeKey, { value, deleted: false, change });
        break;
      }
      default:
        break;
    }
  }
  return { attributes, deleted, created };
}

/**
 * The conflicts between an edit and the changes recorded after the version its editor saw: the same
 * attribute written by both (to different values), an attribute edited on an item deleted since, or an
 * item deleted whose answers someone changed since. An empty list: the edit applies as it is.
 */
export function fieldConflicts(
  touched: readonly TouchedAttribute[],
  later: readonly LaterChange[],
): FieldConflict[] {
  if (later.length === 0) return [];
  const { attributes, deleted, created } = laterWrites(later);
  const conflicts: FieldConflict[] = [];
  for (const t of touched) {
    const k = key(t.entity, t.entityId);
    const gone = deleted.get(k);
    if (gone) {
      if (t.attributeKey !== null)
        conflicts.push({
          entity: t.entity,
          entityId: t.entityId,
          attributeKey: t.attributeKey,
          theirs: null,
          yours: t.value,
          changedBy: { userId: gone.actorId, role: gone.actorRole },
          changedAt: gone.at,
        });
      continue;
    }
    const writes = attributes.get(k);
    if (t.attributeKey === null) {
      const first = created.get(k) ?? writes?.values().next().value?.change;
      if (first)
        conflicts.push({
          entity: t.entity,
          entityId: t.entityId,
          attributeKey: null,
          theirs: null,
          yours: null,
          changedBy: { userId: first.actorId, role: first.actorRole },
          changedAt: first.at,
        });
      continue;
    }
    if (!writes) continue;
    const written = writes.get(t.attributeKey);
    // The same answer written twice is agreement, not a conflict.
    if (!written || isSameStoredValue(written.value, t.value)) continue;
    conflicts.push({
      entity: t.entity,
      entityId: t.entityId,
      attributeKey: t.attributeKey,
      theirs: written.value,
      yours: t.value,
      changedBy: { userId: written.change.actorId, role: written.change.actorRole },
      changedAt: written.change.at,
    });
  }
  return conflicts;
}
