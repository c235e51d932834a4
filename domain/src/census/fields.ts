/**
 * The census file's columns (onboarding §7): one row per person, the employee first and each dependent
 * on a row of its own under the employee's id. Headers are matched to fields by their words, whatever
 * their case, spacing or punctuation; the user confirms the mapping before validation runs.
 */

export const CENSUS_FIELDS = [
  'employeeId',
  'relationship',
  'firstName',
  'lastName',
  'ssn',
  'dateOfBirth',
  'hireDate',
  'employeeClass',
  'hoursPerWeek',
  'location',
  'state',
  'zip',
  'email',
  'salary',
  'electedPlans',
  'coverageEffectiveDate',
] as const;
export type CensusField = (typeof CENSUS_FIELDS)[number];

export const CENSUS_FIELD_LABELS: Record<CensusField, string> = {
  employeeId: 'Employee ID',
  relationship: 'Relationship',
  firstName: 'First name',
  lastName: 'Last name',
  ssn: 'SSN',
  dateOfBirth: 'Date of birth',
  hireDate: 'Hire date',
  employeeClass: 'Employee class',
  hoursPerWeek: 'Hours per week',
  location: 'Location',
  state: 'State',
  zip: 'ZIP code',
  email: 'E-mail',
  salary: 'Annual salary',
  electedPlans: 'Elected plans',
  coverageEffectiveDate: 'Coverage effective date',
};

/** The columns a file must have; the rest may be left out (relationship then reads as Employee). */
export const REQUIRED_COLUMNS: readonly CensusField[] = [
  'employeeId',
  'firstName',
  'lastName',
  'ssn',
  'dateOfBirth',
  'hireDate',
  'employeeClass',
  'hoursPerWeek',
  'location',
  'state',
  'zip',
  'salary',
];

/** Other words a header may use for a field (compared without case, spaces or punctuation). */
const ALIASES: Record<CensusField, readonly string[]> = {
  employeeId: ['employee id', 'employee number', 'emp id', 'employee no', 'id'],
  relationship: ['relationship', 'relation', 'member type', 'relationship to employee'],
  firstName: ['first name', 'given name', 'first'],
  lastName: ['last name', 'surname', 'family name', 'last'],
  ssn: ['ssn', 'social security number', 'social security no'],
  dateOfBirth: ['date of birth', 'dob', 'birth date', 'birthdate'],
  hireDate: ['hire date', 'date of hire', 'hired on', 'doh'],
  employeeClass: ['employee class', 'class', 'class name', 'eligibility class'],
  hoursPerWeek: ['hours per week', 'weekly hours', 'hours', 'scheduled hours'],
  location: ['location', 'work location', 'worksite', 'site'],
  state: ['state', 'work state', 'state code'],
  zip: ['zip code', 'zip', 'postal code', 'zipcode'],
  email: ['e-mail', 'email', 'email address', 'e-mail address'],
  salary: ['annual salary', 'salary', 'annual earnings', 'earnings'],
  electedPlans: ['elected plans', 'plans', 'elections', 'coverages elected'],
  coverageEffectiveDate: ['coverage effective date', 'effective date', 'coverage start'],
};

const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');
const ALIAS_INDEX = new Map<string, CensusField>(
  CENSUS_FIELDS.flatMap((field) => [
    [squash(CENSUS_FIELD_LABELS[field]), field] as const,
    ...ALIASES[field].map((alias) => [squash(alias), field] as const),
  ]),
);

/** Which column (by index) holds each field; a field no header names is absent. */
export type ColumnMapping = Partial<Record<CensusField, number>>;

/** The mapping the headers suggest: each field to the first header that names it. */
export function suggestMapping(headers: readonly string[]): ColumnMapping {
  const mapping: ColumnMapping = {};
  headers.forEach((header, index) => {
    const field = ALIAS_INDEX.get(squash(header));
    if (field !== undefined && mapping[field] === undefined) mapping[field] = index;
  });
  return mapping;
}

/** The required fields no column holds, in the file's order of fields. */
export function missingColumns(mapping: ColumnMapping): CensusField[] {
  return REQUIRED_COLUMNS.filter((field) => mapping[field] === undefined);
}

/** 'The file has no column for SSN, Hire date' — the message naming what is missing. */
export function missingColumnsMessage(missing: readonly CensusField[]): string {
  const names = missing.map((field) => CENSUS_FIELD_LABELS[field]).join(', ');
  return `The file has no column for ${names}`;
}

/** A row of the file as text by field, through the mapping. */
export type CensusRow = Partial<Record<CensusField, string>>;

export function rowOf(cells: readonly string[], mapping: ColumnMapping): CensusRow {
  const row: CensusRow = {};
  for (const field of CENSUS_FIELDS) {
    const index = mapping[field];
    if (index !== undefined) row[field] = (cells[index] ?? '').trim();
  }
  return row;
}

/** Where the census came from (onboarding §7): the source the user indicates. */
export const CENSUS_SOURCES = ['BEN_ADMIN_PLATFORM', 'HRIS', 'MANUAL'] as const;
export type CensusSource = (typeof CENSUS_SOURCES)[number];
export const CENSUS_SOURCE_LABELS: Record<CensusSource, string> = {
  BEN_ADMIN_PLATFORM: 'Benefits administration platform',
  HRIS: 'HRIS',
  MANUAL: 'Manual',
};
