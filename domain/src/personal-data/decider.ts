import type { PersonalDataAccessEvent } from '@onboard/events';
import { accepted, refused, type Command, type Decider, type Decision, type Intent } from '../decider.ts';
import { unhandled } from '../exhaustive.ts';
import { CENSUS_FIELD_LABELS } from '../census/fields.ts';
import { isMaskedFor } from '../census/masking.ts';
import { oneOf } from '../one-of.ts';

/** Why someone looks at a full value: one of these, chosen each time. */
export const REVEAL_REASONS = [
  'Correcting this row',
  'Member asked for a correction',
  'Checking a data feed rejection',
  'Audit',
] as const;
export type RevealReason = (typeof REVEAL_REASONS)[number];
export const isRevealReason = oneOf(REVEAL_REASONS);

export const PERSONAL_DATA_MESSAGES = {
  reason: 'Choose why you need the full value',
  notMasked: (field: string) =>
    `${CENSUS_FIELD_LABELS[field as keyof typeof CENSUS_FIELD_LABELS] ?? 'This column'} is shown in full already`,
} as const;

export type EmployeeRef = {
  policyId: string;
  documentId: string;
  fileName: string;
  row: number | null;
  employeeId: string;
};
/** A value of the census change view: before the change, or now. */
export type ChangeSide = 'BEFORE' | 'AFTER';
/** What downloads unmasked: a census file's error workbook, or the file as uploaded. */
export type UnmaskedFile = 'CENSUS_ERROR_WORKBOOK' | 'CENSUS_FILE';
export type PersonalDataFile = { policyId: string; documentId: string; fileName: string };

export type PersonalDataCommand =
  | Command<
      'RevealPersonalData',
      {
        clientId: string;
        employee: EmployeeRef;
        /** Whether the person is a dependant (whose name is masked too). */
        dependant: boolean;
        field: string;
        change?: ChangeSide;
        reason: string;
      }
    >
  | Command<
      'DownloadPersonalDataUnmasked',
      { clientId: string; file: PersonalDataFile; what: UnmaskedFile; reason: string }
    >;
export type PersonalDataIntent = Intent<PersonalDataCommand>;

export type PersonalDataError = { code: 'INVALID'; message: string; fields: Record<string, string> };

/** How many times a client's unmasked personal data was looked at: looks only add up. */
export type PersonalDataAccessState = { looks: number };

const invalid = (field: string, message: string) =>
  refused<PersonalDataError>({ code: 'INVALID', message, fields: { [field]: message } });

export function decidePersonalDataAccess(
  command: PersonalDataCommand,
  _state: PersonalDataAccessState,
): Decision<PersonalDataAccessEvent, PersonalDataError> {
  const { at, by } = command.metadata;
  if (!isRevealReason(command.data.reason)) return invalid('body.reason', PERSONAL_DATA_MESSAGES.reason);
  switch (command.type) {
    case 'RevealPersonalData': {
      const { clientId, employee, dependant, field, change, reason } = command.data;
      if (!isMaskedFor(field, dependant))
        return invalid('body.field', PERSONAL_DATA_MESSAGES.notMasked(field));
      return accepted({
        type: 'PersonalDataRevealed',
        data: { clientId, employee, field, ...(change ? { change } : {}), reason, at, by },
      });
    }
    case 'DownloadPersonalDataUnmasked': {
      const { clientId, file, what, reason } = command.data;
      return accepted({
        type: 'PersonalDataDownloadedUnmasked',
        data: { clientId, file, what, reason, at, by },
      });
    }
    default:
      return unhandled('command', command);
  }
}

/** Who looked at a client's personal data, on `personal-data-access-{clientId}` (appended with 'any'). */
export const personalDataAccessDecider: Decider<
  PersonalDataAccessState,
  PersonalDataCommand,
  PersonalDataAccessEvent,
  PersonalDataError
> = {
  initialState: () => ({ looks: 0 }),
  decide: decidePersonalDataAccess,
  evolve: (state) => ({ looks: state.looks + 1 }),
};
