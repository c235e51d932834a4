import { distance } from 'fastest-levenshtein';
import { codesOf } from '../one-of.ts';
/**
 * The census file's columns (onboarding §7): one row per person, the employee first and each dependent
 * on a row of its own under the employee's id. Headers are matched to fields by their words, whatever
 * their case, spacing or punctuation; the user confirms the mapping before validation runs.
 */

export const CENSUS_FIELD_LABELS = {
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
export const CENSUS_FIELDS = codesOf(CENSUS_FIELD_LABELS);
export type CensusField = (typeof CENSUS_FIELDS)[number];

/** The columns a file may leave out (a missing relationship reads as Employee). */
const OPTIONAL_COLUMNS: readonly CensusField[] = [
  'relationship',
  'email',
  'electedPlans',
  'coverageEffectiveDate',
];

/** The columns a file must have, in the fields' order. */
export const REQUIRED_COLUMNS: readonly CensusField[] = CENSUS_FIELDS.filter(
  (field) => !OPTIONAL_COLUMNS.includes(field),
);

/**
 * Other words a header may use for a field, as payroll systems and benefits platforms export them
 * (compared without case, spaces or punctuation).
 */
const ALIASES: Record<CensusField, readonly string[]> = {
  employeeId: [
    'employee id',
    'employee number',
    'emp id',
    'emp #',
    'emp no',
    'employee no',
    'employee #',
    'ee id',
    'ee number',
    'associate id',
    'file number',
    'payroll id',
    'worker id',
    'id',
  ],
  relationship: [
    'relationship',
    'relation',
    'member type',
    'relationship to employee',
    'rel',
    'dependent type',
    'relationship code',
    'coverage level member',
  ],
  firstName: ['first name', 'given name', 'first', 'fname', 'legal first name', 'employee first name'],
  lastName: ['last name', 'surname', 'family name', 'last', 'lname', 'legal last name', 'employee last name'],
  ssn: [
    'ssn',
    'social security number',
    'social security no',
    'social security #',
    'social security',
    'soc sec #',
    'ss #',
    'ss number',
    'ssn/tin',
    'tax id number',
  ],
  dateOfBirth: ['date of birth', 'dob', 'birth date', 'birthdate', 'birthday', 'born on', 'd.o.b.'],
  hireDate: [
    'hire date',
    'date of hire',
    'hired on',
    'doh',
    'original hire date',
    'most recent hire date',
    'start date',
    'employment date',
  ],
  employeeClass: ['employee class', 'class', 'class name', 'eligibility class', 'benefit class', 'job class'],
  hoursPerWeek: [
    'hours per week',
    'weekly hours',
    'hours',
    'scheduled hours',
    'standard hours',
    'hrs/wk',
    'hours worked per week',
  ],
  location: ['location', 'work location', 'worksite', 'site', 'work site', 'office', 'location name'],
  state: ['state', 'work state', 'state code', 'resident state', 'home state', 'st'],
  zip: ['zip code', 'zip', 'postal code', 'zipcode', 'zip/postal code', 'home zip'],
  email: ['e-mail', 'email', 'email address', 'e-mail address', 'work email', 'personal email'],
  salary: [
    'annual salary',
    'salary',
    'annual earnings',
    'earnings',
    'annual pay',
    'annual base salary',
    'base salary',
    'annual compensation',
    'yearly salary',
  ],
  electedPlans: ['elected plans', 'plans', 'elections', 'coverages elected', 'plan elections', 'coverages'],
  coverageEffectiveDate: [
    'coverage effective date',
    'effective date',
    'coverage start',
    'coverage start date',
    'benefit effective date',
    'coverage begin date',
  ],
};

/** Header text reduced to its letters and digits, '#' read as 'number' ('Emp #' is 'Emp number'). */
const squash = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/#/g, 'number')
    .replace(/[^a-z0-9]/g, '');

/** Every word a field answers to, squashed: its label first, then its aliases. */
const FIELD_WORDS: readonly (readonly [CensusField, readonly string[]])[] = CENSUS_FIELDS.map((field) => [
  field,
  [...new Set([CENSUS_FIELD_LABELS[field], ...ALIASES[field]].map(squash))],
]);

/** Which column (by index) holds each field; a field no header names is absent. */
export type ColumnMapping = Partial<Record<CensusField, number>>;

/**
 * How a column was matched to a field: the field's own name, one of its synonyms, a header that only
 * resembles one (a typo, a longer or shorter wording), or the column confirmed for the last upload.
 */
export type CensusMatchKind = 'EXACT' | 'SYNONYM' | 'FUZZY' | 'REMEMBERED';
export type CensusMatch = { how: CensusMatchKind; confidence: number };
export type CensusMatches = Partial<Record<CensusField, CensusMatch>>;

/** The least confidence at which a resembling header is suggested (below it, the field is left to the user). */
export const FUZZY_THRESHOLD = 0.75;

/** How much two squashed words resemble each other, from 0 to 1 (edit distance, or one inside the other). */
function resemblance(header: string, word: string): number {
  if (header === word) return 1;
  const longer = Math.max(header.length, word.length);
  const shorter = Math.min(header.length, word.length);
  const edits = 1 - distance(header, word) / longer;
  // 'Employee SSN' holds 'ssn', 'Birth' is held by 'birthdate': a word inside a header counts, less so
  // the more the rest outweighs it. Two-letter words ('id', 'st') only count exactly.
  const inside =
    shorter >= 3 && (header.includes(word) || word.includes(header)) ? 0.7 + 0.25 * (shorter / longer) : 0;
  return Math.round(Math.max(edits, inside) * 100) / 100;
}

function matchOf(header: string, words: readonly string[], isLabel: (i: number) => boolean): CensusMatch {
  let best: CensusMatch = { how: 'FUZZY', confidence: 0 };
  words.forEach((word, i) => {
    if (header === word) {
      const how = isLabel(i) ? 'EXACT' : 'SYNONYM';
      if (best.confidence < 1 || how === 'EXACT') best = { how, confidence: 1 };
      return;
    }
    const confidence = resemblance(header, word);
    if (confidence > best.confidence) best = { how: 'FUZZY', confidence };
  });
  return best;
}

/**
 * Matches the headers to fields: each field to the header that names it best (its name or a synonym
 * first, then the closest resemblance at or above FUZZY_THRESHOLD), each header to one field at most.
 * Answers the mapping and, for each field matched, how and with what confidence.
 */
export function matchHeaders(headers: readonly string[]): { mapping: ColumnMapping; matches: CensusMatches } {
  const candidates: { field: CensusField; index: number; match: CensusMatch }[] = [];
  headers.forEach((header, index) => {
    const squashed = squash(header);
    if (squashed === '') return;
    for (const [field, words] of FIELD_WORDS) {
      const match = matchOf(squashed, words, (i) => i === 0);
      if (match.confidence >= FUZZY_THRESHOLD) candidates.push({ field, index, match });
    }
  });
  // Best first; on a tie the field's own name, then the leftmost column.
  const rank = (m: CensusMatch) => m.confidence * 10 + (m.how === 'EXACT' ? 2 : m.how === 'SYNONYM' ? 1 : 0);
  candidates.sort((a, b) => rank(b.match) - rank(a.match) || a.index - b.index);
  const mapping: ColumnMapping = {};
  const matches: CensusMatches = {};
  const taken = new Set<number>();
  for (const { field, index, match } of candidates) {
    if (mapping[field] !== undefined || taken.has(index)) continue;
    mapping[field] = index;
    matches[field] = match;
    taken.add(index);
  }
  return { mapping, matches };
}

/** The mapping the headers suggest (matchHeaders without the confidences). */
export function suggestMapping(headers: readonly string[]): ColumnMapping {
  return matchHeaders(headers).mapping;
}

/** Two headers name the same column when they are the same words (case, spacing and punctuation aside). */
export const sameHeader = (a: string, b: string) => squash(a) !== '' && squash(a) === squash(b);

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
export const CENSUS_SOURCE_LABELS = {
  BEN_ADMIN_PLATFORM: 'Benefits administration platform',
  HRIS: 'HRIS',
  MANUAL: 'Manual',
};
export const CENSUS_SOURCES = codesOf(CENSUS_SOURCE_LABELS);
export type CensusSource = (typeof CENSUS_SOURCES)[number];
