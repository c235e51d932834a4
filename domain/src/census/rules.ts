import { US_STATE_CODES } from '../explorer/catalogues.ts';
import { CENSUS_FIELD_LABELS, REQUIRED_COLUMNS, type CensusField, type CensusRow } from './fields.ts';
import type { CensusClass, CensusEifFacts, WaitingPeriodRule } from './eif-facts.ts';

/**
 * The census row rules (onboarding §7): each row's own fields, duplicates across rows, and the rules
 * against the client's signed EIF. Pure: the file reader feeds rows one by one to a checker, which keeps
 * only what duplicates and dependents need (ids and row numbers), so a file is never held whole.
 */

export type CensusSeverity = 'ERROR' | 'WARNING';

export const CENSUS_RULES = {
  REQUIRED: { label: 'Required field missing', severity: 'ERROR' },
  RELATIONSHIP: { label: 'Relationship not recognised', severity: 'ERROR' },
  SSN_FORMAT: { label: 'SSN format', severity: 'ERROR' },
  DATE_FORMAT: { label: 'Date format', severity: 'ERROR' },
  DATE_ORDER: { label: 'Dates out of order', severity: 'ERROR' },
  ZIP_FORMAT: { label: 'ZIP code format', severity: 'ERROR' },
  STATE_FORMAT: { label: 'State code', severity: 'ERROR' },
  EMAIL_FORMAT: { label: 'E-mail format', severity: 'WARNING' },
  SALARY_FORMAT: { label: 'Salary format', severity: 'ERROR' },
  HOURS_FORMAT: { label: 'Hours per week format', severity: 'ERROR' },
  DUPLICATE_SSN: { label: 'Duplicate SSN', severity: 'ERROR' },
  DUPLICATE_EMPLOYEE_ID: { label: 'Duplicate employee ID', severity: 'ERROR' },
  DEPENDENT_WITHOUT_EMPLOYEE: { label: 'Dependent without an employee', severity: 'ERROR' },
  CLASS_NOT_IN_EIF: { label: 'Class not in the signed EIF', severity: 'ERROR' },
  HOURS_BELOW_CLASS_RULE: { label: 'Hours below the class’s eligibility', severity: 'ERROR' },
  EFFECTIVE_DATE_MISMATCH: {
    label: 'Coverage effective date does not match the waiting period',
    severity: 'ERROR',
  },
  LOCATION_NOT_IN_EIF: { label: 'Location not in the signed EIF', severity: 'ERROR' },
  PLAN_NOT_OFFERED: { label: 'Plan not offered to the class', severity: 'ERROR' },
  DEPENDENT_AGE: { label: 'Dependent over the age limit', severity: 'ERROR' },
  DOMESTIC_PARTNER_NOT_ELIGIBLE: { label: 'Domestic partners not eligible', severity: 'ERROR' },
} as const satisfies Record<string, { label: string; severity: CensusSeverity }>;
export type CensusRule = keyof typeof CENSUS_RULES;

/** One problem found: the row as the spreadsheet numbers it (the header is row 1), the field, the rule. */
export type CensusIssue = {
  row: number;
  field: CensusField | null;
  rule: CensusRule;
  severity: CensusSeverity;
  message: string;
};

export const RELATIONSHIPS = {
  employee: 'EMPLOYEE',
  ee: 'EMPLOYEE',
  self: 'EMPLOYEE',
  spouse: 'SPOUSE',
  sp: 'SPOUSE',
  child: 'CHILD',
  ch: 'CHILD',
  'domestic partner': 'DOMESTIC_PARTNER',
  dp: 'DOMESTIC_PARTNER',
} as const;
export type Relationship = (typeof RELATIONSHIPS)[keyof typeof RELATIONSHIPS];

/** The age from which a child is no longer a dependent (chosen: the common limit of 26). */
export const CHILD_AGE_LIMIT = 26;

const issue = (row: number, field: CensusField | null, rule: CensusRule, message: string): CensusIssue => ({
  row,
  field,
  rule,
  severity: CENSUS_RULES[rule].severity,
  message,
});

// ---- formats -----------------------------------------------------------------------------------------

