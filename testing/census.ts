import type { CensusClass, CensusEifFacts, WaitingPeriodRule } from '@onboard/domain/census';

/** The columns of a census as the carrier's template lays them out: one employee or dependent a row. */
export const CENSUS_HEADERS = [
  'Employee ID',
  'Relationship',
  'First Name',
  'Last Name',
  'SSN',
  'Date of Birth',
  'Hire Date',
  'Employee Class',
  'Hours per week',
  'Location',
  'State',
  'ZIP',
  'E-mail',
  'Annual Salary',
  'Elected Plans',
  'Coverage Effective Date',
];

/** The columns of a census of employees alone: no relationship, e-mail, elected plans or coverage date. */
export const EMPLOYEE_CENSUS_HEADERS = CENSUS_HEADERS.filter(
  (header) => !['Relationship', 'E-mail', 'Elected Plans', 'Coverage Effective Date'].includes(header),
);

/** A class of the signed EIF as the census rules read it: its hours rule, a waiting period without days, its plans. */
export const censusClass = (
  name: string,
  minimumHoursPerWeek: number,
  waitingPeriodType: WaitingPeriodRule['type'],
  plans: string[],
): CensusClass => ({
  name,
  minimumHoursPerWeek,
  waitingPeriod: { type: waitingPeriodType, days: null },
  plans,
});

/** The facts of a signed EIF a census is checked against: children covered to 26, ages taken on 2027-01-01. */
export const signedCensusFacts = (
  classes: CensusClass[],
  locations: string[],
  domesticPartnersEligible: boolean,
): CensusEifFacts => ({
  signed: true,
  classes,
  locations,
  domesticPartnersEligible,
  childAgeLimit: 26,
  asOf: '2027-01-01',
});
