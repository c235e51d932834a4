import type { AnswerDecision } from '@onboard/events';
import { isSameValue, type PendingChange } from './decider.ts';

/** A change record as the change-log read model serves it (onboarding §3), with its action. */
export type ChangeStatus = 'pending' | 'accepted' | 'declined';

export type ChangeDetail = {
  attributeKey: string;
  value: unknown;
  previousValue: unknown;
  status: ChangeStatus;
  createdAt: string;
};

export type ChangeRecord = {
  id: string;
  action: 'create' | 'update' | 'delete';
  entity: string;
  entityId: string;
  createdAt: string;
  createdByUser: { id: string; role: string };
  /** The status of the record itself; a deletion has no details to carry it. */
  status: ChangeStatus;
  changeDetails: ChangeDetail[];
};

/** Someone who changed an answer, and when they last did. */
export type AnswerAuthor = { id: string; role: string; at: string };

export type NetDetail = {
  attributeKey: string;
  value: unknown;
  previousValue: unknown;
  status: ChangeStatus;
  /** Who made the changes this net change sums up (each once, by their latest change), oldest first. */
  authors: AnswerAuthor[];
  /** When the answer last changed. */
  changedAt: string;
};

type SourcedDetail = ChangeDetail & { by: { id: string; role: string } };

export type NetChange = {
  entity: string;
  entityId: string;
  action: 'create' | 'update' | 'delete';
  status: ChangeStatus;
  details: NetDetail[];
};

/**
 * Folds several changes to one attribute (onboarding §4 "Net-change rules"): if the last change is
 * accepted it wins; otherwise the baseline is the last accepted change, and the net change runs from
 * that baseline to the last value. A change whose value equals its previous value is dropped (false and
 * null count as equal), before and after folding.
 */
function netAttribute(attributeKey: string, details: SourcedDetail[]): NetDetail | null {
  const effective = details.filter((d) => !isSameValue(d.value, d.previousValue));
  const last = effective[effective.length - 1];
  if (!last) return null;
  const net = (previousValue: unknown, status: ChangeStatus, counted: SourcedDetail[]): NetDetail => ({
    attributeKey,
    value: last.value,
    previousValue,
    status,
    authors: authorsOf(counted),
    changedAt: last.createdAt,
  });
  if (last.status === 'accepted') return net(last.previousValue, 'accepted', [last]);
  const lastAcceptedAt = effective.findLastIndex((d) => d.status === 'accepted');
  const baseline = lastAcceptedAt >= 0 ? effective[lastAcceptedAt]!.value : effective[0]!.previousValue;
  if (isSameValue(last.value, baseline)) return null;
  // The changes since the baseline that are still in play (a declined one changed nothing).
  const since = effective.slice(lastAcceptedAt + 1).filter((d) => d.status === last.status);
  return net(baseline, last.status, since.length > 0 ? since : [last]);
}

/** Each author once, at their latest change, oldest first. */
function authorsOf(details: readonly SourcedDetail[]): AnswerAuthor[] {
  const byId = new Map<string, AnswerAuthor>();
  for (const d of details) {
    byId.delete(d.by.id);
    byId.set(d.by.id, { id: d.by.id, role: d.by.role, at: d.createdAt });
  }
  return [...byId.values()];
}

function netAttributes(records: readonly ChangeRecord[], include: (d: ChangeDetail) => boolean): NetDetail[] {
  const byKey = new Map<string, SourcedDetail[]>();
  for (const record of records) {
    for (const detail of record.changeDetails) {
      if (!include(detail)) continue;
      const sourced = { ...detail, by: record.createdByUser };
      const list = byKey.get(detail.attributeKey);
      if (list) list.push(sourced);
      else byKey.set(detail.attributeKey, [sourced]);
    }
  }
  return [...byKey]
    .map(([key, details]) => netAttribute(key, details))
    .filter((d): d is NetDetail => d !== null)
    .sort((a, b) => a.attributeKey.localeCompare(b.attributeKey));
}

