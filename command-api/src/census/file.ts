import { PassThrough, Readable } from 'node:stream';
import chardet from 'chardet';
import { parse as parseCsv } from 'csv-parse';
import ExcelJS from 'exceljs';
import unzipper from 'unzipper';
import { unzipSync, strFromU8 } from 'fflate';
import { fileTypeFromBuffer } from 'file-type';
import iconv from 'iconv-lite';
import Papa from 'papaparse';
import {
  CENSUS_DELIMITERS,
  CENSUS_FIELD_LABELS,
  HEADER_SEARCH_ROWS,
  findHeaderRow,
  headerCells,
  matchHeaders,
  plainReading,
  withSerialDates,
  type CensusDelimiter,
  type CensusEncoding,
  type CensusField,
  type CensusIssue,
  type CensusReading,
  type ColumnMapping,
} from '@onboard/domain/census';
import { cellText, fromSpreadsheetCell, spreadsheetCell } from '@onboard/domain';

/**
 * Reading a census file as Excel and payroll systems write it, streamed row by row with maintained
 * parsers: CSV through csv-parse, its delimiter (comma, semicolon, tab, pipe) guessed by papaparse from
 * the first lines and its encoding (UTF-8 with or without a byte-order mark, UTF-16, Windows-1252, Mac
 * Roman) by its byte-order mark or chardet, decoded by iconv-lite; XLSX through exceljs's streaming
 * parsers, one sheet of the workbook. The header row is found under any title rows. What was
 * detected is kept as the file's reading, which the user may change. Rows come out as text cells; nothing
 * here keeps more than the row being read.
 */

export type CensusFormat = 'CSV' | 'XLSX';
export const XLSX_MIME_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const CSV_MIME_TYPE = 'text/csv';

/** A file refused before anything is stored, with the message naming the problem. */
export class CensusFileError extends Error {}

const UPLOAD_AS = 'upload the census as a CSV or XLSX file';

export const CENSUS_FILE_MESSAGES = {
  empty: 'The file is empty',
  notCensus: 'Upload a CSV or XLSX file: this file is neither',
  noRows: 'The file has a header row but no employees',
  noHeader: 'The file has no header row',
  unreadableXlsx: 'The XLSX file could not be read: save it again from your spreadsheet program',
  unreadableCsv: 'The CSV file could not be read',
  bomb: (mb: number) =>
    `The XLSX file unpacks to ${mb} MB, more than a census can be (${MAX_UNPACKED_BYTES / 1024 / 1024} MB); it looks like a compressed-size bomb`,
  tooManyRows: `The file has more than ${200_000} rows`,
  /** A known kind of file that is not a table: 'a PDF document'. */
  notATable: (what: string) => `This file is ${what}, not a table: ${UPLOAD_AS}`,
  oldExcel:
    'This file is an Excel 97–2003 workbook (.xls), which the census does not read: open it in Excel and save it as an Excel Workbook (.xlsx) or CSV',
  text: `This file is text, not a table: no line has columns separated by commas, semicolons, tabs or pipes; ${UPLOAD_AS}`,
  noSheet: (sheet: string) => `The workbook has no sheet named “${sheet}”`,
  emptySheet: (sheet: string) => `The sheet “${sheet}” is empty: choose the sheet with the census`,
} as const;

/** How large an XLSX may unpack to, and how many rows a census may have (chosen). */
const MAX_UNPACKED_BYTES = 200 * 1024 * 1024;
const MAX_ROWS = 200_000;
const MAX_RATIO = 200;

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];

