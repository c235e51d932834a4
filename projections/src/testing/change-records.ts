import type { ChangeRecord } from '@onboard/domain';

/** A row of rm_change_details as a test reads it, its time already as text. */
export type ChangeDetailRow = {
  change_id: string;
  action: ChangeRecord['action'];
  entity: string;
  entity_id: string;
  attribute_key: string;
  value: unknown;
  previous_value: unknown;
  status: ChangeRecord['status'];
  created_at: string;
  created_by_user: ChangeRecord['createdByUser'];
};

/** The change records the change-log rows describe, one per change, its answers in the rows' order. */
export function changeRecordsOf(rows: readonly ChangeDetailRow[]): ChangeRecord[] {
  const records = new Map<string, ChangeRecord>();
  for (const row of rows) {
    let record = records.get(row.change_id);
    if (!record) {
      record = {
        id: row.change_id,
        action: row.action,
        entity: row.entity,
        entityId: row.entity_id,
        createdAt: row.created_at,
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
      createdAt: row.created_at,
    });
  }
  return [...records.values()];
}
