import { describe, expect, it } from 'vitest';
import type { PersonalDataAccessEvent } from '@onboard/events';
import { eventsOf, givenWhenThen, refusalOf } from '../testing/given-when-then.ts';
import { PERSONAL_DATA_MESSAGES, personalDataAccessDecider, type PersonalDataCommand } from './decider.ts';
import { ACCESS_LOG_EVENT_TYPES, accessLogEntry } from './access-log.ts';

const at = '2026-11-29T06:00:00.000Z';
const by = { userId: 'ben-1', role: 'BEN_ADMIN' };
const employee = { policyId: 'p1', documentId: 'd1', fileName: 'census.csv', row: 5, employeeId: 'E1001' };
const file = { policyId: 'p1', documentId: 'd1', fileName: 'census.csv' };
const given = givenWhenThen(personalDataAccessDecider);
const reveal = (field: string, reason: string): PersonalDataCommand => ({
  type: 'RevealPersonalData',
  data: { clientId: 'acme', employee, dependant: false, field, reason },
  metadata: { at, by },
});
const download = (reason: string): PersonalDataCommand => ({
  type: 'DownloadPersonalDataUnmasked',
  data: { clientId: 'acme', file, what: 'CENSUS_ERROR_WORKBOOK', reason },
  metadata: { at, by: { userId: 'admin-1', role: 'SLF_ADMIN' } },
});
const revealed: PersonalDataAccessEvent = {
  type: 'PersonalDataRevealed',
  data: { clientId: 'acme', employee, field: 'ssn', reason: 'Audit', at, by },
};

describe('who looked at personal data', () => {
  it('given a reason from the list, when a field is revealed, then who, what, which employee, when and why are recorded', () => {
    expect(eventsOf(given().when(reveal('ssn', 'Audit')))).toEqual([revealed]);
  });

  it('given earlier looks, when another is revealed, then it is recorded beside them', () => {
    expect(eventsOf(given(revealed).when(reveal('salary', 'Correcting this row')))).toEqual([
      {
        type: 'PersonalDataRevealed',
        data: { clientId: 'acme', employee, field: 'salary', reason: 'Correcting this row', at, by },
      },
    ]);
    expect(given(revealed, revealed).state.looks).toBe(2);
  });

  it('given no reason from the list, when a field is revealed, then it is refused and nothing is recorded', () => {
    expect(refusalOf(given().when(reveal('ssn', 'Curious')))).toMatchObject({
      code: 'INVALID',
      fields: { 'body.reason': PERSONAL_DATA_MESSAGES.reason },
    });
  });

  it('given a column that is never masked, when it is revealed, then it is refused', () => {
    expect(refusalOf(given().when(reveal('state', 'Audit')))).toMatchObject({
      code: 'INVALID',
      fields: { 'body.field': 'State is shown in full already' },
    });
  });

  it('given an employee’s name, when it is revealed, then it is refused: it shows in full already', () => {
    expect(refusalOf(given().when(reveal('firstName', 'Audit')))).toMatchObject({
      fields: { 'body.field': 'First name is shown in full already' },
    });
  });

  it('given a dependant’s name in the change view, when its value before the change is revealed, then the side is recorded', () => {
    const command = reveal('firstName', 'Audit');
    const dependantName: PersonalDataCommand = {
      ...command,
      data: { ...command.data, employee: { ...employee, row: null }, dependant: true, change: 'BEFORE' },
    } as PersonalDataCommand;
    const [event] = eventsOf(given().when(dependantName));
    expect(event).toEqual({
      type: 'PersonalDataRevealed',
      data: {
        clientId: 'acme',
        employee: { ...employee, row: null },
        field: 'firstName',
        change: 'BEFORE',
        reason: 'Audit',
        at,
        by,
      },
    });
    expect(accessLogEntry(event!)!.what).toBe('First name before the change of employee E1001 in census.csv');
  });

  it('given a reason, when the error workbook is downloaded unmasked, then the download is recorded', () => {
    expect(eventsOf(given().when(download('Checking a data feed rejection')))).toEqual([
      {
        type: 'PersonalDataDownloadedUnmasked',
        data: {
          clientId: 'acme',
          file,
          what: 'CENSUS_ERROR_WORKBOOK',
          reason: 'Checking a data feed rejection',
          at,
          by: { userId: 'admin-1', role: 'SLF_ADMIN' },
        },
      },
    ]);
    expect(refusalOf(given().when(download('')))).toMatchObject({ code: 'INVALID' });
  });

  it('lists each look in words in the access log, never the value looked at', () => {
    expect(accessLogEntry(revealed)).toEqual({
      kind: 'REVEAL',
      clientId: 'acme',
      at,
      by,
      what: 'SSN of row 5 (employee E1001) in census.csv',
      reason: 'Audit',
    });
    const original = eventsOf(
      given().when({
        ...download('Audit'),
        data: { clientId: 'acme', file, what: 'CENSUS_FILE', reason: 'Audit' },
      } as PersonalDataCommand),
    )[0]!;
    expect(accessLogEntry(original)!.what).toBe('Census file census.csv as uploaded');
    expect(accessLogEntry({ type: 'EifEntityChanged', data: {} })).toBeNull();
    expect(ACCESS_LOG_EVENT_TYPES).toContain('PersonalDataDownloadedUnmasked');
  });
});