/** Files people take for a census, by what file-type finds: named so the refusal says what they are. */
const NOT_A_TABLE: Record<string, string> = {
  pdf: 'a PDF document',
  png: 'an image (PNG)',
  jpg: 'an image (JPEG)',
  gif: 'an image (GIF)',
  tif: 'an image (TIFF)',
  webp: 'an image (WebP)',
  heic: 'an image (HEIC)',
  bmp: 'an image (BMP)',
  rtf: 'a Rich Text document (RTF)',
  docx: 'a Word document',
  pptx: 'a PowerPoint presentation',
  odt: 'an OpenDocument text',
  zip: 'a zip archive',
  gz: 'a gzip archive',
  '7z': 'a 7-Zip archive',
  rar: 'a RAR archive',
  mp4: 'a video',
  mov: 'a video',
  mp3: 'an audio file',
  exe: 'a program',
  xml: 'an XML document',
};

/** XLSX when the bytes are a zip archive; else CSV, to be decoded. */
const isZip = (bytes: Uint8Array) => ZIP_SIGNATURE.every((b, i) => bytes[i] === b);

const buffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

// ---- XLSX -------------------------------------------------------------------------------------------

type Workbook = { sheets: { name: string; hidden: boolean }[]; date1904: boolean };

const xmlText = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&amp;/g, '&');

/**
 * Refuses an archive whose entries declare more than MAX_UNPACKED_BYTES unpacked, or a ratio no
 * spreadsheet has, before anything is inflated (fflate reads the central directory; only the small
 * workbook part is unpacked, for its sheets and date system), and a zip that is not a workbook. The row
 * cap bounds an archive that understates its sizes.
 */
function checkArchive(bytes: Uint8Array): Workbook {
  let unpacked = 0;
  let isWorkbook = false;
  let files: Record<string, Uint8Array>;
  let otherOffice: string | null = null;
  try {
    files = unzipSync(bytes, {
      filter: (file) => {
        unpacked += file.originalSize;
        if (file.name.startsWith('word/')) otherOffice = NOT_A_TABLE.docx!;
        if (file.name.startsWith('ppt/')) otherOffice = NOT_A_TABLE.pptx!;
        if (file.name !== 'xl/workbook.xml') return false;
        isWorkbook = true;
        return file.originalSize < 5 * 1024 * 1024;
      },
    });
  } catch {
    throw new CensusFileError(CENSUS_FILE_MESSAGES.unreadableXlsx);
  }
  if (unpacked > MAX_UNPACKED_BYTES || (unpacked > 20 * 1024 * 1024 && unpacked / bytes.length > MAX_RATIO))
    throw new CensusFileError(CENSUS_FILE_MESSAGES.bomb(Math.round(unpacked / 1024 / 1024)));
  // Another zip (a Word document, an archive of files) is not a spreadsheet.
  if (!isWorkbook)
    throw new CensusFileError(
      otherOffice === null ? CENSUS_FILE_MESSAGES.notCensus : CENSUS_FILE_MESSAGES.notATable(otherOffice),
    );
  const xml = files['xl/workbook.xml'] ? strFromU8(files['xl/workbook.xml']) : '';
  const sheets = [...xml.matchAll(/<(?:\w+:)?sheet\b([^>]*)\/?>/g)].flatMap(([, attributes]) => {
    const name = /\bname="([^"]*)"/.exec(attributes!)?.[1];
    if (name === undefined) return [];
    return [{ name: xmlText(name), hidden: /\bstate="(hidden|veryHidden)"/.test(attributes!) }];
  });
  return { sheets, date1904: /<(?:\w+:)?workbookPr\b[^>]*\bdate1904="(1|true)"/.test(xml) };
}

/**
 * exceljs's streaming reader, opened up: its own parsers of the workbook's parts, fed here from the archive's
 * central directory. Its `parse()` walks the archive in stored order through unzipper's `Parse`, which may
 * end before the last entries are handed over (exceljs#3064): the workbook part, stored last by many
 * writers, then goes missing and a sheet reads empty or under the wrong name, at random. The methods are
 * exceljs 4.4.0's (the version is pinned).
 */
type ExcelStreamParts = {
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseWorksheet(
    iterator: AsyncIterable<unknown>,
    sheetNo: string,
  ): Generator<{ eventType: string; value: AsyncIterable<{ values: unknown }> }>;
  workbookRels?: { Id: string; Target: string }[];
  model?: { sheets?: { name: string; rId: string }[] };
};

