import { isSameValue } from './decider.ts';

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

export type NetDetail = {
  attributeKey: string;
  value: unknown;
  previousValue: unknown;
  status: ChangeStatus;
};

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
function netAttribute(attributeKey: string, details: ChangeDetail[]): NetDetail | null {
  const effective = details.filter((d) => !isSameValue(d.value, d.previousValue));
  const last = effective[effective.length - 1];
  if (!last) return null;
  if (last.status === 'accepted')
    return { attributeKey, value: last.value, previousValue: last.previousValue, status: 'accepted' };
  const lastAccepted = [...effective].reverse().find((d) => d.status === 'accepted');
  const baseline = lastAccepted ? lastAccepted.value : effective[0]!.previousValue;
  if (isSameValue(last.value, baseline)) return null;
  return { attributeKey, value: last.value, previousValue: baseline, status: last.status };
}

function netAttributes(records: readonly ChangeRecord[], include: (d: ChangeDetail) => boolean): NetDetail[] {
  const byKey = new Map<string, ChangeDetail[]>();
  for (const record of records) {
    for (const detail of record.changeDetails) {
      if (!include(detail)) continue;
      const list = byKey.get(detail.attributeKey);
      if (list) list.push(detail);
      else byKey.set(detail.attributeKey, [detail]);
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
    // An accepted creation followed by a pending deletion shows only the other changes not yet accepted.
    if (creation.status === 'accepted' && deletion.status === 'pending') {
      const details = netAttributes(records, (d) => d.status !== 'accepted');
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