/** A calendar day as YYYY-MM-DD from 'MM/DD/YYYY', 'M/D/YYYY' or 'YYYY-MM-DD'; null when it is not one. */
export function parseCensusDate(text: string): string | null {
  let y: number, m: number, d: number;
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (us) [m, d, y] = [Number(us[1]), Number(us[2]), Number(us[3])];
  else if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else return null;
  if (y < 1900 || y > 2100 || m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return null;
  return isoDay(y, m, d);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const isoDay = (y: number, m: number, d: number) => `${pad(y, 4)}-${pad(m)}-${pad(d)}`;
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const daysInMonth = (y: number, m: number) =>
  m === 2 ? (isLeap(y) ? 29 : 28) : [4, 6, 9, 11].includes(m) ? 30 : 31;

/** Days since 1970-01-01 of a civil date, and back (proleptic Gregorian; no clock involved). */
function dayNumber(y: number, m: number, d: number): number {
  const year = m <= 2 ? y - 1 : y;
  const era = Math.floor(year / 400);
  const yoe = year - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}
function civilDay(days: number): string {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  return isoDay(yoe + era * 400 + (m <= 2 ? 1 : 0), m, d);
}

/** 'MM/DD/YYYY' for a YYYY-MM-DD day. */
export const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

const addDays = (iso: string, days: number) => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return civilDay(dayNumber(y, m, d) + days);
};

const firstOfMonthOnOrAfter = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  if (d === 1) return iso;
  return m === 12 ? isoDay(y + 1, 1, 1) : isoDay(y, m + 1, 1);
};

/** Whole years from one day to another (the age on a day). */
export function yearsBetween(from: string, to: string): number {
  const [fy, fm, fd] = from.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = to.split('-').map(Number) as [number, number, number];
  return ty - fy - (tm < fm || (tm === fm && td < fd) ? 1 : 0);
}

/**
 * The day coverage starts for a hire under a waiting period: on the hire date; the first of the month
 * after it (the hire date itself when hired on the 1st); a number of days after it; or the first of the
 * month on or after those days.
 */
export function coverageEffectiveDate(hireDate: string, waiting: WaitingPeriodRule): string {
  switch (waiting.type) {
    case 'DATE_OF_HIRE':
      return hireDate;
    case 'FIRST_OF_MONTH_AFTER_HIRE':
      return firstOfMonthOnOrAfter(hireDate);
    case 'DAYS_AFTER_HIRE':
      return addDays(hireDate, waiting.days ?? 0);
    case 'FIRST_OF_MONTH_AFTER_DAYS':
      return firstOfMonthOnOrAfter(addDays(hireDate, waiting.days ?? 0));
  }
}

export const normalSsn = (text: string) => text.replace(/[\s-]/g, '');
const SSN = /^(?!000|666|9\d\d)\d{3}-?(?!00)\d{2}-?(?!0000)\d{4}$/;
const ZIP = /^\d{5}(-\d{4})?$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const AMOUNT = /^\$?\d{1,3}(,?\d{3})*(\.\d{1,2})?$/;
const STATES = new Set<string>(US_STATE_CODES);
const squash = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');

export function relationshipOf(text: string | undefined): Relationship | null {
  if (text === undefined || text === '') return 'EMPLOYEE';
  return (RELATIONSHIPS as Record<string, Relationship>)[squash(text).replace(/_/g, ' ')] ?? null;
}

/** An employee's row needs every column a file must have; a dependent's only who it is. */
const EMPLOYEE_REQUIRED = REQUIRED_COLUMNS;
const DEPENDENT_REQUIRED: readonly CensusField[] = ['employeeId', 'firstName', 'lastName', 'dateOfBirth'];

/** The plans a cell elects: names separated by ';', ',' or '|'. */
export const electedPlansOf = (text: string | undefined) =>
  (text ?? '')
    .split(/[;,|]/)
    .map((name) => name.trim())
    .filter(Boolean);

// ---- one row -----------------------------------------------------------------------------------------

