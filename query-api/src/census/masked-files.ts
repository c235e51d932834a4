import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import iconv from 'iconv-lite';
import {
  DEPENDANT_MASKED_FIELDS,
  MASKED_CENSUS_FIELDS,
  isDependantRow,
  maskCensusValue,
  withSerialDates,
  censusDecider,
  type CensusDocumentState,
  type CensusField,
  type CensusState,
} from '@onboard/domain/census';
import { cellText, fromSpreadsheetCell, spreadsheetCell } from '@onboard/domain';
import { foldWith } from '@onboard/domain';
import { censusStream, parseEvent, type CensusEvent, type EventStore } from '@onboard/events';

/**
 * The census files as they download by default: the file as uploaded and its error workbook, each in its
 * own format, with the personal cells of every row under the header masked as the screens show them
 * (SSN, date of birth, salary, home ZIP code; a dependant's name too). Which columns hold them is the
 * file's confirmed mapping; everything else stays as it was.
 */
type MaskedDocument = Pick<CensusDocumentState, 'mapping' | 'reading'>;

const MASKED_COLUMNS: readonly CensusField[] = [...MASKED_CENSUS_FIELDS, ...DEPENDANT_MASKED_FIELDS];

/**
 * The rows of a table masked in place: `rows` gives each row's texts (as the census reads them) and a
 * way to write a cell; rows are counted as the census counts them (blank ones skipped), so the header
 * and the title rows above it are left alone.
 */
function maskRows(
  document: MaskedDocument,
  rows: Iterable<{ texts: readonly string[]; write: (column: number, text: string) => void }>,
) {
  const { mapping, reading } = document;
  const columns = MASKED_COLUMNS.flatMap((field) => {
    const column = mapping[field];
    return column === undefined ? [] : [{ field, column }];
  });
  let rowNumber = 0;
  for (const { texts: read, write } of rows) {
    if (read.every((text) => text.trim() === '')) continue;
    rowNumber += 1;
    if (rowNumber <= reading.headerRow) continue;
    const texts = reading.format === 'XLSX' ? withSerialDates(read, mapping, reading.date1904) : read;
    const relationship = mapping.relationship === undefined ? undefined : texts[mapping.relationship];
    const dependant = isDependantRow(relationship);
    for (const { field, column } of columns) {
      const text = fromSpreadsheetCell(texts[column] ?? '');
      if (text.trim() === '') continue;
      const masked = maskCensusValue(field, text, dependant);
      if (masked !== text) write(column, spreadsheetCell(masked));
    }
  }
}

const bufferOf = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * A workbook masked: the sheets `keep` chooses, the others left out (nothing is known of what they hold).
 */
async function maskedWorkbook(
  bytes: Uint8Array,
  document: MaskedDocument,
  keep: (sheets: ExcelJS.Worksheet[]) => ExcelJS.Worksheet[],
) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bufferOf(bytes) as never);
  const kept = keep(workbook.worksheets);
  for (const sheet of workbook.worksheets) if (!kept.includes(sheet)) workbook.removeWorksheet(sheet.id);
  for (const sheet of kept) {
    const rows: { texts: string[]; write: (column: number, text: string) => void }[] = [];
    sheet.eachRow((row) => {
      const values = row.values as unknown[];
      rows.push({
        texts: Array.from({ length: Math.max(0, values.length - 1) }, (_, i) => cellText(values[i + 1])),
        write: (column, text) => {
          row.getCell(column + 1).value = text;
        },
      });
    });
    maskRows(document, rows);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A CSV masked, written back with the same delimiter, encoding and byte-order mark. */
function maskedCsv(bytes: Uint8Array, document: MaskedDocument): Buffer {
  const encoding = document.reading.encoding ?? 'UTF-8';
  const text = iconv.decode(bufferOf(bytes), encoding);
  const bom = text.charCodeAt(0) === 0xfeff;
  const delimiter = document.reading.delimiter ?? ',';
  const records = parse(bom ? text.slice(1) : text, {
    delimiter,
    relax_column_count: true,
    skip_empty_lines: true,
    relax_quotes: true,
  }) as string[][];
  maskRows(
    document,
    records.map((texts) => ({
      texts,
      write: (column, masked) => {
        texts[column] = masked;
      },
    })),
  );
  const record_delimiter = text.includes('\r\n') ? 'windows' : 'unix';
  return iconv.encode((bom ? '\ufeff' : '') + stringify(records, { delimiter, record_delimiter }), encoding);
}

/**
 * The census file as uploaded, masked, in its own format (CSV stays CSV, XLSX stays XLSX); of a workbook
 * only the census's sheet.
 */
export async function maskedCensusFile(bytes: Uint8Array, document: MaskedDocument): Promise<Buffer> {
  const { format, sheet } = document.reading;
  return format === 'CSV'
    ? maskedCsv(bytes, document)
    : maskedWorkbook(bytes, document, (sheets) =>
        sheets.filter((s, i) => (sheet === null ? i === 0 : s.name === sheet)),
      );
}

/**
 * The error workbook as it downloads by default: the rows under the header masked; everything else (the
 * errors, the highlights and their notes) as the census job wrote it.
 */
export const maskedErrorWorkbook = (bytes: Uint8Array, document: MaskedDocument): Promise<Buffer> =>
  maskedWorkbook(bytes, document, (sheets) => sheets);

/** The census of a policy, folded from `census-{clientId}-{policyId}` (a few files a policy). */
export const readCensusState = async (
  store: Pick<EventStore, 'readStream'>,
  clientId: string,
  policyId: string,
): Promise<CensusState> =>
  foldWith(
    censusDecider,
    (await store.readStream(censusStream(clientId, policyId))).map((r) => parseEvent(r) as CensusEvent),
  );
