import type { CensusEifFacts, CensusRow } from '../census/index.ts';

/** The Salaried class: 30 hours a week, covered the first of the month after hire, Dental and Vision. */
export const SALARIED_CLASS: CensusEifFacts['classes'][number] = {
  name: 'Salaried',
  minimumHoursPerWeek: 30,
  waitingPeriod: { type: 'FIRST_OF_MONTH_AFTER_HIRE', days: null },
  plans: ['Dental', 'Vision'],
};

/** A signed EIF with the Salaried class at the head office, as of New Year 2027. */
export const censusFacts = (overrides: Partial<CensusEifFacts> = {}): CensusEifFacts => ({
  signed: true,
  classes: [SALARIED_CLASS],
  locations: ['Head office'],
  domesticPartnersEligible: false,
  childAgeLimit: 26,
  asOf: '2027-01-01',
  ...overrides,
});

/** A salaried employee's complete row but for an e-mail, which a row may leave out. */
export const censusEmployee = (overrides: Partial<CensusRow> = {}): CensusRow => ({
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
  salary: '85000.00',
  electedPlans: 'Dental; Vision',
  coverageEffectiveDate: '04/01/2020',
  ...overrides,
});
