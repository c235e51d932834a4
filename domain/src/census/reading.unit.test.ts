import { describe, expect, it } from 'vitest';
import {
  applyRemembered,
  differenceText,
  excelSerialDate,
  findHeaderRow,
  headerCells,
  matchHeaders,
  missingColumns,
  withSerialDates,
} from './index.ts';

describe('given the headers people write', () => {
  it('when they use synonyms, then each field is matched by its synonym with full confidence', () => {
    const headers = ['Emp ID', 'DOB', 'Social Security #', 'Birth Date', 'SSN', 'Date of Birth'];
    const { mapping, matches } = matchHeaders(headers);
    expect(mapping.employeeId).toBe(0);
    expect(matches.employeeId).toEqual({ how: 'SYNONYM', confidence: 1 });
    // The field's own name wins over a synonym; a synonym over a resemblance.
    expect(mapping.dateOfBirth).toBe(5);
    expect(matches.dateOfBirth).toEqual({ how: 'EXACT', confidence: 1 });
    expect(mapping.ssn).toBe(4);
    // Each header holds one field at most.
    expect(new Set(Object.values(mapping)).size).toBe(Object.values(mapping).length);
  });

  it('when each synonym stands alone, then it finds its field', () => {
    for (const [header, field] of [
      ['DOB', 'dateOfBirth'],
      ['Birth Date', 'dateOfBirth'],
      ['Date of Birth', 'dateOfBirth'],
      ['SSN', 'ssn'],
      ['Social Security #', 'ssn'],
      ['Emp ID', 'employeeId'],
    ] as const)
      expect(matchHeaders([header]).mapping).toEqual({ [field]: 0 });
  });

  it('when a header only resembles a field, then it is matched fuzzily with its confidence shown', () => {
    const { mapping, matches } = matchHeaders(['Employe ID', 'Hire Dt', 'Employee SSN', 'Colour']);
    expect(mapping).toMatchObject({ employeeId: 0, hireDate: 1, ssn: 2 });
    expect(matches.employeeId!.how).toBe('FUZZY');
    expect(matches.employeeId!.confidence).toBeGreaterThanOrEqual(0.75);
    expect(matches.employeeId!.confidence).toBeLessThan(1);
    // Nothing resembles 'Colour': it stays unmatched.
    expect(Object.values(mapping)).not.toContain(3);
  });
});

describe('given the top rows of a sheet', () => {
  it('when two title rows stand above the header, then the header is the third row', () => {
    const rows = [
      ['Acme Corp employee census'],
      ['As of 01/01/2027', '', ''],
      ['Employee ID', 'First Name', 'Last Name', 'SSN', 'DOB'],
      ['E1', 'Ada', 'Lovelace', '123-45-6789', '12/10/1985'],
    ];
    expect(findHeaderRow(rows)).toBe(3);
    expect(
      findHeaderRow([
        ['a', 'b'],
        ['c', 'd'],
      ]),
    ).toBe(1);
  });

  it('when merged or empty columns trail the header, then they are left out', () => {
    expect(headerCells([' Employee ID ', 'SSN', '', 'Notes', '', ''])).toEqual([
      'Employee ID',
      'SSN',
      '',
      'Notes',
    ]);
  });
});

describe('given dates Excel keeps as serial numbers', () => {
  it('when a General cell of a date column holds one, then it reads as the date', () => {
    expect(excelSerialDate('24125')).toBe('01/18/1966');
    expect(excelSerialDate('1')).toBe('01/01/1900');
    expect(excelSerialDate('61')).toBe('03/01/1900');
    expect(excelSerialDate('60')).toBeNull(); // Excel's 02/29/1900 never was
    expect(excelSerialDate('45658.75')).toBe('01/01/2025');
    expect(excelSerialDate('22663', true)).toBe('01/18/1966');
    expect(excelSerialDate('12/10/1985')).toBeNull();
    expect(excelSerialDate('E1')).toBeNull();
  });

  it('when the column is not a date column, then the number stays a number', () => {
    const mapping = { employeeId: 0, dateOfBirth: 1, hoursPerWeek: 2 };
    expect(withSerialDates(['24125', '24125', '40'], mapping, false)).toEqual(['24125', '01/18/1966', '40']);
  });
});

describe('given the columns confirmed for the last census', () => {
  const remembered = {
    headers: ['Emp #', 'Given', 'Family', 'Tax number', 'Born', 'Started'],
    mapping: { employeeId: 0, firstName: 1, lastName: 2, ssn: 3, dateOfBirth: 4, hireDate: 5 },
  };

  it('when the same headers come again, then each field takes its confirmed column, wherever it now is', () => {
    const headers = ['Started', 'Born', 'Tax number', 'Family', 'Given', 'Emp #'];
    const suggestion = applyRemembered(headers, matchHeaders(headers), remembered);
    expect(suggestion.mapping).toEqual({
      employeeId: 5,
      firstName: 4,
      lastName: 3,
      ssn: 2,
      dateOfBirth: 1,
      hireDate: 0,
    });
    expect(suggestion.matches.ssn).toEqual({ how: 'REMEMBERED', confidence: 1 });
    expect(suggestion.differences).toEqual([]);
  });

  it('when a column is gone or new, then what differs is said', () => {
    const headers = ['Emp #', 'Given', 'Family', 'SSN', 'Born', 'Started', 'Bonus'];
    const suggestion = applyRemembered(headers, matchHeaders(headers), remembered);
    expect(suggestion.mapping.ssn).toBe(3);
    expect(suggestion.differences.map(differenceText)).toEqual([
      'SSN was the column “Tax number” last time; this file has no such column, so “SSN” is suggested instead.',
      '“SSN” is a column the last file did not have.',
      '“Bonus” is a column the last file did not have.',
    ]);
    const without = applyRemembered(['Emp #', 'Given'], matchHeaders(['Emp #', 'Given']), remembered);
    expect(missingColumns(without.mapping)).toContain('ssn');
    expect(differenceText(without.differences[0]!)).toBe(
      'Last name was the column “Family” last time; this file has no such column. Choose its column.',
    );
  });
});
