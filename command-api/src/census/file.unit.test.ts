import { describe, expect, it } from 'vitest';
import { zipSync } from 'fflate';
import { suggestMapping } from '@onboard/domain/census';
import { CENSUS_FILE_MESSAGES, censusRows, errorWorkbook, estimateRows, inspectCensusFile } from './file.ts';

const text = (s: string) => new TextEncoder().encode(s);
const rowsOf = async (bytes: Uint8Array, format: 'CSV' | 'XLSX') => {
  const rows: string[][] = [];
  for await (const row of censusRows(bytes, format)) rows.push(row);
  return rows;
};

describe('reading a census file', () => {
  it('reads CSV with a byte-order mark, quoted commas and blank lines', async () => {
    const csv = text('\uFEFFEmployee ID,Location\nE1,"Plant 2, north"\n\nE2,Head office\n');
    expect(await rowsOf(csv, 'CSV')).toEqual([
      ['Employee ID', 'Location'],
      ['E1', 'Plant 2, north'],
      ['E2', 'Head office'],
    ]);
    expect(estimateRows(csv, 'CSV')).toBe(3);
  });

  it('refuses what is not a census, naming the problem', async () => {
    await expect(inspectCensusFile(new Uint8Array())).rejects.toThrow(CENSUS_FILE_MESSAGES.empty);
    await expect(inspectCensusFile(new Uint8Array([0, 1, 2, 3]))).rejects.toThrow(
      CENSUS_FILE_MESSAGES.notCensus,
    );
    await expect(inspectCensusFile(text('Employee ID\n'))).rejects.toThrow(CENSUS_FILE_MESSAGES.noRows);
    const bomb = zipSync({ 'xl/worksheets/sheet1.xml': new Uint8Array(30 * 1024 * 1024) }, { level: 9 });
    await expect(inspectCensusFile(bomb)).rejects.toThrow(/compressed-size bomb/);
    await expect(inspectCensusFile(zipSync({ 'word/document.xml': text('<w/>') }))).rejects.toThrow(
      CENSUS_FILE_MESSAGES.notCensus,
    );
    await expect(inspectCensusFile(new Uint8Array([0x50, 0x4b, 3, 4, 9, 9]))).rejects.toThrow(
      CENSUS_FILE_MESSAGES.unreadableXlsx,
    );
  });

  it('writes an error workbook that reads back as the same rows with an Errors column', async () => {
    const headers = ['Employee ID', 'SSN'];
    const csv = text('Employee ID,SSN\nE1,123-45-6789\nE2,12-3\n');
    const workbook = await errorWorkbook(
      csv,
      'CSV',
      headers,
      suggestMapping(headers),
      new Map([
        [
          3,
          [{ row: 3, field: 'ssn', rule: 'SSN_FORMAT', severity: 'ERROR', message: 'SSN must be 9 digits' }],
        ],
      ]),
    );
    expect(await inspectCensusFile(workbook)).toEqual({
      format: 'XLSX',
      headers: ['Employee ID', 'SSN', 'Errors'],
    });
    expect(await rowsOf(workbook, 'XLSX')).toEqual([
      ['Employee ID', 'SSN', 'Errors'],
      ['E1', '123-45-6789', ''],
      ['E2', '12-3', 'SSN must be 9 digits'],
    ]);
  });
});
