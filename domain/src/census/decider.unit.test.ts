import { describe, expect, it } from 'vitest';
import type { CensusEvent } from '@onboard/events';
import { givenWhenThen, eventsOf, refusalOf } from '../testing/given-when-then.ts';
import { censusDecider, type CensusCommand } from './decider.ts';
import { reportBuilder } from './report.ts';

const given = givenWhenThen(censusDecider);
const ref = { clientId: 'c1', policyId: 'p1', documentId: 'd1' };
const by = { userId: 'u1', role: 'BEN_ADMIN' };
const at = '2026-11-25T10:00:00.000Z';
const headers = [
  'Employee ID',
  'First name',
  'Last name',
  'SSN',
  'Date of birth',
  'Hire date',
  'Employee class',
  'Hours per week',
  'Location',
  'State',
  'ZIP',
  'Salary',
];
const mapping = Object.fromEntries(
  [
    'employeeId',
    'firstName',
    'lastName',
    'ssn',
    'dateOfBirth',
    'hireDate',
    'employeeClass',
    'hoursPerWeek',
    'location',
    'state',
    'zip',
    'salary',
  ].map((f, i) => [f, i]),
);

const uploaded: CensusEvent = {
  type: 'CensusUploaded',
  data: { ...ref, fileName: 'census.csv', format: 'CSV', size: 10, headers, mapping, at, by },
};
const confirmed: CensusEvent = {
  type: 'CensusMappingConfirmed',
  data: { ...ref, mapping, source: 'HRIS', at, by },
};
const validated = (errors: number): CensusEvent => {
  const report = reportBuilder();
  for (let i = 0; i < errors; i++)
    report.addRow([{ row: i + 2, field: 'ssn', rule: 'SSN_FORMAT', severity: 'ERROR', message: 'SSN' }]);
  return {
    type: 'CensusValidated',
    data: {
      ...ref,
      report: report.build(),
      changes: null,
      comparedWith: null,
      errorWorkbookDocumentId: null,
      at,
    },
  };
};
const submit: CensusCommand = { type: 'SubmitCensus', data: ref, metadata: { at, by } };

describe('census decider', () => {
  it('given an uploaded file, when its mapping leaves out a required column, then it is refused naming it', () => {
    const { ssn: _ssn, ...withoutSsn } = mapping;
    const refusal = refusalOf(
      given(uploaded).when({
        type: 'ConfirmCensusMapping',
        data: { ...ref, mapping: withoutSsn, source: 'MANUAL' },
        metadata: { at, by },
      }),
    );
    expect(refusal).toMatchObject({ code: 'INVALID', message: 'The file has no column for SSN' });
  });

  it('given a validated census with errors, when it is submitted, then it is refused', () => {
    expect(refusalOf(given(uploaded, confirmed, validated(2)).when(submit)).code).toBe('HAS_ERRORS');
  });

  it('given a census still validating, when it is submitted, then it is refused', () => {
    expect(refusalOf(given(uploaded, confirmed).when(submit)).code).toBe('NOT_VALIDATED');
  });

  it('given a validated census without errors, when it is submitted, then it is recorded once', () => {
    const events = eventsOf(given(uploaded, confirmed, validated(0)).when(submit));
    expect(events).toEqual([{ type: 'CensusSubmitted', data: { ...ref, at, by } }]);
    expect(refusalOf(given(uploaded, confirmed, validated(0), ...events).when(submit)).code).toBe(
      'ALREADY_SUBMITTED',
    );
  });

  it('given a newer upload, when the older census is submitted, then it is refused as stale', () => {
    const newer: CensusEvent = { ...uploaded, data: { ...uploaded.data, documentId: 'd2' } } as CensusEvent;
    expect(refusalOf(given(uploaded, confirmed, validated(0), newer).when(submit)).code).toBe('STALE');
  });

  it('given an uploaded file, when it is renamed, then the trimmed name is recorded; an empty name is refused', () => {
    const rename = (fileName: string): CensusCommand => ({
      type: 'RenameCensusFile',
      data: { ...ref, fileName },
      metadata: { at, by },
    });
    expect(eventsOf(given(uploaded).when(rename(' March.csv ')))).toEqual([
      { type: 'CensusRenamed', data: { ...ref, fileName: 'March.csv', at, by } },
    ]);
    expect(eventsOf(given(uploaded).when(rename('census.csv')))).toEqual([]);
    expect(refusalOf(given(uploaded).when(rename(' ')))).toMatchObject({
      code: 'INVALID',
      message: 'Give the document a name',
    });
  });

  it('given a file, when it is deleted: only by its uploader or staff, never once submitted', () => {
    const remove = (who: { userId: string; role: string }): CensusCommand => ({
      type: 'DeleteCensusFile',
      data: ref,
      metadata: { at, by: who },
    });
    expect(refusalOf(given(uploaded).when(remove({ userId: 'u2', role: 'BROKER' })))).toMatchObject({
      code: 'FORBIDDEN',
      message: 'You can only delete census files you uploaded',
    });
    const staff = { userId: 'ic', role: 'SLF_ADMIN' };
    const deleted = eventsOf(given(uploaded).when(remove(staff)));
    expect(deleted).toEqual([{ type: 'CensusDeleted', data: { ...ref, at, by: staff } }]);
    const after = given(uploaded, ...deleted);
    expect(refusalOf(after.when(remove(by))).code).toBe('NOT_FOUND');
    const submitted = given(uploaded, confirmed, validated(0), {
      type: 'CensusSubmitted',
      data: { ...ref, at, by },
    });
    expect(refusalOf(submitted.when(remove(by)))).toMatchObject({
      code: 'ALREADY_SUBMITTED',
      message: 'A submitted census is kept as the record of what was sent, so it cannot be deleted',
    });
  });
});
