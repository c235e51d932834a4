import type { EifEntity } from '@onboard/events';
import type { EntityState, PendingChange } from './decider.ts';

/**
 * Which pending changes rest on which (onboarding §4: deciding one change settles the changes that
 * depend on it).
 *
 * After signing, every edit is decided against the form as the editor saw it: the accepted state with
 * the earlier pending changes applied. An edit therefore rests on the earlier pending changes that made
 * it possible:
 * - an update or a deletion rests on the entity existing, a creation on it not existing: each change of
 *   an entity rests on the last earlier pending creation or deletion of that entity;
 * - a created entity that names another (a class plan names its class) rests on that entity's pending
 *   creation, and the named entity's deletion rests on the pending deletions of the entities naming it
 *   (a class is removed with its plans, plans first).
 *
 * Deciding one change settles the others, rather than refusing the decision: the reviewer decides what
 * they see (the net change of an entity), and a refusal would only send them hunting for the change ids
 * the form depends on.
 * - Declining (or undoing) a change declines every pending change resting on it: an update of a class
 *   whose creation was declined, or its later deletion, has no class left to apply to.
 * - Accepting a change accepts what it rests on (accepting a class plan accepts its class's creation),
 *   and accepting a deletion accepts the entity's pending updates made before it: they were made to an
 *   entity that is now gone, and applying them before the deletion leaves the same form. Accepting an
 *   update accepts the earlier pending updates of the same answers: the later value was given over them,
 *   and accepting an earlier one afterwards would bring back a value the reviewer already replaced.
 * Either way no change stays pending for an entity the accepted form cannot apply it to, and the accepted
 * form is the signed form with the accepted changes applied in the order they were made.
 */

/** Attributes by which an entity names another that must exist with it. */
const REFERENCES: Partial<Record<EifEntity, readonly { attributeKey: string; entity: EifEntity }[]>> = {
  EmployeeClassPlan: [{ attributeKey: 'employeeClassId', entity: 'EmployeeClass' }],
};

const keyOf = (entity: string, entityId: string) => `${entity}:${entityId}`;

type Accepted = ReadonlyMap<string, EntityState>;

type Graph = {
  /** For each pending change (by index), the earlier ones it rests on. */
  restsOn: number[][];
  /**
   * For a deletion, the entity's earlier pending updates its acceptance takes along; for an update, the
   * entity's earlier pending updates of the same answers.
   */
  takesAlong: number[][];
};

/** The entities an entity names through its reference attributes. */
const namedBy = (entity: string, attributes: Record<string, unknown>) =>
  (REFERENCES[entity as EifEntity] ?? []).flatMap((reference) => {
    const named = attributes[reference.attributeKey];
    return typeof named === 'string' ? [keyOf(reference.entity, named)] : [];
  });

function dependencyGraph(pending: readonly PendingChange[], accepted: Accepted): Graph {
  const restsOn: number[][] = pending.map(() => []);
  const takesAlong: number[][] = pending.map(() => []);
  /** Per entity: the index of its last pending creation or deletion so far, and its updates since. */
  const lastExistence = new Map<string, number>();
  const updatesSince = new Map<string, number[]>();
  /** Each entity's attributes as the edits so far leave them (what a deletion's entity named). */
  const attributes = new Map([...accepted].map(([key, e]) => [key, e.attributes]));
  /** Per named entity: the pending deletions of entities that named it. */
  const deletionsNaming = new Map<string, number[]>();
  pending.forEach((change, index) => {
    const key = keyOf(change.entity, change.entityId);
    const previous = lastExistence.get(key);
    if (previous !== undefined) restsOn[index]!.push(previous);
    if (change.action === 'create') {
      for (const named of namedBy(change.entity, change.attributes)) {
        const parent = lastExistence.get(named);
        if (parent !== undefined && pending[parent]!.action === 'create') restsOn[index]!.push(parent);
      }
      attributes.set(key, change.attributes);
    }
    if (change.action === 'delete') {
      restsOn[index]!.push(...(deletionsNaming.get(key) ?? []));
      deletionsNaming.delete(key);
      for (const named of namedBy(change.entity, attributes.get(key) ?? {}))
        deletionsNaming.set(named, [...(deletionsNaming.get(named) ?? []), index]);
      attributes.delete(key);
    }
    if (change.action === 'update') {
      const answers = Object.keys(change.attributes);
      takesAlong[index] = (updatesSince.get(key) ?? []).filter((earlier) =>
        answers.some((answer) => answer in pending[earlier]!.attributes),
      );
      attributes.set(key, { ...attributes.get(key), ...change.attributes });
      updatesSince.set(key, [...(updatesSince.get(key) ?? []), index]);
    } else {
      if (change.action === 'delete') takesAlong[index] = updatesSince.get(key) ?? [];
      lastExistence.set(key, index);
      updatesSince.set(key, []);
    }
  });
  return { restsOn, takesAlong };
}

/** The selected changes and every pending change resting on them, in the order they were made. */
export function withDependents(
  pending: readonly PendingChange[],
  accepted: Accepted,
  selected: readonly PendingChange[],
) {
  const ids = new Set(selected.map((c) => c.changeId));
  const { restsOn } = dependencyGraph(pending, accepted);
  const included = pending.map(() => false);
  pending.forEach((change, index) => {
    included[index] = ids.has(change.changeId) || restsOn[index]!.some((earlier) => included[earlier]);
  });
  return pending.filter((_, index) => included[index]);
}

/**
 * The selected changes, every pending change they rest on, and the updates a selected deletion takes
 * along, in the order they were made.
 */
export function withPrerequisites(
  pending: readonly PendingChange[],
  accepted: Accepted,
  selected: readonly PendingChange[],
) {
  const ids = new Set(selected.map((c) => c.changeId));
  const { restsOn, takesAlong } = dependencyGraph(pending, accepted);
  const included = pending.map((change) => ids.has(change.changeId));
  // What a change rests on always comes before it: one pass from the newest covers every chain.
  for (let index = pending.length - 1; index >= 0; index -= 1) {
    if (!included[index]) continue;
    for (const earlier of [...restsOn[index]!, ...takesAlong[index]!]) included[earlier] = true;
  }
  return pending.filter((_, index) => included[index]);
}