/** An archive's part by its path inside the workbook ('xl/…'), as a stream; null when it is not there. */
async function openArchive(bytes: Uint8Array) {
  const directory = await unzipper.Open.buffer(buffer(bytes));
  return (path: string): Readable | null => {
    const file = directory.files.find((f) => f.path === path);
    return file ? file.stream() : null;
  };
}

/** The path of a sheet's part, from the relationship's target ('worksheets/sheet2.xml' or '/xl/…'). */
const sheetPart = (target: string) => (target.startsWith('/') ? target.slice(1) : `xl/${target}`);

/**
 * The rows of one sheet (by name; the first of the workbook when null). Only that sheet's part is
 * unpacked, row by row; the parts it needs (relationships, workbook, shared strings, styles) come first.
 */
async function* xlsxRows(bytes: Uint8Array, sheetName: string | null): AsyncGenerator<string[]> {
  let rows: AsyncIterable<{ values: unknown }>;
  try {
    const part = await openArchive(bytes);
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([]), {
      worksheets: 'emit',
      sharedStrings: 'cache',
      styles: 'cache',
      hyperlinks: 'ignore',
      entries: 'ignore',
    }) as unknown as ExcelStreamParts;
    const rels = part('xl/_rels/workbook.xml.rels');
    const workbook = part('xl/workbook.xml');
    if (!rels || !workbook) throw new CensusFileError(CENSUS_FILE_MESSAGES.unreadableXlsx);
    await reader._parseRels(rels);
    await reader._parseWorkbook(workbook);
    const sharedStrings = part('xl/sharedStrings.xml');
    if (sharedStrings) for await (const parsed of reader._parseSharedStrings(sharedStrings)) void parsed;
    const styles = part('xl/styles.xml');
    if (styles) await reader._parseStyles(styles);
    const sheets = reader.model?.sheets ?? [];
    const sheet = sheetName === null ? sheets[0] : sheets.find((s) => s.name === sheetName);
    const target = sheet && reader.workbookRels?.find((r) => r.Id === sheet.rId)?.Target;
    const path = target ? sheetPart(target) : null;
    const stream = path ? part(path) : null;
    if (!stream) return; // no such sheet: no rows
    const [emitted] = [...reader._parseWorksheet(stream, /sheet(\d+)\.xml$/.exec(path!)?.[1] ?? '1')];
    rows = emitted!.value;
  } catch (error) {
    if (error instanceof CensusFileError) throw error;
    throw new CensusFileError(CENSUS_FILE_MESSAGES.unreadableXlsx);
  }
  try {
    for await (const row of rows) {
      // row.values is 1-based: index 0 is empty.
      const values = (row.values as unknown[]).slice(1);
      yield Array.from(values, cellText);
    }
  } catch (error) {
    if (error instanceof CensusFileError) throw error;
    throw new CensusFileError(CENSUS_FILE_MESSAGES.unreadableXlsx);
  }
}

// ---- CSV --------------------------------------------------------------------------------------------

const BYTE_ORDER_MARKS: [CensusEncoding, number[]][] = [
  ['UTF-8', [0xef, 0xbb, 0xbf]],
  ['UTF-16LE', [0xff, 0xfe]],
  ['UTF-16BE', [0xfe, 0xff]],
];

/** What chardet names, as the encodings the census reads (the Latin ones are read as Windows-1252). */
const FROM_CHARDET: Record<string, CensusEncoding> = {
  'UTF-8': 'UTF-8',
  'UTF-16LE': 'UTF-16LE',
  'UTF-16BE': 'UTF-16BE',
  'windows-1252': 'windows-1252',
  'ISO-8859-1': 'windows-1252',
  'ISO-8859-15': 'windows-1252',
  'ISO-8859-2': 'windows-1252',
  'windows-1250': 'windows-1252',
};

