import type { PersonalDataAccessEvent, PersonalDataEvent } from '@onboard/events';
import { CENSUS_FIELD_LABELS, type CensusField } from '../census/fields.ts';
import { ERASURE_REASON_LABELS } from './erasure.ts';

/** What the access log lists of each kind of look, in words. */
export const ACCESS_KINDS = {
  REVEAL: 'Revealed a field',
  UNMASKED_DOWNLOAD: 'Downloaded unmasked',
  ERASURE: 'Erased personal data',
} as const;
export type AccessKind = keyof typeof ACCESS_KINDS;

/** One line of the access log: who did what to which client's personal data, when and why. */
export type AccessLogEntry = {
  kind: AccessKind;
  clientId: string;
  at: string;
  by: { userId: string; role: string };
  /** What was looked at, in words: "SSN of row 5 (employee E1001) in census.csv". */
  what: string;
  reason: string;
};

/** A change view's value: the file's before the change, or now. */
const CHANGE_WORDS = { BEFORE: ' before the change', AFTER: ' after the change' } as const;

/** "row 5 (employee E1001)", or for a person of the change view (no row) "employee E1001". */
const personOf = ({ row, employeeId }: { row: number | null; employeeId: string }) => {
  const employee = `employee ${employeeId || 'without an ID'}`;
  return row === null ? employee : `row ${row} (${employee})`;
};

const label = (field: string) => CENSUS_FIELD_LABELS[field as CensusField] ?? field;

type EntryOf<E extends { type: string; data: unknown }> = {
  [T in E['type']]: (data: Extract<E, { type: T }>['data']) => AccessLogEntry;
};

/** The access log's line of each event: one entry per event type (a look, or an erasure). */
export const ACCESS_LOG_ENTRIES: EntryOf<PersonalDataAccessEvent | PersonalDataEvent> = {
  PersonalDataRevealed: (data) => ({
    kind: 'REVEAL',
    clientId: data.clientId,
    at: data.at,
    by: data.by,
    what: `${label(data.field)}${data.change ? CHANGE_WORDS[data.change] : ''} of ${personOf(data.employee)} in ${data.employee.fileName}`,
    reason: data.reason,
  }),
  PersonalDataDownloadedUnmasked: (data) => ({
    kind: 'UNMASKED_DOWNLOAD',
    clientId: data.clientId,
    at: data.at,
    by: data.by,
    what:
      data.what === 'CENSUS_FILE'
        ? `Census file ${data.file.fileName} as uploaded`
        : `Error workbook of ${data.file.fileName}`,
    reason: data.reason,
  }),
  PersonalDataErased: (data) => ({
    kind: 'ERASURE',
    clientId: data.clientId,
    at: data.erasedAt,
    by: data.erasedBy,
    what: data.scope === 'CLIENT' ? 'Every employee’s personal data' : 'One employee’s personal data',
    reason: ERASURE_REASON_LABELS[data.reason],
  }),
};

/** The access log's line of an event, or null when the event is no look at personal data. */
export function accessLogEntry(event: { type: string; data: unknown }): AccessLogEntry | null {
  const entryOf = (ACCESS_LOG_ENTRIES as Record<string, ((data: never) => AccessLogEntry) | undefined>)[
    event.type
  ];
  return entryOf ? entryOf(event.data as never) : null;
}

/** The event types the access log lists. */
export const ACCESS_LOG_EVENT_TYPES = Object.keys(ACCESS_LOG_ENTRIES);