/** The rules of a row on its own: required fields and formats, then the EIF rules that row can break. */
export function checkRow(row: CensusRow, rowNumber: number, facts: CensusEifFacts): CensusIssue[] {
  const issues: CensusIssue[] = [];
  const relationship = relationshipOf(row.relationship);
  if (relationship === null) {
    issues.push(
      issue(
        rowNumber,
        'relationship',
        'RELATIONSHIP',
        'Relationship must be Employee, Spouse, Child or Domestic partner',
      ),
    );
  }
  const isEmployee = relationship === 'EMPLOYEE';
  const required = isEmployee ? EMPLOYEE_REQUIRED : DEPENDENT_REQUIRED;
  for (const field of required) {
    if (!row[field])
      issues.push(issue(rowNumber, field, 'REQUIRED', `${CENSUS_FIELD_LABELS[field]} is required`));
  }

  const present = (field: CensusField) => (row[field] ?? '') !== '';
  if (present('ssn') && !SSN.test(row.ssn!))
    issues.push(issue(rowNumber, 'ssn', 'SSN_FORMAT', 'SSN must be 9 digits, like 123-45-6789'));

  const dates: Partial<Record<CensusField, string>> = {};
  for (const field of ['dateOfBirth', 'hireDate', 'coverageEffectiveDate'] as const) {
    if (!present(field)) continue;
    const day = parseCensusDate(row[field]!);
    if (day === null)
      issues.push(
        issue(
          rowNumber,
          field,
          'DATE_FORMAT',
          `${CENSUS_FIELD_LABELS[field]} must be a date, like 01/31/1985`,
        ),
      );
    else dates[field] = day;
  }
  if (dates.dateOfBirth && dates.hireDate && dates.hireDate <= dates.dateOfBirth)
    issues.push(issue(rowNumber, 'hireDate', 'DATE_ORDER', 'Hire date is on or before the date of birth'));

  if (present('zip') && !ZIP.test(row.zip!))
    issues.push(issue(rowNumber, 'zip', 'ZIP_FORMAT', 'ZIP code must be 5 digits or ZIP+4, like 12345-6789'));
  if (present('state') && !STATES.has(row.state!.toUpperCase()))
    issues.push(
      issue(rowNumber, 'state', 'STATE_FORMAT', 'State must be a two-letter US state code, like NY'),
    );
  if (present('email') && !EMAIL.test(row.email!))
    issues.push(issue(rowNumber, 'email', 'EMAIL_FORMAT', 'E-mail is not an e-mail address'));
  if (present('salary') && !AMOUNT.test(row.salary!))
    issues.push(
      issue(rowNumber, 'salary', 'SALARY_FORMAT', 'Annual salary must be an amount, like 52000.00'),
    );
  let hours: number | null = null;
  if (present('hoursPerWeek')) {
    hours = Number(row.hoursPerWeek);
    if (!Number.isFinite(hours) || hours < 0 || hours > 168) {
      hours = null;
      issues.push(
        issue(rowNumber, 'hoursPerWeek', 'HOURS_FORMAT', 'Hours per week must be a number from 0 to 168'),
      );
    }
  }

  if (!facts.signed) return issues;
  if (isEmployee) issues.push(...checkEmployeeAgainstEif(row, rowNumber, facts, hours, dates));
  else if (relationship !== null)
    issues.push(...checkDependentAgainstEif(relationship, rowNumber, facts, dates));
  return issues;
}

const findClass = (facts: CensusEifFacts, name: string): CensusClass | undefined =>
  facts.classes.find((cls) => squash(cls.name) === squash(name));

