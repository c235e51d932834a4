import { describe, expect, it } from 'vitest';
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
  it('given an SSN with or without dashes, then only its last four digits show', () => {
    expect(maskSsn('555-12-3456')).toBe('***-**-3456');
    expect(maskSsn('110201010')).toBe('***-**-1010');
    expect(maskSsn(' 110 20 1010 ')).toBe('***-**-1010');
  });

  it('given an SSN too short to have four digits, then none of it shows', () => {
    expect(maskSsn('12')).toBe('***-**-****');
    expect(maskSsn('abc')).toBe('***-**-****');
    expect(maskSsn('')).toBe('');
  });

  it('given a date of birth in any census format, then only its year shows', () => {
    expect(maskDateOfBirth('04/17/1985')).toBe('1985');
    expect(maskDateOfBirth('1985-04-17')).toBe('1985');
    expect(maskDateOfBirth('4/7/1962')).toBe('1962');
    expect(maskDateOfBirth('17.04.1985')).toBe('1985');
  });

  it('given a date of birth with no year in it, then nothing of it shows', () => {
    expect(maskDateOfBirth('April 17')).toBe(HIDDEN_VALUE);
    expect(maskDateOfBirth('')).toBe('');
  });

  it('given an annual salary, then the band it falls in shows', () => {
    expect(salaryBand('18000')).toBe('Under $25,000');
    expect(salaryBand('25000')).toBe('$25,000–$49,999');
    expect(salaryBand('$52,000.00')).toBe('$50,000–$74,999');
    expect(salaryBand('74999.99')).toBe('$50,000–$74,999');
    expect(salaryBand('75000')).toBe('$75,000–$99,999');
    expect(salaryBand('120000')).toBe('$100,000–$149,999');
    expect(salaryBand('199999')).toBe('$150,000–$199,999');
    expect(salaryBand('1250000')).toBe('$200,000 and over');
  });

  it('given a salary that is no amount, then nothing of it shows', () => {
    expect(salaryBand('52.000,00')).toBe(HIDDEN_VALUE);
    expect(salaryBand('-52000')).toBe(HIDDEN_VALUE);
    expect(salaryBand('')).toBe('');
  });

  it('given a column without personal data, then its value shows as it is', () => {
    expect(maskCensusValue('firstName', 'Ana')).toBe('Ana');
    expect(maskCensusValue('state', 'NY')).toBe('NY');
    expect(maskCensusValue('ssn', '555-12-3456')).toBe('***-**-3456');
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

  it('given a correction from the masked value, then it stands for the value it masks', () => {
    expect(seenValue('ssn', '***-**-1010', '110-20-1010')).toBe('110-20-1010');
    expect(seenValue('ssn', '***-**-9999', '110-20-1010')).toBe('***-**-9999');
    expect(seenValue('zip', '100**', '10001')).toBe('10001');
    expect(seenValue('state', 'NY', 'NY')).toBe('NY');
    expect(seenValue('firstName', 'M.', 'Mia', true)).toBe('Mia');
    expect(seenValue('firstName', 'M.', 'Mia', false)).toBe('M.');
  });

  it('given a home ZIP code, then only its first three digits show', () => {
    expect(maskZip('10001')).toBe('100**');
    expect(maskZip(' 07030-1234 ')).toBe('070**');
    expect(maskZip('070301234')).toBe('070**');
    expect(maskZip('1001')).toBe(HIDDEN_VALUE);
    expect(maskZip('')).toBe('');
  });

  it('given a dependant’s name, then only its initial shows', () => {
    expect(nameInitial('mia')).toBe('M.');
    expect(nameInitial(' Élodie ')).toBe('É.');
    expect(nameInitial('--')).toBe(HIDDEN_VALUE);
    expect(nameInitial('')).toBe('');
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