function netEntity(entity: string, entityId: string, records: readonly ChangeRecord[]): NetChange | null {
  const creation = records.find((r) => r.action === 'create');
  const deletion = [...records].reverse().find((r) => r.action === 'delete' && r.status !== 'declined');
  if (creation && deletion) {
    // A pending creation followed by a pending deletion cancels out.
    if (creation.status === 'pending' && deletion.status === 'pending') return null;
    // An accepted creation followed by an accepted deletion shows only the deletion.
    if (creation.status === 'accepted' && deletion.status === 'accepted') {
      return { entity, entityId, action: 'delete', status: 'accepted', details: [] };
    }
    // An accepted creation followed by a pending deletion shows only the other changes not yet accepted
    // (those still pending: a declined change never was part of the form).
    if (creation.status === 'accepted' && deletion.status === 'pending') {
      const details = netAttributes(records, (d) => d.status === 'pending');
      return { entity, entityId, action: 'delete', status: 'pending', details };
    }
  }
  if (deletion) return { entity, entityId, action: 'delete', status: deletion.status, details: [] };
  const details = netAttributes(records, () => true);
  if (creation) {
    const status: ChangeStatus = details.some((d) => d.status === 'pending') ? 'pending' : creation.status;
    return { entity, entityId, action: 'create', status, details };
  }
  if (details.length === 0) return null;
  const status: ChangeStatus = details.some((d) => d.status === 'pending')
    ? 'pending'
    : details.every((d) => d.status === 'declined')
      ? 'declined'
      : 'accepted';
  return { entity, entityId, action: 'update', status, details };
}

/**
 * The net changes of a client's change records, one per entity, in the order each entity first changed.
 * Records are taken in the order given (the read model's commit order).
 */
export function netChanges(records: readonly ChangeRecord[]): NetChange[] {
  const byEntity = new Map<string, ChangeRecord[]>();
  for (const record of records) {
    const key = `${record.entity}:${record.entityId}`;
    const list = byEntity.get(key);
    if (list) list.push(record);
    else byEntity.set(key, [record]);
  }
  return [...byEntity.values()]
    .map((entityRecords) => netEntity(entityRecords[0]!.entity, entityRecords[0]!.entityId, entityRecords))
    .filter((net): net is NetChange => net !== null);
}

/**
 * How many changes wait for review, as every screen counts them: an answer changed after signing is one
 * change whoever changed it and however often; an entity added or removed is one change.
 */
export function pendingAnswerCount(nets: readonly NetChange[]): number {
  return nets
    .filter((net) => net.status === 'pending')
    .reduce(
      (sum, net) =>
        sum + (net.action === 'update' ? net.details.filter((d) => d.status === 'pending').length : 1),
      0,
    );
}

/** The form's pending changes as change records, the shape the net-change rules read. */
export function pendingRecords(pending: readonly PendingChange[]): ChangeRecord[] {
  return pending.map((change) => ({
    id: change.changeId,
    action: change.action,
    entity: change.entity,
    entityId: change.entityId,
    createdAt: change.at,
    createdByUser: { id: change.by.userId, role: change.by.role },
    status: 'pending',
    changeDetails: Object.entries(change.attributes).map(([attributeKey, value]) => ({
      attributeKey,
      value: value ?? null,
      previousValue: change.action === 'create' ? null : (change.previous[attributeKey] ?? null),
      status: 'pending',
      createdAt: change.at,
    })),
  }));
}

/** The count of changes waiting for review of a form's pending changes (`pendingAnswerCount`). */
export const pendingReviewCount = (pending: readonly PendingChange[]) =>
  pendingAnswerCount(netChanges(pendingRecords(pending)));

/**
 * A decision applied to change records: whole changes by id, and the decided answers of the others. A
 * change whose answers are all decided is decided: accepted when any of its answers was.
 */
export function decideRecords(
  records: readonly ChangeRecord[],
  decision: {
    status: Exclude<ChangeStatus, 'pending'>;
    changeIds: readonly string[];
    answers?: readonly AnswerDecision[];
  },
): ChangeRecord[] {
  const ids = new Set(decision.changeIds);
  const parts = new Map((decision.answers ?? []).map((part) => [part.changeId, new Set(part.attributeKeys)]));
  return records.map((record) => {
    if (record.status !== 'pending') return record;
    const keys = ids.has(record.id) ? null : parts.get(record.id);
    if (keys === undefined) return record;
    // A creation or deletion decided whole; an update answer by answer (those still pending).
    if (record.changeDetails.length === 0 || (keys === null && record.action !== 'update'))
      return {
        ...record,
        status: decision.status,
        changeDetails: record.changeDetails.map((d) => ({ ...d, status: decision.status })),
      };
    const changeDetails = record.changeDetails.map((d) =>
      d.status === 'pending' && (keys === null || keys.has(d.attributeKey))
        ? { ...d, status: decision.status }
        : d,
    );
    const status: ChangeStatus = changeDetails.some((d) => d.status === 'pending')
      ? 'pending'
      : changeDetails.some((d) => d.status === 'accepted')
        ? 'accepted'
        : 'declined';
    return { ...record, status, changeDetails };
  });
}
