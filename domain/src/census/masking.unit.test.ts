import { describe, expect, it } from 'vitest';
import { itAnswers } from '../testing/examples.ts';
import {
  HIDDEN_VALUE,
  maskCensusGrid,
  maskCensusResult,
  maskCensusRow,
  maskCensusValue,
  maskDateOfBirth,
  maskSsn,
  maskZip,
  nameInitial,
  salaryBand,
  seenValue,
} from './masking.ts';
import type { CensusGrid, CensusValidationResult } from './decider.ts';

describe('masking a census’s personal data', () => {
  itAnswers(maskSsn, {
    'given an SSN with or without dashes, then only its last four digits show': [
      [['555-12-3456'], '***-**-3456'],
      [['110201010'], '***-**-1010'],
      [[' 110 20 1010 '], '***-**-1010'],
    ],
    'given an SSN too short to have four digits, then none of it shows': [
      [['12'], '***-**-****'],
      [['abc'], '***-**-****'],
      [[''], ''],
    ],
  });

  itAnswers(maskDateOfBirth, {
    'given a date of birth in any census format, then only its year shows': [
      [['04/17/1985'], '1985'],
      [['1985-04-17'], '1985'],
      [['4/7/1962'], '1962'],
      [['17.04.1985'], '1985'],
    ],
    'given a date of birth with no year in it, then nothing of it shows': [
      [['April 17'], HIDDEN_VALUE],
      [[''], ''],
    ],
  });

  itAnswers(salaryBand, {
    'given an annual salary, then the band it falls in shows': [
      [['18000'], 'Under $25,000'],
      [['25000'], '$25,000–$49,999'],
      [['$52,000.00'], '$50,000–$74,999'],
      [['74999.99'], '$50,000–$74,999'],
      [['75000'], '$75,000–$99,999'],
      [['120000'], '$100,000–$149,999'],
      [['199999'], '$150,000–$199,999'],
      [['1250000'], '$200,000 and over'],
    ],
    'given a salary that is no amount, then nothing of it shows': [
      [['52.000,00'], HIDDEN_VALUE],
      [['-52000'], HIDDEN_VALUE],
      [[''], ''],
    ],
  });

  itAnswers(maskCensusValue, {
    'given a column without personal data, then its value shows as it is': [
      [['firstName', 'Ana'], 'Ana'],
      [['state', 'NY'], 'NY'],
      [['ssn', '555-12-3456'], '***-**-3456'],
    ],
  });

  it('given the correction grid, then its cells and the file’s corrected values are masked', () => {
    const grid: CensusGrid = {
      columns: [],
      rows: [
        {
          row: 2,
          cells: { employeeId: 'E1', ssn: '110-20-1010', dateOfBirth: '01/02/1980', salary: '64000' },
          issues: [],
          corrected: { ssn: '555-12-3456' },
        },
      ],
    };
    expect(maskCensusGrid(grid).rows[0]).toEqual({
      row: 2,
      cells: { employeeId: 'E1', ssn: '***-**-1010', dateOfBirth: '1980', salary: '$50,000–$74,999' },
      issues: [],
      corrected: { ssn: '***-**-3456' },
    });
  });

  it('given the change view, then before and after are masked field by field', () => {
    const result = {
      domainValidations: {
        report: null,
        comparedWith: 'older.csv',
        changes: {
          totals: { added: 0, removed: 0, changed: 1, unchanged: 0 },
          added: [],
          removed: [],
          changed: [
            {
              key: 'E1',
              name: 'Ana Diaz',
              employeeId: 'E1',
              relationship: 'Employee',
              fields: [
                { field: 'ssn', label: 'SSN', before: '555-12-3456', after: '110-20-1010' },
                { field: 'zip', label: 'ZIP code', before: '10001', after: '20002' },
                { field: 'state', label: 'State', before: 'NY', after: 'NJ' },
              ],
            },
          ],
        },
      },
    } as unknown as CensusValidationResult;
    expect(maskCensusResult(result).domainValidations.changes!.changed[0]!.fields).toEqual([
      { field: 'ssn', label: 'SSN', before: '***-**-3456', after: '***-**-1010' },
      { field: 'zip', label: 'ZIP code', before: '100**', after: '200**' },
      { field: 'state', label: 'State', before: 'NY', after: 'NJ' },
    ]);
  });

  it('given a dependant in the change view, then their name reads as initials, in the key too', () => {
    const child = {
      key: 'E1\u001fCHILD\u001fmia',
      name: 'Mia Diaz',
      employeeId: 'E1',
      relationship: 'Child',
    };
    const result = {
      domainValidations: {
        report: null,
        comparedWith: 'older.csv',
        changes: {
          totals: { added: 1, removed: 0, changed: 1, unchanged: 0 },
          added: [child],
          removed: [],
          changed: [
            {
              ...child,
              fields: [
                { field: 'lastName', label: 'Last name', before: 'Diaz', after: 'Ruiz' },
                { field: 'dateOfBirth', label: 'Date of birth', before: '03/04/2015', after: '03/05/2015' },
              ],
            },
          ],
        },
      },
    } as unknown as CensusValidationResult;
    const changes = maskCensusResult(result).domainValidations.changes!;
    expect(changes.added).toEqual([
      { key: 'E1/Child/M.', name: 'M. D.', employeeId: 'E1', relationship: 'Child' },
    ]);
    expect(changes.changed[0]!.fields.map((f) => [f.before, f.after])).toEqual([
      ['D.', 'R.'],
      ['2015', '2015'],
    ]);
    expect(JSON.stringify(changes)).not.toContain('Mia');
  });

  itAnswers(seenValue, {
    'given a correction from the masked value, then it stands for the value it masks': [
      [['ssn', '***-**-1010', '110-20-1010'], '110-20-1010'],
      [['ssn', '***-**-9999', '110-20-1010'], '***-**-9999'],
      [['zip', '100**', '10001'], '10001'],
      [['state', 'NY', 'NY'], 'NY'],
      [['firstName', 'M.', 'Mia', true], 'Mia'],
      [['firstName', 'M.', 'Mia', false], 'M.'],
    ],
  });

  itAnswers(maskZip, {
    'given a home ZIP code, then only its first three digits show': [
      [['10001'], '100**'],
      [[' 07030-1234 '], '070**'],
      [['070301234'], '070**'],
      [['1001'], HIDDEN_VALUE],
      [[''], ''],
    ],
  });

  itAnswers(nameInitial, {
    'given a dependant’s name, then only its initial shows': [
      [['mia'], 'M.'],
      [[' Élodie '], 'É.'],
      [['--'], HIDDEN_VALUE],
      [[''], ''],
    ],
  });

  it('given a row, then a dependant’s name is masked and an employee’s is not', () => {
    const person = { employeeId: 'E1', firstName: 'Ana', lastName: 'Diaz', zip: '10001', state: 'NY' };
    expect(maskCensusRow({ ...person, relationship: 'Employee' })).toEqual({
      ...person,
      relationship: 'Employee',
      zip: '100**',
    });
    expect(maskCensusRow(person)).toEqual({ ...person, zip: '100**' });
    expect(maskCensusRow({ ...person, relationship: 'SP' })).toEqual({
      ...person,
      relationship: 'SP',
      firstName: 'A.',
      lastName: 'D.',
      zip: '100**',
    });
    expect(maskCensusRow({ ...person, relationship: 'cousin' }).firstName).toBe('A.');
  });
});

describe('an erased value', () => {
  it("reads 'erased' through every masker", () => {
    for (const field of ['ssn', 'dateOfBirth', 'salary', 'zip'])
      expect(maskCensusValue(field, 'erased')).toBe('erased');
    expect(maskCensusValue('firstName', 'erased', true)).toBe('erased');
  });
});
