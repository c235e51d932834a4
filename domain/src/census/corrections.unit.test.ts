import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  censusChecker,
  censusWorkingSet,
  correctedReport,
  reportBuilder,
  type CensusField,
  type CensusIssue,
  type CensusRow,
} from './index.ts';
import { censusEmployee, censusFacts } from '../testing/census.ts';

const facts = censusFacts();

const employee = (id: string, ssn: string): CensusRow =>
  censusEmployee({ employeeId: id, ssn, salary: '85000', electedPlans: 'Dental' });

/** What a full validation of the rows finds, by row: the file's own checker over every row in order. */
function fullValidation(rows: ReadonlyMap<number, CensusRow>) {
  const checker = censusChecker(facts);
  const byRow = new Map<number, CensusIssue[]>();
  const note = (issues: CensusIssue[]) => {
    for (const item of issues) byRow.set(item.row, [...(byRow.get(item.row) ?? []), item]);
  };
  for (const [number, row] of [...rows.entries()].sort(([a], [b]) => a - b)) note(checker.check(row, number));
  note(checker.finish());
  return byRow;
}

// Values drawn from small pools, so rows share SSNs and employee ids and dependents find (or lose) theirs.
const VALUES: Partial<Record<CensusField, string[]>> = {
  employeeId: ['E1', 'E2', 'E3', ''],
  relationship: ['Employee', 'Spouse', 'Child', 'Cousin'],
  ssn: ['123-45-6789', '123456789', '234-56-7890', '000-12-3456', ''],
  hoursPerWeek: ['40', '12', 'forty'],
  employeeClass: ['Salaried', 'Executives'],
  dateOfBirth: ['12/10/1985', '02/02/1990', '13/45/1980'],
};
const FIELDS = Object.keys(VALUES) as CensusField[];
const rowArb = fc.record(
  Object.fromEntries(FIELDS.map((f) => [f, fc.constantFrom(...VALUES[f]!)])) as Record<
    CensusField,
    fc.Arbitrary<string>
  >,
);

describe('census working set', () => {
  it('after any corrections, finds exactly the issues and totals a full validation of the corrected rows finds', () => {
    fc.assert(
      fc.property(
        fc.array(rowArb, { minLength: 1, maxLength: 12 }),
        fc.array(fc.tuple(fc.nat(), fc.constantFrom(...FIELDS), fc.nat()), { maxLength: 10 }),
        (rows, edits) => {
          const current = new Map(
            rows.map((values, i) => [i + 2, { ...employee('E0', ''), ...values }] as const),
          );
          const set = censusWorkingSet(current.entries(), facts);
          for (const [rowPick, field, valuePick] of edits) {
            const row = 2 + (rowPick % rows.length);
            const pool = VALUES[field]!;
            const value = pool[valuePick % pool.length]!;
            current.set(row, { ...current.get(row)!, [field]: value });
            const revalidation = set.setCells([{ row, field, value }]);
            expect(revalidation.revalidated.map((r) => r.row)).toContain(row);
          }
          const expected = fullValidation(current);
          expect(set.issuesByRow()).toEqual(expected);
          const all = [...expected.values()].flat();
          expect(set.totals().counts).toEqual({
            ERROR: all.filter((i) => i.severity === 'ERROR').length,
            WARNING: all.filter((i) => i.severity === 'WARNING').length,
          });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a corrected SSN that duplicates an earlier row flags the later row, and fixing it clears both', () => {
    const set = censusWorkingSet(
      [
        [2, employee('E1', '123-45-6789')],
        [3, employee('E2', '234-56-7890')],
        [4, employee('E3', '12-3456')],
      ],
      facts,
    );
    expect(set.totals().counts.ERROR).toBe(1);
    const duplicate = set.setCells([{ row: 4, field: 'ssn', value: '234-56-7890' }]);
    expect(duplicate.revalidated).toEqual([
      expect.objectContaining({
        row: 4,
        issues: [expect.objectContaining({ rule: 'DUPLICATE_SSN', field: 'ssn' })],
      }),
    ]);
    // Row 3 takes another SSN: neither row is a duplicate any more.
    const moved = set.setCells([{ row: 3, field: 'ssn', value: '555-44-3333' }]);
    expect(moved.revalidated.map((r) => [r.row, r.issues.length])).toEqual([
      [3, 0],
      [4, 0],
    ]);
    expect(moved.counts).toEqual({ ERROR: 0, WARNING: 0 });
    expect(moved.ruleCounts).toEqual({});
  });

  it('the report after a correction replaces the revalidated rows’ issues and keeps each rule’s rows', () => {
    const rows = new Map<number, CensusRow>([
      [2, employee('E1', '12-3456')],
      [3, { ...employee('E2', '234-56-7890'), zip: '123' }],
    ]);
    const built = reportBuilder();
    for (const [number] of rows) built.addRow(fullValidation(rows).get(number) ?? []);
    const report = built.build();
    expect(report.counts.ERROR).toBe(2);
    const set = censusWorkingSet(rows.entries(), facts);
    const after = correctedReport(report, set.setCells([{ row: 2, field: 'ssn', value: '123-45-6789' }]));
    expect(after.counts).toEqual({ ERROR: 1, WARNING: 0 });
    expect(after.groups).toEqual([expect.objectContaining({ rule: 'ZIP_FORMAT', count: 1, rows: [3] })]);
    expect(after.issues.map((i) => [i.row, i.field])).toEqual([[3, 'zip']]);
    expect(after.rows).toBe(2);
  });
});
