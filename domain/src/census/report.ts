import { CENSUS_FIELDS, CENSUS_FIELD_LABELS, type CensusField, type CensusRow } from './fields.ts';
import {
  CENSUS_RULES,
  relationshipOf,
  type CensusIssue,
  type CensusRule,
  type CensusSeverity,
} from './rules.ts';

/** How many issues a report keeps in full; past it only the counts grow (a file of errors stays small). */
export const REPORT_ISSUE_LIMIT = 2000;
/** How many changed employees a change view lists per kind; the totals count all of them. */
export const CHANGE_LIST_LIMIT = 500;

export type CensusReport = {
  rows: number;
  counts: Record<CensusSeverity, number>;
  /** Per rule: its words, severity, how many, and the rows (the first ones, up to the issue limit). */
  groups: { rule: CensusRule; label: string; severity: CensusSeverity; count: number; rows: number[] }[];
  /** The issues themselves, in row order, up to REPORT_ISSUE_LIMIT. */
  issues: CensusIssue[];
  truncated: boolean;
};

/** Gathers issues as they are found, keeping counts exact and the listed issues bounded. */
export function reportBuilder() {
  const counts: Record<CensusSeverity, number> = { ERROR: 0, WARNING: 0 };
  const byRule = new Map<CensusRule, { count: number; rows: number[] }>();
  const issues: CensusIssue[] = [];
  let rows = 0;
  return {
    addRow(found: readonly CensusIssue[]) {
      rows += 1;
      this.add(found);
    },
    add(found: readonly CensusIssue[]) {
      for (const item of found) {
        counts[item.severity] += 1;
        const group = byRule.get(item.rule) ?? { count: 0, rows: [] };
        group.count += 1;
        if (group.rows.length < REPORT_ISSUE_LIMIT && group.rows.at(-1) !== item.row)
          group.rows.push(item.row);
        byRule.set(item.rule, group);
        if (issues.length < REPORT_ISSUE_LIMIT) issues.push(item);
      }
    },
    build(): CensusReport {
      const total = counts.ERROR + counts.WARNING;
      return {
        rows,
        counts: { ...counts },
        groups: [...byRule.entries()]
          .map(([rule, group]) => ({
            rule,
            label: CENSUS_RULES[rule].label,
            severity: CENSUS_RULES[rule].severity,
            count: group.count,
            rows: [...group.rows].sort((a, b) => a - b),
          }))
          .sort((a, b) => (a.severity === b.severity ? b.count - a.count : a.severity === 'ERROR' ? -1 : 1)),
        issues: [...issues].sort((a, b) => a.row - b.row),
        truncated: total > issues.length,
      };
    },
  };
}

// ---- the change view ---------------------------------------------------------------------------------

const SEPARATOR = '\u001f';

/** The key a person keeps from one census to the next: the employee id, and for a dependent its name. */
export function personKey(row: CensusRow): string | null {
  if (!row.employeeId) return null;
  const relationship = relationshipOf(row.relationship) ?? 'UNKNOWN';
  if (relationship === 'EMPLOYEE') return row.employeeId;
  return [row.employeeId, relationship, (row.firstName ?? '').toLowerCase()].join(SEPARATOR);
}

/** A row packed into one string (a census of 50,000 rows is kept for the change view as 50,000 strings). */
export const packRow = (row: CensusRow) => CENSUS_FIELDS.map((field) => row[field] ?? '').join(SEPARATOR);
/** A packed row back to its fields. */
export const unpackRow = (packed: string): CensusRow => {
  const values = packed.split(SEPARATOR);
  return Object.fromEntries(CENSUS_FIELDS.map((field, i) => [field, values[i] ?? ''])) as CensusRow;
};

export type CensusPerson = { key: string; name: string; employeeId: string; relationship: string };
export type CensusFieldChange = { field: CensusField; label: string; before: string; after: string };

export type CensusChanges = {
  totals: { added: number; removed: number; changed: number; unchanged: number };
  added: CensusPerson[];
  removed: CensusPerson[];
  changed: (CensusPerson & { fields: CensusFieldChange[] })[];
};

const RELATIONSHIP_WORDS: Record<string, string> = {
  EMPLOYEE: 'Employee',
  SPOUSE: 'Spouse',
  CHILD: 'Child',
  DOMESTIC_PARTNER: 'Domestic partner',
  UNKNOWN: 'Unknown',
};

const personOf = (key: string, row: CensusRow): CensusPerson => ({
  key,
  name: [row.firstName, row.lastName].filter(Boolean).join(' '),
  employeeId: row.employeeId ?? '',
  relationship: RELATIONSHIP_WORDS[relationshipOf(row.relationship) ?? 'UNKNOWN']!,
});

/** The change view: who was added, removed or changed (field by field) since the census submitted before. */
export function censusChanges(
  before: ReadonlyMap<string, string>,
  after: ReadonlyMap<string, string>,
): CensusChanges {
  const changes: CensusChanges = {
    totals: { added: 0, removed: 0, changed: 0, unchanged: 0 },
    added: [],
    removed: [],
    changed: [],
  };
  for (const [key, packed] of after) {
    const previous = before.get(key);
    if (previous === undefined) {
      changes.totals.added += 1;
      if (changes.added.length < CHANGE_LIST_LIMIT) changes.added.push(personOf(key, unpackRow(packed)));
    } else if (previous !== packed) {
      changes.totals.changed += 1;
      if (changes.changed.length >= CHANGE_LIST_LIMIT) continue;
      const [old, now] = [unpackRow(previous), unpackRow(packed)];
      const fields = CENSUS_FIELDS.filter((field) => (old[field] ?? '') !== (now[field] ?? '')).map(
        (field) => ({
          field,
          label: CENSUS_FIELD_LABELS[field],
          before: old[field] ?? '',
          after: now[field] ?? '',
        }),
      );
      changes.changed.push({ ...personOf(key, now), fields });
    } else changes.totals.unchanged += 1;
  }
  for (const [key, packed] of before) {
    if (after.has(key)) continue;
    changes.totals.removed += 1;
    if (changes.removed.length < CHANGE_LIST_LIMIT) changes.removed.push(personOf(key, unpackRow(packed)));
  }
  return changes;
}
