import { describe, expect, it } from 'vitest';
import { itAnswers } from '../testing/examples.ts';
import {
  censusChecker,
  checkRow,
  coverageEffectiveDate,
  parseCensusDate,
  suggestMapping,
  missingColumns,
  missingColumnsMessage,
  rowOf,
  type CensusRow,
} from './index.ts';
import { censusEmployee, censusFacts, SALARIED_CLASS } from '../testing/census.ts';

const facts = censusFacts({
  classes: [
    SALARIED_CLASS,
    {
      name: 'Hourly',
      minimumHoursPerWeek: 20,
      waitingPeriod: { type: 'DAYS_AFTER_HIRE', days: 30 },
      plans: ['Dental'],
    },
  ],
  locations: ['Head office', 'Plant 2'],
});

const employee = censusEmployee({ email: 'ada@example.com' });

const rulesOf = (row: CensusRow, given = facts) => checkRow(row, 2, given).map((i) => i.rule);

describe('given a signed EIF with the classes Salaried and Hourly', () => {
  it('when a complete employee row arrives, then it has no issue', () => {
    expect(checkRow(employee, 2, facts)).toEqual([]);
  });

  it('when required fields are blank, then each is named', () => {
    const issues = checkRow({ ...employee, ssn: '', hireDate: '' }, 7, facts);
    expect(issues.filter((i) => i.rule === 'REQUIRED').map((i) => [i.row, i.field, i.message])).toEqual([
      [7, 'ssn', 'SSN is empty: every employee row needs one'],
      [7, 'hireDate', 'Hire date is empty: every employee row needs one'],
    ]);
  });

  it('when formats are wrong, then SSN, dates, ZIP, state, e-mail, salary and hours each say so', () => {
    expect(rulesOf({ ...employee, ssn: '12-345-678' })).toEqual(['SSN_FORMAT']);
    expect(rulesOf({ ...employee, dateOfBirth: '02/30/1985' })).toEqual(['DATE_FORMAT']);
    expect(rulesOf({ ...employee, zip: '1000' })).toEqual(['ZIP_FORMAT']);
    expect(rulesOf({ ...employee, state: 'XX' })).toEqual(['STATE_FORMAT']);
    expect(rulesOf({ ...employee, email: 'ada-at-example' })).toEqual(['EMAIL_FORMAT']);
    expect(rulesOf({ ...employee, salary: 'lots' })).toEqual(['SALARY_FORMAT']);
    expect(rulesOf({ ...employee, hoursPerWeek: '200' })).toEqual(['HOURS_FORMAT']);
    expect(rulesOf({ ...employee, hireDate: '01/01/1980', coverageEffectiveDate: '01/01/1980' })).toEqual([
      'DATE_ORDER',
    ]);
  });

  it('when the class is not in the class builder, then the message names the EIF’s classes', () => {
    const [found] = checkRow({ ...employee, employeeClass: 'Executives' }, 3, facts);
    expect(found).toMatchObject({ rule: 'CLASS_NOT_IN_EIF', field: 'employeeClass', severity: 'ERROR' });
    expect(found!.message).toBe(
      '“Executives” is not a class in the signed EIF (its classes: Salaried, Hourly): use one of them',
    );
  });

  it('when the hours are below the class’s rule, then eligibility fails', () => {
    expect(checkRow({ ...employee, hoursPerWeek: '25' }, 2, facts)[0]!.message).toBe(
      '25 hours a week is below the 30 the class “Salaried” requires: check the hours, or the employee’s class',
    );
  });

  it('when the coverage effective date is not hire date plus the waiting period, then it shows the right one', () => {
    const [found] = checkRow({ ...employee, coverageEffectiveDate: '03/15/2020' }, 2, facts);
    expect(found).toMatchObject({ rule: 'EFFECTIVE_DATE_MISMATCH' });
    expect(found!.message).toContain('coverage starts 04/01/2020');
  });

  it('when the location or a plan is not in the EIF, then each is an error', () => {
    expect(rulesOf({ ...employee, location: 'Moon base' })).toEqual(['LOCATION_NOT_IN_EIF']);
    expect(
      rulesOf({ ...employee, employeeClass: 'Hourly', electedPlans: 'Vision', coverageEffectiveDate: '' }),
    ).toEqual(['PLAN_NOT_OFFERED']);
  });

  it('when a dependent child is over the age limit or a domestic partner is not allowed, then each is an error', () => {
    const child: CensusRow = {
      employeeId: 'E1',
      relationship: 'Child',
      firstName: 'Kim',
      lastName: 'L',
      dateOfBirth: '01/02/1999',
    };
    expect(rulesOf(child)).toEqual(['DEPENDENT_AGE']);
    expect(rulesOf({ ...child, dateOfBirth: '01/02/2010' })).toEqual([]);
    expect(rulesOf({ ...child, relationship: 'Domestic partner' })).toEqual([
      'DOMESTIC_PARTNER_NOT_ELIGIBLE',
    ]);
    expect(
      rulesOf({ ...child, relationship: 'Domestic partner' }, { ...facts, domesticPartnersEligible: true }),
    ).toEqual([]);
  });

  it('when the EIF is not signed, then only the row’s own rules apply', () => {
    expect(rulesOf({ ...employee, employeeClass: 'Executives' }, { ...facts, signed: false })).toEqual([]);
  });
});

