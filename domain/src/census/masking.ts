/**
 * Minimum necessary on screen: what a person reads of a census's personal data. An SSN shows only its
 * last four digits, a date of birth only its year, a salary only the band it falls in, a home ZIP code
 * only its first three digits (the state shows: it decides the statutory plans), and a dependant's name
 * only its initial. Everything that answers census data to a browser or a download passes it through
 * here; the full value of one field of one person is given only by a reveal, which is recorded.
 */
import type { CensusField, CensusRow } from './fields.ts';
import type { CensusGrid, CensusValidationResult } from './decider.ts';
import type { CensusPerson } from './report.ts';
import { ERASED } from '@onboard/events/catalogue/personal-data-erasure';
import { parseCensusDate, relationshipOf } from './rules.ts';
import { oneOf } from '../one-of.ts';

/** The census fields shown masked on every row. */
export const MASKED_CENSUS_FIELDS = [
  'ssn',
  'dateOfBirth',
  'salary',
  'zip',
] as const satisfies readonly CensusField[];
export type MaskedCensusField = (typeof MASKED_CENSUS_FIELDS)[number];
export const isMaskedCensusField = oneOf(MASKED_CENSUS_FIELDS);

/** What stands for a value that cannot be read as what its column holds: nothing of it is shown. */
export const HIDDEN_VALUE = 'Hidden';

/**
 * ***-**-1234: the last four digits only, whatever the dashes or spaces. A value whose data key was
 * destroyed reads 'erased' here and in the other maskers.
 */
export function maskSsn(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed === ERASED) return trimmed;
  const digits = trimmed.replace(/\D/g, '');
  return digits.length >= 4 ? `***-**-${digits.slice(-4)}` : '***-**-****';
}

/** The year of birth only. */
export function maskDateOfBirth(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed === ERASED) return trimmed;
  const day = parseCensusDate(trimmed);
  if (day) return day.slice(0, 4);
  const year = /(?:^|\D)((?:19|20)\d{2})(?:\D|$)/.exec(trimmed);
  return year ? year[1]! : HIDDEN_VALUE;
}

/**
 * The salary bands a group life and disability carrier rates and reports by: $25,000 wide up to
 * $100,000, $50,000 wide up to $200,000, then open-ended.
 */
export const SALARY_BANDS: readonly { from: number; below: number | null }[] = [
  { from: 0, below: 25_000 },
  { from: 25_000, below: 50_000 },
  { from: 50_000, below: 75_000 },
  { from: 75_000, below: 100_000 },
  { from: 100_000, below: 150_000 },
  { from: 150_000, below: 200_000 },
  { from: 200_000, below: null },
];

const dollars = (amount: number) => `$${amount.toLocaleString('en-US')}`;

/** A band's words: "Under $25,000", "$50,000–$74,999", "$200,000 and over". */
export function salaryBandLabel(band: { from: number; below: number | null }): string {
  if (band.below === null) return `${dollars(band.from)} and over`;
  if (band.from === 0) return `Under ${dollars(band.below)}`;
  return `${dollars(band.from)}–${dollars(band.below - 1)}`;
}

const AMOUNT = /^\$?\d{1,3}(,?\d{3})*(\.\d{1,2})?$|^\$?\d+(\.\d{1,2})?$/;

/** The band an annual salary falls in; a value that is no amount shows nothing of itself. */
export function salaryBand(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed === ERASED) return trimmed;
  if (!AMOUNT.test(trimmed)) return HIDDEN_VALUE;
  const amount = Number(trimmed.replace(/[$,]/g, ''));
  const band = SALARY_BANDS.find((b) => amount >= b.from && (b.below === null || amount < b.below))!;
  return salaryBandLabel(band);
}

/**
 * A home ZIP code as its first three digits (ZIP3, the area HIPAA's safe harbour keeps): "100**". A
 * ZIP+4 loses its four as well.
 */
export function maskZip(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed === ERASED) return trimmed;
  const zip = /^(\d{3})\d{2}(?:-?\d{4})?$/.exec(trimmed);
  return zip ? `${zip[1]}**` : HIDDEN_VALUE;
}

/** A dependant's name as its initial: "Mia" shows "M.". */
export function nameInitial(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed === ERASED) return trimmed;
  const initial = /\p{L}/u.exec(trimmed);
  return initial ? `${initial[0].toUpperCase()}.` : HIDDEN_VALUE;
}