function checkEmployeeAgainstEif(
  row: CensusRow,
  rowNumber: number,
  facts: CensusEifFacts,
  hours: number | null,
  dates: Partial<Record<CensusField, string>>,
): CensusIssue[] {
  const issues: CensusIssue[] = [];
  if (row.location && !facts.locations.some((name) => squash(name) === squash(row.location!)))
    issues.push(
      issue(
        rowNumber,
        'location',
        'LOCATION_NOT_IN_EIF',
        `“${row.location}” is not one of the EIF’s locations`,
      ),
    );
  if (!row.employeeClass) return issues;
  const cls = findClass(facts, row.employeeClass);
  if (!cls) {
    const names = facts.classes.map((c) => c.name).join(', ') || 'none';
    issues.push(
      issue(
        rowNumber,
        'employeeClass',
        'CLASS_NOT_IN_EIF',
        `“${row.employeeClass}” is not a class in the signed EIF (its classes: ${names})`,
      ),
    );
    return issues;
  }
  if (hours !== null && cls.minimumHoursPerWeek !== null && hours < cls.minimumHoursPerWeek)
    issues.push(
      issue(
        rowNumber,
        'hoursPerWeek',
        'HOURS_BELOW_CLASS_RULE',
        `${hours} hours a week is below the ${cls.minimumHoursPerWeek} the class “${cls.name}” requires`,
      ),
    );
  if (dates.hireDate && dates.coverageEffectiveDate && cls.waitingPeriod) {
    const expected = coverageEffectiveDate(dates.hireDate, cls.waitingPeriod);
    if (expected !== dates.coverageEffectiveDate)
      issues.push(
        issue(
          rowNumber,
          'coverageEffectiveDate',
          'EFFECTIVE_DATE_MISMATCH',
          `Coverage starts ${usDate(expected)} for this hire date under the class’s waiting period, not ${usDate(dates.coverageEffectiveDate)}`,
        ),
      );
  }
  const offered = new Set(cls.plans.map(squash));
  const notOffered = electedPlansOf(row.electedPlans).filter((plan) => !offered.has(squash(plan)));
  if (notOffered.length > 0)
    issues.push(
      issue(
        rowNumber,
        'electedPlans',
        'PLAN_NOT_OFFERED',
        `The class “${cls.name}” does not offer ${notOffered.join(', ')} (it offers ${cls.plans.join(', ') || 'no plans'})`,
      ),
    );
  return issues;
}

function checkDependentAgainstEif(
  relationship: Exclude<Relationship, 'EMPLOYEE'>,
  rowNumber: number,
  facts: CensusEifFacts,
  dates: Partial<Record<CensusField, string>>,
): CensusIssue[] {
  if (relationship === 'DOMESTIC_PARTNER' && !facts.domesticPartnersEligible)
    return [
      issue(
        rowNumber,
        'relationship',
        'DOMESTIC_PARTNER_NOT_ELIGIBLE',
        'The signed EIF does not let employees cover a domestic partner',
      ),
    ];
  if (relationship === 'CHILD' && dates.dateOfBirth) {
    const on = dates.coverageEffectiveDate ?? facts.asOf;
    const age = yearsBetween(dates.dateOfBirth, on);
    if (age >= facts.childAgeLimit)
      return [
        issue(
          rowNumber,
          'dateOfBirth',
          'DEPENDENT_AGE',
          `A child must be under ${facts.childAgeLimit} on ${usDate(on)}; this one is ${age}`,
        ),
      ];
  }
  return [];
}

// ---- across rows -------------------------------------------------------------------------------------

export type CensusChecker = {
  /** The issues of one row, duplicates with earlier rows included. */
  check: (row: CensusRow, rowNumber: number) => CensusIssue[];
  /** The issues only the whole file shows: dependents whose employee never appeared. */
  finish: () => CensusIssue[];
};

/** A checker for one file: keeps the SSNs and employee ids seen (with their rows), nothing else. */
export function censusChecker(facts: CensusEifFacts): CensusChecker {
  const ssnRows = new Map<string, number>();
  const employeeRows = new Map<string, number>();
  const dependents: { id: string; row: number }[] = [];
  return {
    check(row, rowNumber) {
      const issues = checkRow(row, rowNumber, facts);
      if (row.ssn && SSN.test(row.ssn)) {
        const ssn = normalSsn(row.ssn);
        const first = ssnRows.get(ssn);
        if (first === undefined) ssnRows.set(ssn, rowNumber);
        else issues.push(issue(rowNumber, 'ssn', 'DUPLICATE_SSN', `The same SSN is on row ${first}`));
      }
      const relationship = relationshipOf(row.relationship);
      if (row.employeeId) {
        if (relationship === 'EMPLOYEE') {
          const first = employeeRows.get(row.employeeId);
          if (first === undefined) employeeRows.set(row.employeeId, rowNumber);
          else
            issues.push(
              issue(
                rowNumber,
                'employeeId',
                'DUPLICATE_EMPLOYEE_ID',
                `The same employee ID is on row ${first}`,
              ),
            );
        } else if (relationship !== null) dependents.push({ id: row.employeeId, row: rowNumber });
      }
      return issues;
    },
    finish() {
      return dependents
        .filter((d) => !employeeRows.has(d.id))
        .map((d) =>
          issue(
            d.row,
            'employeeId',
            'DEPENDENT_WITHOUT_EMPLOYEE',
            `No employee row has the employee ID ${d.id}`,
          ),
        );
    },
  };
}