describe('given a row whose cells break a format rule', () => {
  const messageOf = (row: CensusRow) => checkRow(row, 2, facts).map((i) => i.message);
  /** The employee's row changed as each example says reads the one message beside it. */
  const expectMessages = (examples: [Partial<CensusRow>, string][]) => {
    for (const [changes, message] of examples)
      expect(messageOf({ ...employee, ...changes })).toEqual([message]);
  };

  it('when an SSN has nine digits the Social Security Administration never issues, then its rule is named', () => {
    const rule = 'the Social Security Administration never issues';
    expectMessages([
      [
        { ssn: '901-11-2222' },
        `SSN cannot start with 9: ${rule} area numbers 900–999 (a number starting with 9 is an ITIN or similar, not an SSN)`,
      ],
      [{ ssn: '000-12-3456' }, `SSN cannot start with 000: ${rule} area number 000`],
      [{ ssn: '666123456' }, `SSN cannot start with 666: ${rule} area number 666`],
      [{ ssn: '123-00-4567' }, `SSN’s middle two digits cannot be 00: ${rule} group number 00`],
      [{ ssn: '123-45-0000' }, `SSN’s last four digits cannot be 0000: ${rule} serial number 0000`],
      [{ ssn: '12-34' }, 'SSN must be 9 digits, like 123-45-6789: this one has 4'],
      [
        { ssn: '123-45-678X' },
        'SSN must be 9 digits, with or without dashes, like 123-45-6789: it has other characters',
      ],
    ]);
    // The SSN itself is never repeated in a message.
    expect(messageOf({ ...employee, ssn: '901-11-2222' }).join()).not.toContain('901');
  });

  it('when a date, ZIP, e-mail, salary, hours or relationship is wrong, then the message says what and how to write it', () => {
    expectMessages([
      [
        { dateOfBirth: '31/01/1985' },
        'Date of birth reads day first (DD/MM/YYYY); the census reads the month first: write Date of birth as MM/DD/YYYY, like 01/31/1985 for 31 January 1985',
      ],
      [
        { dateOfBirth: '02/30/1985' },
        'Date of birth is not a day of the calendar: February 1985 has 28 days',
      ],
      [
        { dateOfBirth: '12/10/85' },
        'Date of birth has a two-digit year: write Date of birth as MM/DD/YYYY, like 01/31/1985',
      ],
      [
        { dateOfBirth: 'soon' },
        'Date of birth is not a date: write Date of birth as MM/DD/YYYY, like 01/31/1985',
      ],
      [
        { zip: '2134' },
        'ZIP code has 4 digits: a spreadsheet drops the leading zero of a number, so write it as 5 digits with the zero, like 02134',
      ],
      [{ email: 'ada.example.com' }, 'E-mail has no @: write the whole address, like name@example.com'],
      [
        { salary: '52.000,00' },
        'Annual salary uses a comma as the decimal mark: write it with a point, like 52000.00',
      ],
      [
        { hoursPerWeek: '200' },
        'Hours per week is 200: a week has 168 hours, so write a number from 0 to 168',
      ],
      [
        { state: 'New York' },
        '“New York” is not a US state code: write the two-letter USPS code, like NY for New York',
      ],
    ]);
    expect(messageOf({ ...employee, relationship: 'Sister' })[0]).toBe(
      '“Sister” is not a relationship: write Employee, Spouse, Child or Domestic partner (or EE, SP, CH, DP)',
    );
  });

  it('then every row rule’s message says what is wrong and what would be right', () => {
    const broken: CensusRow[] = [
      { ...employee, ssn: '' },
      { ...employee, ssn: '900-12-3456', zip: 'abc', email: 'a b@c', salary: '-5', hoursPerWeek: 'x' },
      { ...employee, hireDate: '01/01/1980', coverageEffectiveDate: '02/01/1980' },
      { ...employee, location: 'Mars', employeeClass: 'Hourly', electedPlans: 'Vision', hoursPerWeek: '10' },
      { ...employee, employeeClass: 'Executives' },
      {
        employeeId: 'E1',
        relationship: 'Domestic partner',
        firstName: 'P',
        lastName: 'Q',
        dateOfBirth: '01/01/1990',
      },
      { employeeId: 'E1', relationship: 'Child', firstName: 'C', lastName: 'Q', dateOfBirth: '01/01/1990' },
    ];
    const messages = broken.flatMap((row) => checkRow(row, 2, facts).map((i) => i.message));
    expect(messages.length).toBeGreaterThanOrEqual(12);
    // Each message has what is wrong, then (after a colon) what would be right.
    for (const message of messages) expect(message).toMatch(/^[^:]+: .+/);
  });
});

