import { PassThrough, Readable } from 'node:stream';
import { parse as parseCsv } from 'csv-parse';
import ExcelJS from 'exceljs';
import { unzipSync } from 'fflate';
import { CENSUS_FIELD_LABELS, type CensusField, type CensusIssue } from '@onboard/domain/census';
import { fromSpreadsheetCell, spreadsheetCell } from '@onboard/domain/platform/spreadsheet-cell';

/**
 * Reading a census file, streamed row by row with maintained parsers: csv-parse for CSV, exceljs's
 * streaming WorkbookReader for XLSX (the first worksheet). Rows come out as text cells; nothing here
 * keeps more than the row being read.
 */

export type CensusFormat = 'CSV' | 'XLSX';
export const XLSX_MIME_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const CSV_MIME_TYPE = 'text/csv';

/** A file refused before anything is stored, with the message naming the problem. */
export class CensusFileError extends Error {}

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
} as const;

/** How large an XLSX may unpack to, and how many rows a census may have (chosen). */
const MAX_UNPACKED_BYTES = 200 * 1024 * 1024;
const MAX_ROWS = 200_000;
const MAX_RATIO = 200;

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];

/** XLSX when the bytes are a zip archive; CSV when they are text (no NUL byte at the start); else null. */
function detectFormat(bytes: Uint8Array): CensusFormat | null {
  if (ZIP_SIGNATURE.every((b, i) => bytes[i] === b)) return 'XLSX';
  const head = bytes.subarray(0, 8192);
  if (head.includes(0)) return null;
  // Text: decodes as UTF-8 (a cut multi-byte character at the end is allowed).
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, Math.max(0, head.length - 4)));
  } catch {
    return null;
  }
  return 'CSV';
}

/**
 * Refuses an archive whose entries declare more than MAX_UNPACKED_BYTES unpacked, or a ratio no
 * spreadsheet has, before anything is inflated (fflate reads the central directory; every entry is
 * filtered out, so nothing is unpacked), and a zip that is not a workbook. The row cap bounds an archive
 * that understates its sizes.
 */
function checkArchive(bytes: Uint8Array) {
  let unpacked = 0;
  let isWorkbook = false;
  try {
    unzipSync(bytes, {
      filter: (file) => {
        unpacked += file.originalSize;
        if (file.name === 'xl/workbook.xml') isWorkbook = true;
        return false;
      },
    });
  } catch {
    throw new CensusFileError(CENSUS_FILE_MESSAGES.unreadableXlsx);
  }
  if (unpacked > MAX_UNPACKED_BYTES || (unpacked > 20 * 1024 * 1024 && unpacked / bytes.length > MAX_RATIO))
    throw new CensusFileError(CENSUS_FILE_MESSAGES.bomb(Math.round(unpacked / 1024 / 1024)));
  // Another zip (a Word document, an archive of files) is not a spreadsheet.
  if (!isWorkbook) throw new CensusFileError(CENSUS_FILE_MESSAGES.notCensus);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A spreadsheet cell as the text a person sees: dates as MM/DD/YYYY, formulas by their result. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date)
    return `${pad(value.getUTCMonth() + 1)}/${pad(value.getUTCDate())}/${value.getUTCFullYear()}`;
  if (typeof value === 'object') {
    const v = value as { richText?: { text: string }[]; result?: unknown; text?: unknown; error?: string };
    if (v.richText) return v.richText.map((part) => part.text).join('');
    if ('result' in v) return cellText(v.result);
    if (v.text !== undefined) return cellText(v.text);
    if (v.error) return v.error;
    return '';
  }
  return String(value as string | number | boolean);
}

async function* csvRows(bytes: Uint8Array): AsyncGenerator<string[]> {
  const parser = Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]).pipe(
    parseCsv({ bom: true, relax_column_count: true, skip_empty_lines: true, relax_quotes: true }),
  );
  try {
    for await (const record of parser) yield record as string[];
  } catch (error) {
    throw new CensusFileError(`${CENSUS_FILE_MESSAGES.unreadableCsv}: ${(error as Error).message}`);
  }
}

async function* xlsxRows(bytes: Uint8Array): AsyncGenerator<string[]> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(
    Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]),
    { worksheets: 'emit', sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', entries: 'ignore' },
  );
  try {
    for await (const sheet of reader) {
      for await (const row of sheet) {
        // row.values is 1-based: index 0 is empty.
        const values = (row.values as unknown[]).slice(1);
        yield Array.from(values, cellText);
      }
      return; // the first worksheet only
    }
  } catch (error) {
    if (error instanceof CensusFileError) throw error;
    throw new CensusFileError(CENSUS_FILE_MESSAGES.unreadableXlsx);
  }
}

/** Every row of the file as text cells, the header row first; blank rows are skipped. */
export async function* censusRows(bytes: Uint8Array, format: CensusFormat): AsyncGenerator<string[]> {
  let count = 0;
  for await (const cells of format === 'CSV' ? csvRows(bytes) : xlsxRows(bytes)) {
    if (cells.every((cell) => cell.trim() === '')) continue;
    if (++count > MAX_ROWS + 1) throw new CensusFileError(CENSUS_FILE_MESSAGES.tooManyRows);
    yield cells.map(fromSpreadsheetCell);
  }
}

/**
 * What an upload is checked for before it is stored: a CSV or XLSX, not a bomb, with a header row and at
 * least one row under it. Answers the format and the headers.
 */
export async function inspectCensusFile(
  bytes: Uint8Array,
): Promise<{ format: CensusFormat; headers: string[] }> {
  if (bytes.length === 0) throw new CensusFileError(CENSUS_FILE_MESSAGES.empty);
  const format = detectFormat(bytes);
  if (format === null) throw new CensusFileError(CENSUS_FILE_MESSAGES.notCensus);
  if (format === 'XLSX') checkArchive(bytes);
  let headers: string[] | null = null;
  for await (const cells of censusRows(bytes, format)) {
    if (headers === null) {
      headers = cells.map((cell) => cell.trim());
      continue;
    }
    return { format, headers };
  }
  throw new CensusFileError(headers === null ? CENSUS_FILE_MESSAGES.noHeader : CENSUS_FILE_MESSAGES.noRows);
}

/** The number of rows under the header, counted fast for progress: line breaks for CSV (approximate). */
export function estimateRows(bytes: Uint8Array, format: CensusFormat): number {
  if (format !== 'CSV') return 0;
  let lines = 0;
  for (let i = bytes.indexOf(10); i !== -1; i = bytes.indexOf(10, i + 1)) lines += 1;
  if (bytes.length > 0 && bytes[bytes.length - 1] !== 10) lines += 1;
  return Math.max(0, lines - 1);
}

/**
 * The error workbook: the file's rows as they are, with an Errors column, and every cell an issue names
 * highlighted with its message as a note. No cell is written as a formula: text that would start one gets
 * a leading `'` (spreadsheetCell), which censusRows takes off when the workbook comes back. Fixed and uploaded again as it is, it reads like the original
 * (the Errors column maps to no field).
 */
export async function errorWorkbook(
  bytes: Uint8Array,
  format: CensusFormat,
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
  let rowNumber = 0;
  for await (const cells of censusRows(bytes, format)) {
    rowNumber += 1;
    if (rowNumber === 1) {
      const header = sheet.addRow([...headers, 'Errors'].map(spreadsheetCell));
      header.font = { bold: true };
      header.commit();
      continue;
    }
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