/**
 * The text encoding of a CSV: its byte-order mark; else UTF-8 when the bytes are valid UTF-8 (ASCII
 * is); else what chardet finds, Windows-1252 for the Western European ones (Excel's ANSI on Windows).
 */
function detectEncoding(bytes: Uint8Array): CensusEncoding {
  for (const [encoding, mark] of BYTE_ORDER_MARKS) if (mark.every((b, i) => bytes[i] === b)) return encoding;
  const head = bytes.subarray(0, 64 * 1024);
  if (!head.includes(0)) {
    try {
      // A multi-byte character cut at the end of the sample is allowed.
      new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, Math.max(0, head.length - 4)));
      return 'UTF-8';
    } catch {
      // not UTF-8
    }
  }
  const found = chardet.detect(head);
  return (found === null ? undefined : FROM_CHARDET[found]) ?? 'windows-1252';
}

/** The text of the file's first 64 KB, whole lines only. */
function headText(bytes: Uint8Array, encoding: CensusEncoding): string {
  const text = iconv.decode(buffer(bytes.subarray(0, 64 * 1024)), encoding);
  if (bytes.length <= 64 * 1024) return text;
  const lastBreak = text.lastIndexOf('\n');
  return lastBreak > 0 ? text.slice(0, lastBreak) : text;
}

/** The delimiter the first lines agree on (papaparse's guess), or null when no line has columns. */
function detectDelimiter(text: string): CensusDelimiter | null {
  const guess = Papa.parse<string[]>(text, {
    preview: HEADER_SEARCH_ROWS,
    delimitersToGuess: [...CENSUS_DELIMITERS],
    skipEmptyLines: true,
  });
  if (guess.errors.some((e) => e.code === 'UndetectableDelimiter')) return null;
  return (CENSUS_DELIMITERS as readonly string[]).includes(guess.meta.delimiter)
    ? (guess.meta.delimiter as CensusDelimiter)
    : null;
}

/** True when the text has control characters no table has (a binary file that is not a known kind). */
function looksBinary(text: string): boolean {
  const sample = text.slice(0, 8192);
  let control = 0;
  for (const char of sample) {
    const code = char.charCodeAt(0);
    if ((code < 0x20 && code !== 9 && code !== 10 && code !== 12 && code !== 13) || code === 0xfffd)
      control += 1;
  }
  return control > Math.max(2, sample.length / 100);
}

const PIECE_BYTES = 64 * 1024;

/** The bytes in pieces of 64 KB (views, not copies). */
function* pieces(bytes: Buffer): Generator<Buffer> {
  for (let start = 0; start < bytes.length; start += PIECE_BYTES)
    yield bytes.subarray(start, start + PIECE_BYTES);
}

async function* csvRows(bytes: Uint8Array, reading: CensusReading): AsyncGenerator<string[]> {
  const encoding = reading.encoding ?? 'UTF-8';
  const options = {
    bom: true,
    delimiter: reading.delimiter ?? ',',
    relax_column_count: true,
    skip_empty_lines: true,
    relax_quotes: true,
  };
  // In pieces, as a file is read from disk: a reader that stops early (the header search) parses only
  // the pieces it got to, not the whole file.
  const source = Readable.from(pieces(buffer(bytes)));
  // UTF-8 goes to the parser as bytes; another encoding is decoded by iconv-lite on the way.
  const parser = (encoding === 'UTF-8' ? source : source.pipe(iconv.decodeStream(encoding))).pipe(
    parseCsv(options),
  );
  try {
    for await (const record of parser) yield record as string[];
  } catch (error) {
    throw new CensusFileError(`${CENSUS_FILE_MESSAGES.unreadableCsv}: ${(error as Error).message}`);
  }
}

// ---- rows -------------------------------------------------------------------------------------------

/** A reading from the format alone (UTF-8 and commas, or the first sheet; the header on the first row). */
const readingOf = (reading: CensusFormat | CensusReading): CensusReading =>
  typeof reading === 'string' ? plainReading(reading) : reading;

