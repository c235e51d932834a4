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
