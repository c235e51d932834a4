import { describe, expect, it } from 'vitest';
import {
  censusChecker,
  checkRow,
  coverageEffectiveDate,
  parseCensusDate,
  suggestMapping,
  missingColumns,
  missingColumnsMessage,
  rowOf,
  type CensusEifFacts,
  type CensusRow,
} from './index.ts';

const facts: CensusEifFacts = {
  signed: true,
  classes: [
    {
      name: 'Salaried',
      minimumHoursPerWeek: 30,
      waitingPeriod: { type: 'FIRST_OF_MONTH_AFTER_HIRE', days: null },
      plans: ['Dental', 'Vision'],
    },
    {
      name: 'Hourly',
      minimumHoursPerWeek: 20,
      waitingPeriod: { type: 'DAYS_AFTER_HIRE', days: 30 },
      plans: ['Dental'],
    },
  ],
  locations: ['Head office', 'Plant 2'],
  domesticPartnersEligible: false,
  childAgeLimit: 26,
  asOf: '2027-01-01',
};

const employee: CensusRow = {
  employeeId: 'E1',
  relationship: 'Employee',
  firstName: 'Ada',
  lastName: 'Lovelace',
  ssn: '123-45-6789',
  dateOfBirth: '12/10/1985',
  hireDate: '03/15/2020',
  employeeClass: 'Salaried',
  hoursPerWeek: '40',
  location: 'Head office',
  state: 'NY',
  zip: '10001',
  email: 'ada@example.com',
  salary: '85000.00',
  electedPlans: 'Dental; Vision',
  coverageEffectiveDate: '04/01/2020',
};

const rulesOf = (row: CensusRow, given = facts) => checkRow(row, 2, given).map((i) => i.rule);

describe('given a signed EIF with the classes Salaried and Hourly', () => {
  it('when a complete employee row arrives, then it has no issue', () => {
    expect(checkRow(employee, 2, facts)).toEqual([]);
  });

  it('when required fields are blank, then each is named', () => {
    const issues = checkRow({ ...employee, ssn: '', hireDate: '' }, 7, facts);
    expect(issues.filter((i) => i.rule === 'REQUIRED').map((i) => [i.row, i.field, i.message])).toEqual([
      [7, 'ssn', 'SSN is required'],
      [7, 'hireDate', 'Hire date is required'],
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
      '“Executives” is not a class in the signed EIF (its classes: Salaried, Hourly)',
    );
  });

  it('when the hours are below the class’s rule, then eligibility fails', () => {
    expect(checkRow({ ...employee, hoursPerWeek: '25' }, 2, facts)[0]!.message).toBe(
      '25 hours a week is below the 30 the class “Salaried” requires',
    );
  });

  it('when the coverage effective date is not hire date plus the waiting period, then it shows the right one', () => {
    const [found] = checkRow({ ...employee, coverageEffectiveDate: '03/15/2020' }, 2, facts);
    expect(found).toMatchObject({ rule: 'EFFECTIVE_DATE_MISMATCH' });
    expect(found!.message).toContain('Coverage starts 04/01/2020');
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

describe('given a file checked row by row', () => {
  it('when an SSN or an employee id comes again, then the later row names the first', () => {
    const checker = censusChecker(facts);
    expect(checker.check(employee, 2)).toEqual([]);
    const again = checker.check({ ...employee, ssn: '123456789' }, 5);
    expect(again.map((i) => [i.rule, i.message])).toEqual([
      ['DUPLICATE_SSN', 'The same SSN is on row 2'],
      ['DUPLICATE_EMPLOYEE_ID', 'The same employee ID is on row 2'],
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
  it('reads US and ISO dates and refuses days that do not exist', () => {
    expect(parseCensusDate('2/9/2024')).toBe('2024-02-09');
    expect(parseCensusDate('2024-02-29')).toBe('2024-02-29');
    expect(parseCensusDate('2023-02-29')).toBeNull();
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
