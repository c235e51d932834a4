import type { AttributeChange, EifEvent } from '@onboard/events';
import type { ChangeRecord } from './net-changes.ts';

/** An EIF event that edits an entity: creates it, changes its attributes or deletes it. */
export type EntityEdit = Extract<
  EifEvent,
  { type: 'EifEntityCreated' | 'EifEntityChanged' | 'EifEntityDeleted' }
>;

/** The attributes an edit sets, each with its value before (none for a new entity, nothing for a deletion). */
export const changedAttributes = (event: EntityEdit): AttributeChange[] =>
  event.type === 'EifEntityCreated'
    ? Object.entries(event.data.attributes).map(([attributeKey, value]) => ({
        attributeKey,
        value,
        previousValue: null,
      }))
    : event.type === 'EifEntityChanged'
      ? event.data.changes
      : [];

/** A row of the change log (one per answer of a change; a deletion's one row has no answer). */
export type ChangeLogRow = {
  change_id: string;
  action: ChangeRecord['action'];
  entity: string;
  entity_id: string;
  attribute_key: string;
  value: unknown;
  previous_value: unknown;
  status: ChangeRecord['status'];
  /** As the database gives it, or already as text. */
  created_at: Date | string;
  created_by_user: ChangeRecord['createdByUser'];
};

const isoTime = (at: Date | string) => (typeof at === 'string' ? at : at.toISOString());

/**
 * The change records the change-log rows describe (onboarding §3): one per change, in the order of its
 * first row, its answers in the rows' order. A deletion has no attributes: its record carries no details.
 */
export function changeRecordsFromLog(rows: readonly ChangeLogRow[]): ChangeRecord[] {
  const records = new Map<string, ChangeRecord>();
  for (const row of rows) {
    let record = records.get(row.change_id);
    if (!record) {
      record = {
        id: row.change_id,
        action: row.action,
        entity: row.entity,
        entityId: row.entity_id,
        createdAt: isoTime(row.created_at),
        createdByUser: row.created_by_user,
        status: row.status,
        changeDetails: [],
      };
      records.set(row.change_id, record);
    }
    if (row.action === 'delete') continue;
    record.changeDetails.push({
      attributeKey: row.attribute_key,
      value: row.value,
      previousValue: row.previous_value,
      status: row.status,
      createdAt: isoTime(row.created_at),
    });
  }
  return [...records.values()];
}