/** The file's rows as its format's reader gives them, blank ones included. */
const sourceRows = (bytes: Uint8Array, reading: CensusReading) =>
  reading.format === 'CSV' ? csvRows(bytes, reading) : xlsxRows(bytes, reading.sheet);

/**
 * A row as the census reads it, or null for a blank row: the `count`th non-blank row may not pass the
 * row limit, and only a cell that begins with a quote can be one the product wrote with a quote before it.
 */
function keptRow(cells: string[], count: number, reading: CensusReading): string[] | null {
  if (cells.every((cell) => cell.trim() === '')) return null;
  if (count > MAX_ROWS + reading.headerRow) throw new CensusFileError(CENSUS_FILE_MESSAGES.tooManyRows);
  return cells.some((cell) => cell.charCodeAt(0) === 39) ? cells.map(fromSpreadsheetCell) : cells;
}

/** Every row of the file as text cells, title rows and the header row first; blank rows are skipped. */
export async function* censusRows(
  bytes: Uint8Array,
  how: CensusFormat | CensusReading,
): AsyncGenerator<string[]> {
  const reading = readingOf(how);
  let count = 0;
  for await (const read of sourceRows(bytes, reading)) {
    const cells = keptRow(read, count + 1, reading);
    if (cells === null) continue;
    count += 1;
    yield cells;
  }
}

/**
 * The rows under the header, each with its number (the file's non-blank rows counted from 1, title rows
 * and header included), through the mapping's eyes: in an XLSX, a date column's serial numbers are dates.
 * It reads the format's rows itself rather than through censusRows: one generator fewer on every row.
 */
export async function* censusTableRows(
  bytes: Uint8Array,
  how: CensusFormat | CensusReading,
  mapping: ColumnMapping,
): AsyncGenerator<{ rowNumber: number; cells: readonly string[] }> {
  const reading = readingOf(how);
  let rowNumber = 0;
  for await (const read of sourceRows(bytes, reading)) {
    const cells = keptRow(read, rowNumber + 1, reading);
    if (cells === null) continue;
    rowNumber += 1;
    if (rowNumber <= reading.headerRow) continue;
    yield {
      rowNumber,
      cells: reading.format === 'XLSX' ? withSerialDates(cells, mapping, reading.date1904) : cells,
    };
  }
}

/** The first rows of the file, enough to find the header and see one row under it. */
async function topRows(bytes: Uint8Array, reading: CensusReading): Promise<string[][]> {
  const rows: string[][] = [];
  for await (const cells of censusRows(bytes, reading)) {
    rows.push(cells);
    if (rows.length > HEADER_SEARCH_ROWS) break;
  }
  return rows;
}

/** How many fields the header row of these rows names (0 when none is found). */
const headerScore = (rows: readonly (readonly string[])[], headerRow: number) =>
  rows.length === 0 ? 0 : Object.keys(matchHeaders(headerCells(rows[headerRow - 1] ?? [])).mapping).length;

/** The reader's choices the user may make: a text encoding and a delimiter (CSV), a sheet (XLSX). */
export type CensusReadingChoice = {
  encoding?: CensusEncoding;
  delimiter?: CensusDelimiter;
  sheet?: string;
};

export type InspectedCensus = { format: CensusFormat; headers: string[]; reading: CensusReading };

/** Refuses a file that is not a table, naming what it is. */
async function refuseKnownKinds(bytes: Uint8Array) {
  const found = await fileTypeFromBuffer(bytes).catch(() => undefined);
  if (!found) return;
  if (found.ext === 'cfb' || found.ext === 'xls') throw new CensusFileError(CENSUS_FILE_MESSAGES.oldExcel);
  const what = NOT_A_TABLE[found.ext];
  throw new CensusFileError(
    what === undefined ? CENSUS_FILE_MESSAGES.notCensus : CENSUS_FILE_MESSAGES.notATable(what),
  );
}

