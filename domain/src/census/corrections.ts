import { CENSUS_FIELD_LABELS, type CensusField, type CensusRow } from './fields.ts';
import {
  CENSUS_RULES,
  censusChecker,
  checkRow,
  normalSsn,
  type CensusIssue,
  type CensusRule,
  type CensusSeverity,
} from './rules.ts';
import { REPORT_ISSUE_LIMIT, type CensusReport } from './report.ts';
import type { CensusEifFacts } from './eif-facts.ts';
import { maskCensusValue } from './masking.ts';

/**
 * Correcting a census where it is read: a working set of the whole file that revalidates only what a
 * changed cell can reach. A row's own rules are checked again for the rows changed; the rules across rows
 * (duplicate SSNs, duplicate employee ids, dependents without their employee) are checked again only within
 * the groups of rows sharing the old or new SSN or employee id, by the same checker the file's validation
 * uses, so a corrected file gives exactly the issues a full validation of it would.
 */

export type CensusCellChange = { row: number; field: CensusField; value: string };
export type CensusRevalidatedRow = { row: number; cells: CensusRow; issues: CensusIssue[] };
export type CensusRevalidation = {
  revalidated: CensusRevalidatedRow[];
  counts: Record<CensusSeverity, number>;
  ruleCounts: Partial<Record<CensusRule, number>>;
};

const NONE: readonly CensusIssue[] = [];

function insertSorted(list: number[], value: number) {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  if (list[lo] !== value) list.splice(lo, 0, value);
}
function removeFrom(groups: Map<string, number[]>, key: string | null, row: number) {
  if (key === null) return;
  const list = groups.get(key);
  if (!list) return;
  const at = list.indexOf(row);
  if (at !== -1) list.splice(at, 1);
  if (list.length === 0) groups.delete(key);
}
function addTo(groups: Map<string, number[]>, key: string | null, row: number) {
  if (key === null) return;
  const list = groups.get(key);
  if (list) insertSorted(list, row);
  else groups.set(key, [row]);
}

const ssnKey = (row: CensusRow) => (row.ssn ? normalSsn(row.ssn) : null);
const idKey = (row: CensusRow) => (row.employeeId ? row.employeeId : null);

const ACROSS_SSN: ReadonlySet<CensusRule> = new Set(['DUPLICATE_SSN']);
const ACROSS_ID: ReadonlySet<CensusRule> = new Set(['DUPLICATE_EMPLOYEE_ID']);

export type CensusWorkingSet = ReturnType<typeof censusWorkingSet>;

/** The whole census in memory (rows by the spreadsheet's numbering), with every issue and the totals. */
export function censusWorkingSet(rows: Iterable<readonly [number, CensusRow]>, facts: CensusEifFacts) {
  return new WorkingSet(rows, facts);
}

function setOrDelete(map: Map<number, CensusIssue[]>, row: number, issues: CensusIssue[]) {
  if (issues.length > 0) map.set(row, issues);
  else map.delete(row);
}

/** What a change reaches: the rows changed, the groups to check again, and the issues of each row before. */
type Reach = {
  touched: Set<number>;
  ssnKeys: Set<string>;
  idKeys: Set<string>;
  before: Map<number, CensusIssue[]>;
};

class WorkingSet {
  private readonly byNumber = new Map<number, CensusRow>();
  private readonly own = new Map<number, CensusIssue[]>();
  private readonly ssnAcross = new Map<number, CensusIssue[]>();
  private readonly idAcross = new Map<number, CensusIssue[]>();
  private readonly ssnGroups = new Map<string, number[]>();
  private readonly idGroups = new Map<string, number[]>();
  private readonly counts: Record<CensusSeverity, number> = { ERROR: 0, WARNING: 0 };
  private readonly ruleCounts = new Map<CensusRule, number>();

  constructor(
    rows: Iterable<readonly [number, CensusRow]>,
    private readonly facts: CensusEifFacts,
  ) {
    for (const [number, row] of rows) {
      this.byNumber.set(number, row);
      setOrDelete(this.own, number, checkRow(row, number, facts));
      addTo(this.ssnGroups, ssnKey(row), number);
      addTo(this.idGroups, idKey(row), number);
    }
    for (const key of this.ssnGroups.keys()) this.checkSsnGroup(key);
    for (const key of this.idGroups.keys()) this.checkIdGroup(key);
    for (const number of this.byNumber.keys()) this.tally(this.issuesOf(number), 1);
  }

  rowCount(): number {
    return this.byNumber.size;
  }

  row(number: number): CensusRow | undefined {
    return this.byNumber.get(number);
  }

