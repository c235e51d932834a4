import { changeRecordsFromLog, netChanges, type ChangeLogRow } from '@onboard/domain';

/**
 * The net changes of several clients' change-log rows, each client's entities kept apart (their entity
 * is named `client/entity`).
 */
export function netChangesAcrossClients(rows: readonly (ChangeLogRow & { client_id: string })[]) {
  return netChanges(
    changeRecordsFromLog(rows.map((row) => ({ ...row, entity: `${row.client_id}/${row.entity}` }))),
  );
}
