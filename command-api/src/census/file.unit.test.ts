import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { zipSync } from 'fflate';
import { missingColumns, rowOf, suggestMapping, type CensusReading } from '@onboard/domain/census';
import {
  CENSUS_FILE_MESSAGES,
  censusRows,
  censusTableRows,
  errorWorkbook,
  estimateRows,
  inspectCensusFile,
} from './file.ts';
import { FIXTURE_HEADERS, censusFixtures } from './fixtures/make.ts';

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
      CENSUS_FILE_MESSAGES.notATable('a Word document'),
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
          [
            {
              row: 3,
              field: 'ssn',
              rule: 'SSN_FORMAT',
              severity: 'ERROR',
              message: 'SSN must be 9 digits, like 123-45-6789: this one has 3',
            },
          ],
        ],
      ]),
    );
    expect(await inspectCensusFile(workbook)).toMatchObject({
      format: 'XLSX',
      headers: ['Employee ID', 'SSN', 'Errors'],
    });
    expect(await rowsOf(workbook, 'XLSX')).toEqual([
      ['Employee ID', 'SSN', 'Errors'],
      ['E1', '123-45-6789', ''],
      ['E2', '12-3', 'SSN must be 9 digits, like 123-45-6789: this one has 3'],
    ]);
  });
});

const fixture = (name: string) => readFile(new URL(`./fixtures/${name}`, import.meta.url));

/** The people of a file as the validation reads them: each row through the confirmed mapping. */
async function peopleOf(bytes: Uint8Array, reading: CensusReading, headers: string[]) {
  const mapping = suggestMapping(headers);
  const people = [];
  for await (const { rowNumber, cells } of censusTableRows(bytes, reading, mapping))
    people.push({ rowNumber, ...rowOf(cells, mapping) });
  return people;
}

describe('reading the census files Excel and payroll systems write (fixtures from npm run census:fixtures)', () => {
  it('the committed fixtures are the ones the script makes', async () => {
    const made = await censusFixtures();
    for (const name of Object.keys(made).filter((n) => !n.endsWith('.xlsx')))
      expect(Buffer.compare(await fixture(name), made[name]!), name).toBe(0);
  });

  it.each([
    ['semicolon.csv', ';', 'UTF-8'],
    ['tab.txt', '\t', 'UTF-8'],
    ['pipe.csv', '|', 'UTF-8'],
    ['utf8-bom.csv', ',', 'UTF-8'],
    ['unicode-text.txt', '\t', 'UTF-16LE'],
    ['windows-1252.csv', ',', 'windows-1252'],
  ])('reads %s: delimiter and encoding detected, accented names right', async (name, delimiter, encoding) => {
    const bytes = await fixture(name);
    const { format, headers, reading } = await inspectCensusFile(bytes);
    expect(format).toBe('CSV');
    expect(reading).toMatchObject({ delimiter, encoding, detectedEncoding: encoding, headerRow: 1 });
    expect(headers).toEqual(FIXTURE_HEADERS);
    expect(missingColumns(suggestMapping(headers))).toEqual([]);
    const people = await peopleOf(bytes, reading, headers);
    expect(people).toHaveLength(3);
    expect(people[0]).toMatchObject({
      rowNumber: 2,
      firstName: 'José',
      lastName: 'Muñoz',
      ssn: '123-45-6789',
      dateOfBirth: '01/18/1966',
    });
    expect(people[1]).toMatchObject({ firstName: 'Zoë', relationship: 'Spouse' });
    expect(estimateRows(bytes, reading)).toBe(3);
  });

  it('reads a Windows-1252 file wrongly as UTF-8 only when told to, and rightly again with its encoding', async () => {
    const bytes = await fixture('windows-1252.csv');
    const asUtf8 = await inspectCensusFile(bytes, { encoding: 'UTF-8' });
    expect(asUtf8.reading).toMatchObject({ encoding: 'UTF-8', detectedEncoding: 'windows-1252' });
    expect((await peopleOf(bytes, asUtf8.reading, asUtf8.headers))[0]!.firstName).toBe('Jos\uFFFD');
    const again = await inspectCensusFile(bytes, { encoding: 'windows-1252' });
    expect((await peopleOf(bytes, again.reading, again.headers))[0]!.firstName).toBe('José');
  });

  it('reads an XLSX: the sheet with the census among three, the header under two title rows, serial dates as dates, trailing empty columns left out', async () => {
    const bytes = await fixture('three-sheets.xlsx');
    const { format, headers, reading } = await inspectCensusFile(bytes);
    expect(format).toBe('XLSX');
    expect(reading).toMatchObject({ sheet: 'Census', sheets: ['Read me', 'Census', 'Totals'], headerRow: 3 });
    expect(headers).toEqual(FIXTURE_HEADERS);
    const people = await peopleOf(bytes, reading, headers);
    expect(people.map((p) => [p.rowNumber, p.firstName, p.dateOfBirth, p.hireDate])).toEqual([
      [4, 'José', '01/18/1966', '03/15/2020'],
      [5, 'Zoë', '01/28/1967', ''],
      [6, 'Ada', '12/09/1985', '03/15/2021'],
    ]);
    // Another sheet is read when chosen; one that is not there is refused by name.
    const readMe = inspectCensusFile(bytes, { sheet: 'Read me' });
    await expect(readMe).rejects.toThrow(CENSUS_FILE_MESSAGES.noRows);
    await expect(inspectCensusFile(bytes, { sheet: 'Payroll' })).rejects.toThrow(
      CENSUS_FILE_MESSAGES.noSheet('Payroll'),
    );
  });

  it('reads every sheet of an XLSX whose workbook part is stored last, every time (the streamed archive once lost it at random)', async () => {
    const bytes = await fixture('three-sheets.xlsx');
    const reads = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const read = await inspectCensusFile(bytes).then(
        async ({ reading, headers }) =>
          `${reading.sheet}:${(await peopleOf(bytes, reading, headers)).length}`,
        (error: Error) => error.message,
      );
      reads.add(read);
    }
    expect([...reads]).toEqual(['Census:3']);
  });

  it('writes the error workbook of an XLSX with its title rows, so rows keep their numbers, and its dates as dates', async () => {
    const bytes = await fixture('three-sheets.xlsx');
    const { headers, reading } = await inspectCensusFile(bytes);
    const issue = { row: 6, field: 'ssn' as const, rule: 'SSN_FORMAT' as const, severity: 'ERROR' as const };
    const workbook = await errorWorkbook(
      bytes,
      reading,
      headers,
      suggestMapping(headers),
      new Map([[6, [{ ...issue, message: 'wrong' }]]]),
    );
    const back = await inspectCensusFile(workbook);
    expect(back.reading.headerRow).toBe(3);
    const people = await peopleOf(workbook, back.reading, back.headers);
    expect(people.map((p) => [p.rowNumber, p.dateOfBirth])).toEqual([
      [4, '01/18/1966'],
      [5, '01/28/1967'],
      [6, '12/09/1985'],
    ]);
  });

  it('refuses a PDF renamed .csv and a letter saved as .txt, saying what each is', async () => {
    await expect(inspectCensusFile(await fixture('renamed-pdf.csv'))).rejects.toThrow(
      'This file is a PDF document, not a table: upload the census as a CSV or XLSX file',
    );
    await expect(inspectCensusFile(await fixture('letter.txt'))).rejects.toThrow(CENSUS_FILE_MESSAGES.text);
    await expect(
      inspectCensusFile(
        new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, ...new Uint8Array(600)]),
      ),
    ).rejects.toThrow(/Excel 97–2003 workbook/);
  });
});
