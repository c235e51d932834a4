import { US_STATE_CODES } from '../explorer/catalogues.ts';
import { CENSUS_FIELD_LABELS, REQUIRED_COLUMNS, type CensusField, type CensusRow } from './fields.ts';
import type { CensusClass, CensusEifFacts, WaitingPeriodRule } from './eif-facts.ts';
import { monthName } from '../platform/month-name.ts';

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
/** The day (YYYY-MM-DD) a number of days after 1970-01-01 is. */
export function dayToIso(days: number): string {
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
  return dayToIso(dayNumber(y, m, d) + days);
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

/**
 * What is wrong with an SSN, by the Social Security Administration's rules (nine digits; the area, the
 * first three, never 000, 666 or 900–999; the group, the middle two, never 00; the serial, the last four,
 * never 0000), or null when it could be one. The SSN itself is never repeated in the message.
 */
export function ssnProblem(text: string): string | null {
  const digits = normalSsn(text);
  if (!/^\d+$/.test(digits))
    return 'SSN must be 9 digits, with or without dashes, like 123-45-6789: it has other characters';
  if (digits.length !== 9) return `SSN must be 9 digits, like 123-45-6789: this one has ${digits.length}`;
  const rule = 'the Social Security Administration never issues';
  const area = digits.slice(0, 3);
  if (area === '000') return `SSN cannot start with 000: ${rule} area number 000`;
  if (area === '666') return `SSN cannot start with 666: ${rule} area number 666`;
  if (area.startsWith('9'))
    return `SSN cannot start with 9: ${rule} area numbers 900–999 (a number starting with 9 is an ITIN or similar, not an SSN)`;
  if (digits.slice(3, 5) === '00') return `SSN’s middle two digits cannot be 00: ${rule} group number 00`;
  if (digits.slice(5) === '0000') return `SSN’s last four digits cannot be 0000: ${rule} serial number 0000`;
  if (!SSN.test(text))
    return 'SSN has its dashes in the wrong places: write it like 123-45-6789 or 123456789';
  return null;
}

/** What is wrong with a date cell, and how to write it. */
export function dateProblem(label: string, text: string): string {
  const how = `write ${label} as MM/DD/YYYY, like 01/31/1985`;
  const slashed = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2,4})$/.exec(text);
  if (slashed) {
    const [a, b, y] = [Number(slashed[1]), Number(slashed[2]), slashed[3]!];
    if (y.length === 2) return `${label} has a two-digit year: ${how}`;
    if (a > 12 && b <= 12)
      return `${label} reads day first (DD/MM/YYYY); the census reads the month first: ${how} for 31 January 1985`;
    if (a >= 1 && a <= 12 && b > daysInMonth(Number(y), a))
      return `${label} is not a day of the calendar: ${monthName(a)} ${Number(y)} has ${daysInMonth(Number(y), a)} days`;
    if (Number(y) < 1900 || Number(y) > 2100) return `${label} has the year ${y}: check it`;
  }
  return `${label} is not a date: ${how}`;
}

function zipProblem(text: string): string {
  if (/^\d{4}$/.test(text))
    return 'ZIP code has 4 digits: a spreadsheet drops the leading zero of a number, so write it as 5 digits with the zero, like 02134';
  if (/^\d{9}$/.test(text)) return 'ZIP+4 needs its dash: write it like 12345-6789';
  return 'ZIP code is not a ZIP code: write 5 digits, or ZIP+4 like 12345-6789';
}

function emailProblem(text: string): string {
  if (!text.includes('@')) return 'E-mail has no @: write the whole address, like name@example.com';
  if (/\s/.test(text)) return 'E-mail has a space in it: write it without spaces, like name@example.com';
  return 'E-mail is not an address: write it like name@example.com';
}

