import {
  CENSUS_FIELD_LABELS,
  REQUIRED_COLUMNS,
  matchHeaders,
  sameHeader,
  type CensusField,
  type CensusMatches,
  type ColumnMapping,
} from './fields.ts';
import { dayToIso } from './rules.ts';
import { codesOf } from '../one-of.ts';

/**
 * How a census file is read: its text encoding and delimiter (CSV), its sheet (XLSX), and the row its
 * header is on. Detected on upload, shown to the user, who may change each; the stored file is then read
 * again with the choice.
 */

export const CENSUS_ENCODING_LABELS = {
  'UTF-8': 'UTF-8 (Unicode)',
  'UTF-16LE': 'UTF-16 (Excel’s “Unicode text”)',
  'UTF-16BE': 'UTF-16 big-endian',
  'windows-1252': 'Windows-1252 (Excel on Windows)',
  macintosh: 'Mac Roman (older Excel on Mac)',
};
export const CENSUS_ENCODINGS = codesOf(CENSUS_ENCODING_LABELS);
export type CensusEncoding = (typeof CENSUS_ENCODINGS)[number];

export const CENSUS_DELIMITER_LABELS = {
  ',': 'Comma ( , )',
  ';': 'Semicolon ( ; )',
  '\t': 'Tab',
  '|': 'Pipe ( | )',
};
export const CENSUS_DELIMITERS = codesOf(CENSUS_DELIMITER_LABELS);
export type CensusDelimiter = (typeof CENSUS_DELIMITERS)[number];

export type CensusReading = {
  format: 'CSV' | 'XLSX';
  /** CSV: the text encoding the file is read with, and the one detected on upload. */
  encoding: CensusEncoding | null;
  detectedEncoding: CensusEncoding | null;
  /** CSV: what separates the columns. */
  delimiter: CensusDelimiter | null;
  /** XLSX: the sheet read, and every sheet of the workbook in tab order. */
  sheet: string | null;
  sheets: string[];
  /** The header's row among the file's non-blank rows (1: the first); rows above it are titles. */
  headerRow: number;
  /** XLSX: the workbook counts days from 1904 (Excel for Mac's old date system), not 1900. */
  date1904: boolean;
};

/** A reading that is the format alone: UTF-8 or the first sheet, the header on the first row. */
export const plainReading = (format: 'CSV' | 'XLSX'): CensusReading => ({
  format,
  encoding: format === 'CSV' ? 'UTF-8' : null,
  detectedEncoding: format === 'CSV' ? 'UTF-8' : null,
  delimiter: format === 'CSV' ? ',' : null,
  sheet: null,
  sheets: [],
  headerRow: 1,
  date1904: false,
});

/** How many rows from the top the header is looked for in. */
export const HEADER_SEARCH_ROWS = 20;

/** The header cells as a table has them: trimmed, and the empty columns after the last header left out. */
export function headerCells(cells: readonly string[]): string[] {
  const trimmed = cells.map((cell) => cell.trim());
  let end = trimmed.length;
  while (end > 0 && trimmed[end - 1] === '') end -= 1;
  return trimmed.slice(0, end);
}

/**
 * The header row among the first rows (1-based): the row naming the most census fields by their name
 * or a synonym (a title above it, 'Acme Corp census as of 01/01/2027', names none). A file whose rows
 * name fewer than three fields has its header on the first row, as before.
 */
export function findHeaderRow(rows: readonly (readonly string[])[]): number {
  let best = 1;
  let bestScore = 0;
  rows.slice(0, HEADER_SEARCH_ROWS).forEach((cells, index) => {
    const { matches } = matchHeaders(headerCells(cells));
    const score = Object.values(matches).filter((m) => m.how !== 'FUZZY').length;
    if (score > bestScore) {
      best = index + 1;
      bestScore = score;
    }
  });
  return bestScore >= 3 ? best : 1;
}

const DATE_FIELDS: readonly CensusField[] = ['dateOfBirth', 'hireDate', 'coverageEffectiveDate'];
export const isDateField = (field: CensusField) => DATE_FIELDS.includes(field);

/**
 * A spreadsheet's day number as the date it stands for (MM/DD/YYYY), or null when the text is not one.
 * Excel keeps a date in a General-format cell as its serial number: days since 12/31/1899, counting the
 * 1900 leap day Excel believes in (serial 60), or days since 01/01/1904 in the 1904 date system. A time
 * of day after the decimal point is dropped.
 */
