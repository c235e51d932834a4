import ExcelJS from 'exceljs';
import { MASKED_CENSUS_FIELDS, maskCensusValue, type CensusDocumentState } from '@onboard/domain/census';
import { fromSpreadsheetCell, spreadsheetCell } from '@onboard/domain';

/**
 * The error workbook as it downloads by default: the rows under the header with their SSN, date of birth
 * and salary cells masked as the screens show them; everything else (the errors, the highlights and their
 * notes) as the census job wrote it.
 */
export async function maskedErrorWorkbook(
  bytes: Uint8Array,
  document: Pick<CensusDocumentState, 'mapping' | 'reading'>,
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as never);
  const columns = MASKED_CENSUS_FIELDS.flatMap((field) => {
    const column = document.mapping[field];
    return column === undefined ? [] : [{ field, column: column + 1 }];
  });
  workbook.eachSheet((sheet) => {
    sheet.eachRow((row, rowNumber) => {
      if (rowNumber <= document.reading.headerRow) return;
      for (const { field, column } of columns) {
        const cell = row.getCell(column);
        if (cell.value === null || cell.value === undefined) continue;
        cell.value = spreadsheetCell(maskCensusValue(field, fromSpreadsheetCell(cell.text)));
      }
    });
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
