import { describe, expect, it } from 'vitest';
import {
  censusChanges,
  packRow,
  personKey,
  reportBuilder,
  type CensusIssue,
  type CensusRow,
} from './index.ts';

const issue = (
  row: number,
  rule: CensusIssue['rule'],
  severity: CensusIssue['severity'] = 'ERROR',
): CensusIssue => ({
  row,
  field: null,
  rule,
  severity,
  message: rule,
});

describe('given the issues of a file', () => {
  it('when the report is built, then it counts by severity and groups by rule with row numbers', () => {
    const report = reportBuilder();
    report.addRow([issue(2, 'SSN_FORMAT')]);
    report.addRow([issue(3, 'EMAIL_FORMAT', 'WARNING'), issue(3, 'SSN_FORMAT')]);
    report.addRow([]);
    const built = report.build();
    expect(built.rows).toBe(3);
    expect(built.counts).toEqual({ ERROR: 2, WARNING: 1 });
    expect(built.groups.map((g) => [g.label, g.count, g.rows])).toEqual([
      ['SSN format', 2, [2, 3]],
      ['E-mail format', 1, [3]],
    ]);
    expect(built.truncated).toBe(false);
  });
});

describe('given the census submitted before', () => {
  const row = (id: string, salary: string, extra: CensusRow = {}): CensusRow => ({
    employeeId: id,
    firstName: `First ${id}`,
    lastName: 'Last',
    salary,
    ...extra,
  });
  const mapOf = (rows: CensusRow[]) => new Map(rows.map((r) => [personKey(r)!, packRow(r)]));

  it('when a new census arrives, then employees added, removed and changed field by field are listed', () => {
    const before = mapOf([row('1', '100'), row('2', '200'), row('3', '300')]);
    const after = mapOf([row('1', '100'), row('2', '250'), row('4', '400')]);
    const changes = censusChanges(before, after);
    expect(changes.totals).toEqual({ added: 1, removed: 1, changed: 1, unchanged: 1 });
    expect(changes.added.map((p) => p.name)).toEqual(['First 4 Last']);
    expect(changes.removed.map((p) => p.employeeId)).toEqual(['3']);
    expect(changes.changed[0]!.fields).toEqual([
      { field: 'salary', label: 'Annual salary', before: '200', after: '250' },
    ]);
  });

  it('when a dependent is listed, then it is keyed apart from its employee', () => {
    expect(personKey({ employeeId: '1', relationship: 'Child', firstName: 'Kim' })).not.toBe(
      personKey({ employeeId: '1' }),
    );
  });
});