async function inspectXlsx(bytes: Uint8Array, choice: CensusReadingChoice): Promise<InspectedCensus> {
  const workbook = checkArchive(bytes);
  const names = workbook.sheets.map((s) => s.name);
  const base: CensusReading = {
    ...plainReading('XLSX'),
    sheets: names,
    date1904: workbook.date1904,
  };
  let candidates: string[];
  if (choice.sheet !== undefined) {
    if (!names.includes(choice.sheet)) throw new CensusFileError(CENSUS_FILE_MESSAGES.noSheet(choice.sheet));
    candidates = [choice.sheet];
  } else {
    const visible = workbook.sheets.filter((s) => !s.hidden).map((s) => s.name);
    candidates = visible.length > 0 ? visible : names.length > 0 ? names : [''];
  }
  // The sheet chosen, or the first sheet whose top rows hold a census header; else the first with rows.
  let fallback: { sheet: string; rows: string[][] } | null = null;
  for (const sheet of candidates) {
    const rows = await topRows(bytes, { ...base, sheet: sheet === '' ? null : sheet });
    if (rows.length === 0) continue;
    fallback ??= { sheet, rows };
    const headerRow = findHeaderRow(rows);
    if (choice.sheet !== undefined || headerScore(rows, headerRow) >= 3)
      return tableOf(rows, { ...base, sheet: sheet === '' ? null : sheet, headerRow });
  }
  if (choice.sheet !== undefined) throw new CensusFileError(CENSUS_FILE_MESSAGES.emptySheet(choice.sheet));
  if (fallback === null) throw new CensusFileError(CENSUS_FILE_MESSAGES.noHeader);
  return tableOf(fallback.rows, {
    ...base,
    sheet: fallback.sheet === '' ? null : fallback.sheet,
    headerRow: findHeaderRow(fallback.rows),
  });
}

function tableOf(rows: readonly string[][], reading: CensusReading): InspectedCensus {
  if (rows.length === 0) throw new CensusFileError(CENSUS_FILE_MESSAGES.noHeader);
  const headers = headerCells(rows[reading.headerRow - 1]!);
  if (rows.length <= reading.headerRow) throw new CensusFileError(CENSUS_FILE_MESSAGES.noRows);
  return { format: reading.format, headers, reading };
}

/** True when most of the rows have the same number of cells, two or more: rows of a table, not prose. */
function looksLikeTable(rows: readonly (readonly string[])[]): boolean {
  const counts = new Map<number, number>();
  for (const cells of rows) {
    const n = headerCells(cells).length;
    counts.set(n, (counts.get(n) ?? 0) + 1);
  }
  const [width, often] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? [0, 0];
  return rows.length >= 2 && width >= 2 && often >= rows.length * 0.6;
}

async function inspectCsv(bytes: Uint8Array, choice: CensusReadingChoice): Promise<InspectedCensus> {
  const detectedEncoding = detectEncoding(bytes);
  const encoding = choice.encoding ?? detectedEncoding;
  const text = headText(bytes, encoding);
  if (looksBinary(text)) {
    await refuseKnownKinds(bytes);
    throw new CensusFileError(CENSUS_FILE_MESSAGES.notCensus);
  }
  // No delimiter the lines agree on: read with commas, and a text of several lines that is no table is
  // refused as text.
  const delimiter = choice.delimiter ?? detectDelimiter(text) ?? ',';
  const reading: CensusReading = { ...plainReading('CSV'), encoding, detectedEncoding, delimiter };
  const rows = await topRows(bytes, reading);
  const headerRow = findHeaderRow(rows);
  if (rows.length >= 2 && headerScore(rows, headerRow) < 3 && !looksLikeTable(rows))
    throw new CensusFileError(CENSUS_FILE_MESSAGES.text);
  return tableOf(rows, { ...reading, headerRow });
}

/**
 * What an upload is checked for before it is stored: a table (CSV or XLSX; a PDF, an image, a letter
 * is refused saying what it is), not a bomb, with a header row and at least one row under it. Answers
 * the format, the headers and how the file was read (detected, or as the user chose).
 */