export function excelSerialDate(text: string, date1904 = false): string | null {
  if (!/^\d{1,7}(\.\d+)?$/.test(text)) return null;
  const serial = Math.floor(Number(text));
  if (serial < 1 || serial > 2_958_465) return null;
  let days: number; // since 1970-01-01
  if (date1904) days = serial - 24_107;
  else if (serial === 60)
    return null; // 02/29/1900, a day that never was
  else days = serial - (serial > 60 ? 25_569 : 25_568);
  const iso = dayToIso(days);
  return `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
}

/** The cells of a row of an XLSX with the serial numbers in its date columns read as dates. */
export function withSerialDates(
  cells: readonly string[],
  mapping: ColumnMapping,
  date1904: boolean,
): readonly string[] {
  let out: string[] | null = null;
  for (const field of DATE_FIELDS) {
    const index = mapping[field];
    if (index === undefined) continue;
    const date = excelSerialDate((cells[index] ?? '').trim(), date1904);
    if (date === null) continue;
    out ??= [...cells];
    out[index] = date;
  }
  return out ?? cells;
}

// ---- remembered mappings ---------------------------------------------------------------------------

/** The columns confirmed for an earlier census of the same client, or of a client on the same platform. */
export type RememberedMapping = {
  scope: 'CLIENT' | 'PLATFORM';
  /** The platform's name as the EIF gives it (PLATFORM only). */
  platform: string | null;
  fileName: string;
  confirmedAt: string;
  headers: string[];
  mapping: ColumnMapping;
};

/** What differs between this file's columns and those confirmed last time. */
export type MappingDifference =
  | { kind: 'MISSING'; field: CensusField; header: string }
  | { kind: 'MOVED'; field: CensusField; header: string; now: string }
  | { kind: 'NEW'; header: string };

export type RememberedSuggestion = {
  mapping: ColumnMapping;
  matches: CensusMatches;
  differences: MappingDifference[];
};

/**
 * The mapping for a new file from the one confirmed last time: each field to the column whose header
 * is the one confirmed for it; a field whose header this file lacks keeps the match its headers
 * suggest (a MISSING or MOVED difference); a header not there last time is NEW.
 */
export function applyRemembered(
  headers: readonly string[],
  suggested: { mapping: ColumnMapping; matches: CensusMatches },
  remembered: Pick<RememberedMapping, 'headers' | 'mapping'>,
): RememberedSuggestion {
  const mapping: ColumnMapping = {};
  const matches: CensusMatches = {};
  const differences: MappingDifference[] = [];
  const taken = new Set<number>();
  for (const [field, column] of Object.entries(remembered.mapping) as [CensusField, number][]) {
    const header = remembered.headers[column] ?? '';
    const index = headers.findIndex((h, i) => !taken.has(i) && sameHeader(h, header));
    if (index !== -1) {
      mapping[field] = index;
      matches[field] = { how: 'REMEMBERED', confidence: 1 };
      taken.add(index);
    }
  }
  for (const [field, column] of Object.entries(remembered.mapping) as [CensusField, number][]) {
    if (mapping[field] !== undefined) continue;
    const header = remembered.headers[column] ?? '';
    const guess = suggested.mapping[field];
    if (guess !== undefined && !taken.has(guess)) {
      mapping[field] = guess;
      matches[field] = suggested.matches[field]!;
      taken.add(guess);
      differences.push({ kind: 'MOVED', field, header, now: headers[guess] ?? '' });
    } else differences.push({ kind: 'MISSING', field, header });
  }
  // A field not confirmed last time (the column was not in that file) takes what the headers suggest.
  for (const [field, index] of Object.entries(suggested.mapping) as [CensusField, number][]) {
    if (mapping[field] !== undefined || taken.has(index) || remembered.mapping[field] !== undefined) continue;
    mapping[field] = index;
    matches[field] = suggested.matches[field]!;
    taken.add(index);
  }
  headers.forEach((header) => {
    if (header !== '' && !remembered.headers.some((h) => sameHeader(h, header)))
      differences.push({ kind: 'NEW', header });
  });
  return { mapping, matches, differences };
}

/** A difference in words, for the confirm step. */
export function differenceText(difference: MappingDifference): string {
  switch (difference.kind) {
    case 'MISSING': {
      const required = REQUIRED_COLUMNS.includes(difference.field) ? ' Choose its column.' : '';
      return `${CENSUS_FIELD_LABELS[difference.field]} was the column “${difference.header}” last time; this file has no such column.${required}`;
    }
    case 'MOVED':
      return `${CENSUS_FIELD_LABELS[difference.field]} was the column “${difference.header}” last time; this file has no such column, so “${difference.now}” is suggested instead.`;
    case 'NEW':
      return `“${difference.header}” is a column the last file did not have.`;
  }
}

/** A platform's name as the key its remembered columns are kept under: letters and digits, lower case. */
export const platformKey = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]/g, '');