function salaryProblem(text: string): string {
  if (/^-/.test(text)) return 'Annual salary is negative: write the yearly amount, like 52000.00';
  if (/^\$?\d{1,3}(\.\d{3})+,\d{1,2}$/.test(text) || /^\$?\d+,\d{1,2}$/.test(text))
    return 'Annual salary uses a comma as the decimal mark: write it with a point, like 52000.00';
  if (/[a-z]/i.test(text))
    return 'Annual salary has letters in it: write the yearly amount as a number, like 52000.00';
  return 'Annual salary is not an amount: write it like 52000.00';
}

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
        `“${row.relationship}” is not a relationship: write Employee, Spouse, Child or Domestic partner (or EE, SP, CH, DP)`,
      ),
    );
  }
  const isEmployee = relationship === 'EMPLOYEE';
  const required = isEmployee ? EMPLOYEE_REQUIRED : DEPENDENT_REQUIRED;
  for (const field of required) {
    if (!row[field])
      issues.push(
        issue(
          rowNumber,
          field,
          'REQUIRED',
          `${CENSUS_FIELD_LABELS[field]} is empty: every ${isEmployee ? 'employee' : 'dependent'} row needs one`,
        ),
      );
  }

  const present = (field: CensusField) => (row[field] ?? '') !== '';
  if (present('ssn')) {
    const problem = ssnProblem(row.ssn!);
    if (problem !== null) issues.push(issue(rowNumber, 'ssn', 'SSN_FORMAT', problem));
  }

  const dates: Partial<Record<CensusField, string>> = {};
  for (const field of ['dateOfBirth', 'hireDate', 'coverageEffectiveDate'] as const) {
    if (!present(field)) continue;
    const day = parseCensusDate(row[field]!);
    if (day === null)
      issues.push(
        issue(rowNumber, field, 'DATE_FORMAT', dateProblem(CENSUS_FIELD_LABELS[field], row[field]!)),
      );
    else dates[field] = day;
  }
  if (dates.dateOfBirth && dates.hireDate && dates.hireDate <= dates.dateOfBirth)
    issues.push(
      issue(
        rowNumber,
        'hireDate',
        'DATE_ORDER',
        `Hire date ${usDate(dates.hireDate)} is not after the date of birth: one of the two dates is wrong`,
      ),
    );

  if (present('zip') && !ZIP.test(row.zip!))
    issues.push(issue(rowNumber, 'zip', 'ZIP_FORMAT', zipProblem(row.zip!)));
  if (present('state') && !STATES.has(row.state!.toUpperCase()))
    issues.push(
      issue(
        rowNumber,
        'state',
        'STATE_FORMAT',
        `“${row.state}” is not a US state code: write the two-letter USPS code, like NY for New York`,
      ),
    );
  if (present('email') && !EMAIL.test(row.email!))
    issues.push(issue(rowNumber, 'email', 'EMAIL_FORMAT', emailProblem(row.email!)));
  if (present('salary') && !AMOUNT.test(row.salary!))
    issues.push(issue(rowNumber, 'salary', 'SALARY_FORMAT', salaryProblem(row.salary!)));
  let hours: number | null = null;
  if (present('hoursPerWeek')) {
    const given = Number(row.hoursPerWeek);
    hours = given;
    if (!Number.isFinite(given) || given < 0 || given > 168) {
      hours = null;
      issues.push(
        issue(
          rowNumber,
          'hoursPerWeek',
          'HOURS_FORMAT',
          Number.isFinite(given)
            ? `Hours per week is ${row.hoursPerWeek}: a week has 168 hours, so write a number from 0 to 168`
            : `Hours per week is not a number: write the hours a week, like 40 or 37.5`,
        ),
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
        `“${row.location}” is not one of the signed EIF’s locations (${facts.locations.join(', ') || 'none'}): use one of them, spelled as in the EIF`,
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
        `“${row.employeeClass}” is not a class in the signed EIF (its classes: ${names}): use one of them`,
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
        `${hours} hours a week is below the ${cls.minimumHoursPerWeek} the class “${cls.name}” requires: check the hours, or the employee’s class`,
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
          `Coverage effective date ${usDate(dates.coverageEffectiveDate)} does not follow the class’s waiting period: for this hire date, coverage starts ${usDate(expected)}`,
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
        `The class “${cls.name}” does not offer ${notOffered.join(', ')}: elect only what it offers (${cls.plans.join(', ') || 'no plans'})`,
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
        'The signed EIF does not let employees cover a domestic partner: remove this row, or ask your implementation consultant to change the EIF',
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
          `A child must be under ${facts.childAgeLimit} on ${usDate(on)}; this one is ${age}: check the date of birth, or remove the row`,
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
        else
          issues.push(
            issue(
              rowNumber,
              'ssn',
              'DUPLICATE_SSN',
              `The same SSN is on row ${first}: each person has their own; fix whichever row is wrong, or remove the repeated row`,
            ),
          );
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
                `The same employee ID is on row ${first}: each employee has one row; give each their own ID, or mark a dependent’s row with its relationship`,
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
            `No employee row has the employee ID ${d.id}: add the employee’s row, or give this dependent the ID of the employee who covers them`,
          ),
        );
    },
  };
}