  cell(number: number, field: CensusField): string | undefined {
    const row = this.byNumber.get(number);
    return row === undefined ? undefined : (row[field] ?? '');
  }

  issuesOf(row: number): CensusIssue[] {
    return [
      ...(this.own.get(row) ?? NONE),
      ...(this.ssnAcross.get(row) ?? NONE),
      ...(this.idAcross.get(row) ?? NONE),
    ];
  }

  /** Every issue by row, as a full validation of the rows as they are now would find them. */
  issuesByRow(): Map<number, CensusIssue[]> {
    const all = new Map<number, CensusIssue[]>();
    for (const number of [...this.byNumber.keys()].sort((a, b) => a - b)) {
      const issues = this.issuesOf(number);
      if (issues.length > 0) all.set(number, issues);
    }
    return all;
  }

  totals() {
    return { counts: { ...this.counts }, ruleCounts: Object.fromEntries(this.ruleCounts) };
  }

  /**
   * Sets cells and revalidates what they reach: the changed rows, and the rows sharing an SSN or an
   * employee id with them before or after. Answers every row changed or whose issues changed, with
   * its cells and issues now, and the file's totals after.
   */
  setCells(changes: readonly CensusCellChange[]): CensusRevalidation {
    const reach: Reach = { touched: new Set(), ssnKeys: new Set(), idKeys: new Set(), before: new Map() };
    for (const change of changes) this.setCell(change, reach);
    const { touched, ssnKeys, idKeys, before } = reach;
    for (const row of touched) {
      setOrDelete(this.own, row, checkRow(this.byNumber.get(row)!, row, this.facts));
      // A row that left every group has no issues across rows any more.
      if (ssnKey(this.byNumber.get(row)!) === null) this.ssnAcross.delete(row);
      if (idKey(this.byNumber.get(row)!) === null) this.idAcross.delete(row);
    }
    for (const key of ssnKeys) this.checkSsnGroup(key);
    for (const key of idKeys) this.checkIdGroup(key);

    const revalidated: CensusRevalidatedRow[] = [];
    for (const [row, old] of [...before.entries()].sort(([a], [b]) => a - b)) {
      const now = this.issuesOf(row);
      if (!touched.has(row) && JSON.stringify(now) === JSON.stringify(old)) continue;
      this.tally(old, -1);
      this.tally(now, 1);
      revalidated.push({ row, cells: { ...this.byNumber.get(row)! }, issues: now });
    }
    return { revalidated, ...this.totals() };
  }

  /** Sets one cell, moves its row between groups, and adds what it reaches. */
  private setCell(change: CensusCellChange, reach: Reach): void {
    const remember = (rows: Iterable<number>) => {
      for (const row of rows) if (!reach.before.has(row)) reach.before.set(row, this.issuesOf(row));
    };
    const row = this.byNumber.get(change.row);
    if (!row) throw new Error(`No row ${change.row} in the census`);
    const [oldSsn, oldId] = [ssnKey(row), idKey(row)];
    remember([change.row]);
    if (oldSsn !== null) remember(this.ssnGroups.get(oldSsn) ?? []);
    if (oldId !== null) remember(this.idGroups.get(oldId) ?? []);
    const next = { ...row, [change.field]: change.value };
    this.byNumber.set(change.row, next);
    const [newSsn, newId] = [ssnKey(next), idKey(next)];
    if (oldSsn !== newSsn) {
      removeFrom(this.ssnGroups, oldSsn, change.row);
      addTo(this.ssnGroups, newSsn, change.row);
    }
    if (oldId !== newId) {
      removeFrom(this.idGroups, oldId, change.row);
      addTo(this.idGroups, newId, change.row);
    }
    if (newSsn !== null) remember(this.ssnGroups.get(newSsn) ?? []);
    if (newId !== null) remember(this.idGroups.get(newId) ?? []);
    for (const key of [oldSsn, newSsn]) if (key !== null) reach.ssnKeys.add(key);
    for (const key of [oldId, newId]) if (key !== null) reach.idKeys.add(key);
    reach.touched.add(change.row);
  }

  private tally(issues: readonly CensusIssue[], sign: 1 | -1): void {
    for (const item of issues) {
      this.counts[item.severity] += sign;
      const n = (this.ruleCounts.get(item.rule) ?? 0) + sign;
      if (n === 0) this.ruleCounts.delete(item.rule);
      else this.ruleCounts.set(item.rule, n);
    }
  }

  /** The duplicate-SSN issues of one group, by the file's own checker over the group's rows in order. */
  private checkSsnGroup(key: string): void {
    const members = this.ssnGroups.get(key) ?? [];
    const checker = censusChecker(this.facts);
    for (const row of members)
      setOrDelete(
        this.ssnAcross,
        row,
        checker.check(this.byNumber.get(row)!, row).filter((i) => ACROSS_SSN.has(i.rule)),
      );
  }