/** The fields masked on a dependant's row besides those of every row: a spouse's or child's name. */
export const DEPENDANT_MASKED_FIELDS = ['firstName', 'lastName'] as const satisfies readonly CensusField[];
type DependantMaskedField = (typeof DEPENDANT_MASKED_FIELDS)[number];

/** Whether a row's relationship cell makes it a dependant's (one that cannot be read is taken as one). */
export const isDependantRow = (relationship: string | undefined) =>
  relationshipOf(relationship) !== 'EMPLOYEE';

/** Whether a field of a row (an employee's, or a dependant's) is shown masked. */
export const isMaskedFor = (field: string, dependant: boolean) =>
  isMaskedCensusField(field) || (dependant && (DEPENDANT_MASKED_FIELDS as readonly string[]).includes(field));

const MASKERS: Record<MaskedCensusField | DependantMaskedField, (text: string) => string> = {
  ssn: maskSsn,
  dateOfBirth: maskDateOfBirth,
  salary: salaryBand,
  zip: maskZip,
  firstName: nameInitial,
  lastName: nameInitial,
};

/**
 * One census cell as a person reads it: masked when its column holds personal data (on a dependant's
 * row, the name too), else as it is.
 */
export function maskCensusValue(field: string, text: string, dependant = false): string {
  return isMaskedFor(field, dependant) ? MASKERS[field as keyof typeof MASKERS](text) : text;
}

/** A row of the census as a person reads it; `dependant` is read from its relationship cell if not given. */
export function maskCensusRow<R extends CensusRow>(row: R, dependant = isDependantRow(row.relationship)): R {
  const maskedRow = { ...row };
  for (const field of [...MASKED_CENSUS_FIELDS, ...(dependant ? DEPENDANT_MASKED_FIELDS : [])])
    if (maskedRow[field] !== undefined) maskedRow[field] = MASKERS[field](maskedRow[field]);
  return maskedRow;
}

/** How the change view names a person's relationship: anything but 'Employee' is a dependant. */
const isDependantPerson = (person: { relationship: string }) => person.relationship !== 'Employee';

/**
 * A person of the change view as a person reads them: a dependant's name as initials, and their key
 * (which holds their first name) with the name left out.
 */
function maskPerson<P extends CensusPerson>(person: P): P {
  if (!isDependantPerson(person)) return person;
  return {
    ...person,
    key: `${person.employeeId}/${person.relationship}/${nameInitial(person.name)}`,
    name: person.name.split(/\s+/).filter(Boolean).map(nameInitial).join(' '),
  };
}

/** The report and change view of a census file as a person reads them. */
export function maskCensusResult(result: CensusValidationResult): CensusValidationResult {
  const changes = result.domainValidations.changes;
  if (!changes) return result;
  return {
    ...result,
    domainValidations: {
      ...result.domainValidations,
      changes: {
        ...changes,
        added: changes.added.map(maskPerson),
        removed: changes.removed.map(maskPerson),
        changed: changes.changed.map((person) => ({
          ...maskPerson(person),
          fields: person.fields.map((change) => ({
            ...change,
            before: maskCensusValue(change.field, change.before, isDependantPerson(person)),
            after: maskCensusValue(change.field, change.after, isDependantPerson(person)),
          })),
        })),
      },
    },
  };
}

/** The correction grid as a person reads it: each cell, and the file's value of each corrected one. */
export function maskCensusGrid(grid: CensusGrid): CensusGrid {
  return {
    ...grid,
    rows: grid.rows.map((row) => {
      const dependant = isDependantRow(row.cells.relationship);
      return {
        ...row,
        cells: maskCensusRow(row.cells, dependant),
        corrected: maskCensusRow(row.corrected, dependant),
      };
    }),
  };
}

/**
 * A correction names the value the person saw; a masked one stands for the value it masks, so a cell
 * corrected without revealing it is checked against what it holds now.
 */
export function seenValue(field: CensusField, seen: string, current: string, dependant = false): string {
  return isMaskedFor(field, dependant) &&
    seen.trim() !== '' &&
    seen === maskCensusValue(field, current, dependant)
    ? current
    : seen;
}
