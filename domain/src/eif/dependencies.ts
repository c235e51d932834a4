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

/** Part of a pending update, decided by its answers (attribute keys). */
export type AnswerPart = { changeId: string; attributeKeys: string[] };

export type Settlement = { whole: PendingChange[]; parts: AnswerPart[] };

/**
 * What a decision by the answer settles (review per answer): whole changes (a creation or deletion of the
 * entity, or an update all of whose answers were chosen) and parts of updates (some of their answers).
 *
 * - Accepting an answer accepts what its change rests on (the entity's pending creation, whole, with what
 *   that rests on) and the earlier pending updates of the same answer (that answer only). A deletion
 *   accepted takes along what it rests on and the entity's earlier updates, whole; an update accepted whole takes along the earlier
 *   updates of its answers only, never another answer an earlier change also made.
 * - Declining an answer declines that answer alone: no change rests on an update; declining a whole
 *   change declines what rests on it (`withDependents`).
 * A part that ends up covering every answer of its change is the whole change; a part of a change that
 * is settled whole is dropped.
 */
export function settleAnswers(
  pending: readonly PendingChange[],
  accepted: Accepted,
  whole: readonly PendingChange[],
  parts: readonly AnswerPart[],
  how: 'accept' | 'decline',
): Settlement {
  const indexOf = new Map(pending.map((change, index) => [change.changeId, index]));
  const isWhole = pending.map(() => false);
  const keys: (Set<string> | null)[] = pending.map(() => null);
  const covers = (index: number, answers: ReadonlySet<string>) =>
    Object.keys(pending[index]!.attributes).every((key) => answers.has(key));
  for (const change of whole) {
    const index = indexOf.get(change.changeId);
    if (index !== undefined) isWhole[index] = true;
  }
  for (const part of parts) {
    const index = indexOf.get(part.changeId);
    if (index === undefined) continue;
    const change = pending[index]!;
    const chosen = part.attributeKeys.filter((key) => key in change.attributes);
    if (change.action !== 'update') {
      // A creation or deletion is one answer to the reader: it is decided whole.
      isWhole[index] = true;
      continue;
    }
    if (chosen.length === 0) continue;
    keys[index] = new Set([...(keys[index] ?? []), ...chosen]);
    if (covers(index, keys[index])) isWhole[index] = true;
  }

  if (how === 'decline') {
    const settled = withDependents(
      pending,
      accepted,
      pending.filter((_, index) => isWhole[index]),
    );
    const settledIds = new Set(settled.map((c) => c.changeId));
    return {
      whole: settled,
      parts: pending.flatMap((change, index) =>
        keys[index] && !settledIds.has(change.changeId)
          ? [{ changeId: change.changeId, attributeKeys: [...keys[index]].sort() }]
          : [],
      ),
    };
  }

  const { restsOn, takesAlong } = dependencyGraph(pending, accepted);
  // What a change rests on always comes before it: one pass from the newest covers every chain.
  for (let index = pending.length - 1; index >= 0; index -= 1) {
    const change = pending[index]!;
    if (isWhole[index] && change.action !== 'update') {
      for (const earlier of [...restsOn[index]!, ...takesAlong[index]!]) isWhole[earlier] = true;
      continue;
    }
    const answers = isWhole[index] ? new Set(Object.keys(change.attributes)) : keys[index];
    if (!answers) continue;
    for (const earlier of restsOn[index]!) isWhole[earlier] = true;
    for (const earlier of takesAlong[index]!) {
      if (isWhole[earlier]) continue;
      const shared = Object.keys(pending[earlier]!.attributes).filter((key) => answers.has(key));
      if (shared.length === 0) continue;
      keys[earlier] = new Set([...(keys[earlier] ?? []), ...shared]);
      if (covers(earlier, keys[earlier])) isWhole[earlier] = true;
    }
  }
  return {
    whole: pending.filter((_, index) => isWhole[index]),
    parts: pending.flatMap((change, index) =>
      keys[index] && !isWhole[index]
        ? [{ changeId: change.changeId, attributeKeys: [...keys[index]].sort() }]
        : [],
    ),
  };
}