describe('given a file checked row by row', () => {
  it('when an SSN or an employee id comes again, then the later row names the first', () => {
    const checker = censusChecker(facts);
    expect(checker.check(employee, 2)).toEqual([]);
    const again = checker.check({ ...employee, ssn: '123456789' }, 5);
    expect(again.map((i) => [i.rule, i.message])).toEqual([
      [
        'DUPLICATE_SSN',
        'The same SSN is on row 2: each person has their own; fix whichever row is wrong, or remove the repeated row',
      ],
      [
        'DUPLICATE_EMPLOYEE_ID',
        'The same employee ID is on row 2: each employee has one row; give each their own ID, or mark a dependent’s row with its relationship',
      ],
    ]);
  });

  it('when a dependent’s employee never appears, then finishing the file says so', () => {
    const checker = censusChecker(facts);
    checker.check(
      {
        employeeId: 'E9',
        relationship: 'Spouse',
        firstName: 'Sam',
        lastName: 'X',
        dateOfBirth: '01/01/1980',
      },
      2,
    );
    expect(checker.finish().map((i) => [i.row, i.rule])).toEqual([[2, 'DEPENDENT_WITHOUT_EMPLOYEE']]);
  });
});

describe('given the headers of a file', () => {
  it('when they use other words, then each maps to its field by header', () => {
    const headers = [
      'Emp ID',
      'First Name',
      'Last Name',
      'Social Security Number',
      'DOB',
      'Date of Hire',
      'Class',
      'Weekly hours',
      'Work location',
      'State',
      'Zip',
      'Salary',
    ];
    const mapping = suggestMapping(headers);
    expect(missingColumns(mapping)).toEqual([]);
    expect(rowOf(['7', ' Ada '], mapping)).toMatchObject({ employeeId: '7', firstName: 'Ada' });
  });

  it('when required columns are missing, then the message names them', () => {
    expect(missingColumnsMessage(missingColumns(suggestMapping(['Employee ID', 'First name'])))).toBe(
      'The file has no column for Last name, SSN, Date of birth, Hire date, Employee class, Hours per week, Location, State, ZIP code, Annual salary',
    );
  });
});

describe('dates and waiting periods', () => {
  itAnswers(parseCensusDate, {
    'reads US and ISO dates and refuses days that do not exist': [
      [['2/9/2024'], '2024-02-09'],
      [['2024-02-29'], '2024-02-29'],
      [['2023-02-29'], null],
    ],
  });

  it('gives the coverage date of each waiting period', () => {
    expect(coverageEffectiveDate('2024-01-15', { type: 'DATE_OF_HIRE', days: null })).toBe('2024-01-15');
    expect(coverageEffectiveDate('2024-12-15', { type: 'FIRST_OF_MONTH_AFTER_HIRE', days: null })).toBe(
      '2025-01-01',
    );
    expect(coverageEffectiveDate('2024-01-15', { type: 'DAYS_AFTER_HIRE', days: 30 })).toBe('2024-02-14');
    expect(coverageEffectiveDate('2024-01-15', { type: 'FIRST_OF_MONTH_AFTER_DAYS', days: 30 })).toBe(
      '2024-03-01',
    );
  });
});