export async function inspectCensusFile(
  bytes: Uint8Array,
  choice: CensusReadingChoice = {},
): Promise<InspectedCensus> {
  if (bytes.length === 0) throw new CensusFileError(CENSUS_FILE_MESSAGES.empty);
  if (isZip(bytes)) return inspectXlsx(bytes, choice);
  if (!BYTE_ORDER_MARKS.some(([, mark]) => mark.every((b, i) => bytes[i] === b)))
    await refuseKnownKinds(bytes);
  return inspectCsv(bytes, choice);
}

/** The number of rows under the header, counted fast for progress: line breaks for CSV (approximate). */
export function estimateRows(bytes: Uint8Array, how: CensusFormat | CensusReading): number {
  const reading = readingOf(how);
  if (reading.format !== 'CSV') return 0;
  // UTF-16 spends two bytes on a line break, one of them the 10.
  let lines = 0;
  for (let i = bytes.indexOf(10); i !== -1; i = bytes.indexOf(10, i + 1)) lines += 1;
  const last = bytes.subarray(Math.max(0, bytes.length - (reading.encoding?.startsWith('UTF-16') ? 2 : 1)));
  if (bytes.length > 0 && !last.includes(10)) lines += 1;
  return Math.max(0, lines - reading.headerRow);
}

/**
 * The error workbook: the file's rows as they are, with an Errors column, and every cell an issue names
 * highlighted with its message as a note. No cell is written as a formula: text that would start one gets
 * a leading `'` (spreadsheetCell), which censusRows takes off when the workbook comes back. Title rows
 * above the header stay where they were, so rows keep their numbers; an XLSX's serial dates in date
 * columns are written as the dates they were read as. Fixed and uploaded again as it is, it reads like
 * the original (the Errors column maps to no field).
 */
export async function errorWorkbook(
  bytes: Uint8Array,
  how: CensusFormat | CensusReading,
  headers: readonly string[],
  columnOf: Partial<Record<CensusField, number>>,
  issuesByRow: ReadonlyMap<number, readonly CensusIssue[]>,
  /** Cells corrected where the census is read, by row: written in place of the file's. */
  corrections?: ReadonlyMap<number, Partial<Record<CensusField, string>>>,
): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet('Census');
  const errorsColumn = headers.length + 1;
  const highlight: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFC7CE' } };
  const reading = readingOf(how);
  let rowNumber = 0;
  for await (const read of censusRows(bytes, reading)) {
    rowNumber += 1;
    if (rowNumber < reading.headerRow) {
      sheet.addRow(read.map(spreadsheetCell)).commit();
      continue;
    }
    if (rowNumber === reading.headerRow) {
      const header = sheet.addRow([...headers, 'Errors'].map(spreadsheetCell));
      header.font = { bold: true };
      header.commit();
      continue;
    }
    // A copy: the corrections are written over the file's cells.
    const cells = [...(reading.format === 'XLSX' ? withSerialDates(read, columnOf, reading.date1904) : read)];
    const issues = issuesByRow.get(rowNumber) ?? [];
    for (const [field, value] of Object.entries(corrections?.get(rowNumber) ?? {})) {
      const column = columnOf[field as CensusField];
      if (column !== undefined) cells[column] = value;
    }
    const row = sheet.addRow(
      [...headers.map((_, i) => cells[i] ?? ''), issues.map((i) => i.message).join('; ')].map(
        spreadsheetCell,
      ),
    );
    for (const issue of issues) {
      const column = issue.field === null ? undefined : columnOf[issue.field];
      if (column === undefined) continue;
      const cell = row.getCell(column + 1);
      cell.fill = highlight;
      cell.note = `${CENSUS_FIELD_LABELS[issue.field!]}: ${issue.message}`;
    }
    if (issues.length > 0) row.getCell(errorsColumn).font = { color: { argb: 'FF9C0006' } };
    row.commit();
  }
  sheet.commit();
  await workbook.commit();
  await finished;
  return Buffer.concat(chunks);
}