  /** Duplicate employee ids and dependents whose employee is missing, within one employee id's rows. */
  private checkIdGroup(key: string): void {
    const members = this.idGroups.get(key) ?? [];
    const checker = censusChecker(this.facts);
    const found = new Map<number, CensusIssue[]>();
    for (const row of members)
      found.set(
        row,
        checker.check(this.byNumber.get(row)!, row).filter((i) => ACROSS_ID.has(i.rule)),
      );
    for (const item of checker.finish()) found.get(item.row)?.push(item);
    for (const [row, issues] of found) setOrDelete(this.idAcross, row, issues);
  }
}

/** The key of one cell: its row and field. */
export const cellKey = (row: number, field: string) => `${row}:${field}`;

/**
 * The report after a correction: the revalidated rows' issues in place of theirs, the file's totals as the
 * working set counted them, each rule's rows kept in step.
 */
export function correctedReport(
  report: CensusReport,
  revalidation: Pick<CensusRevalidation, 'revalidated' | 'counts' | 'ruleCounts'>,
): CensusReport {
  const changed = new Map(revalidation.revalidated.map((r) => [r.row, r.issues]));
  const issues = [
    ...report.issues.filter((i) => !changed.has(i.row)),
    ...revalidation.revalidated.flatMap((r) => r.issues),
  ]
    .sort((a, b) => a.row - b.row)
    .slice(0, REPORT_ISSUE_LIMIT);
  const previousRows = new Map(report.groups.map((g) => [g.rule, g.rows]));
  const groups = (Object.entries(revalidation.ruleCounts) as [CensusRule, number][])
    .filter(([, count]) => count > 0)
    .map(([rule, count]) => {
      const rows = new Set((previousRows.get(rule) ?? []).filter((row) => !changed.has(row)));
      for (const r of revalidation.revalidated) if (r.issues.some((i) => i.rule === rule)) rows.add(r.row);
      return {
        rule,
        label: CENSUS_RULES[rule].label,
        severity: CENSUS_RULES[rule].severity,
        count,
        rows: [...rows].sort((a, b) => a - b).slice(0, REPORT_ISSUE_LIMIT),
      };
    })
    .sort((a, b) => (a.severity === b.severity ? b.count - a.count : a.severity === 'ERROR' ? -1 : 1));
  const counts = { ...revalidation.counts };
  return {
    rows: report.rows,
    counts,
    groups,
    issues,
    truncated: counts.ERROR + counts.WARNING > issues.length,
  };
}

/** The longest text a corrected cell may hold (chosen: longer than any census field needs). */
export const CORRECTION_MAX_LENGTH = 200;

export const CORRECTION_MESSAGES = {
  notValidated: 'Only a validated census can be corrected',
  notNewest: 'A newer census was uploaded after this one; correct the newest',
  notShown: (row: number) => `Row ${row} is not one of the rows with problems`,
  notAColumn: (field: CensusField) => `The file has no column for ${CENSUS_FIELD_LABELS[field]}`,
  tooLong: `A cell holds at most ${CORRECTION_MAX_LENGTH} characters`,
  control: 'A cell cannot hold line breaks or other control characters',
  unchanged: 'Nothing to change: the cell already holds this value',
  conflict: (row: number, field: CensusField, value: string) =>
    `Someone else changed ${CENSUS_FIELD_LABELS[field]} on row ${row} to “${maskCensusValue(field, value)}” meanwhile; check it and try again`,
  busy: 'The census was corrected by someone else at the same moment; try again',
  findEmpty: 'Enter the text to find',
  noMatch: (field: CensusField, find: string) =>
    `No ${CENSUS_FIELD_LABELS[field]} of the rows with problems contains “${find}”`,
  hasCorrections: 'This file has corrections: upload a new file to match its columns again',
} as const;

/** A correction's text as stored: trimmed, or the reason it cannot be. */
export function correctionText(text: string): { ok: true; value: string } | { ok: false; message: string } {
  const value = text.trim();
  if (value.length > CORRECTION_MAX_LENGTH) return { ok: false, message: CORRECTION_MESSAGES.tooLong };
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return { ok: false, message: CORRECTION_MESSAGES.control };
  return { ok: true, value };
}

/** Every occurrence of `find` in a cell replaced (a find-and-replace over a column). */
export const replaceAllIn = (cell: string, find: string, replaceWith: string) =>
  find === '' ? cell : cell.split(find).join(replaceWith);
