import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { censusStream, parseEvent, type CensusEvent } from '@onboard/events';
import { foldWith } from '@onboard/domain';
import { censusDecider, correctionsByRow } from '@onboard/domain/census';
import { validateCensusFile } from '@onboard/command-api/census';
import { DEMO_CLIENT_ID } from './seed.ts';
import { submitCensus } from './testing/census.ts';
import { eventually } from './testing/http-client.ts';
import { seededAppForTests } from './testing/seeded-app.ts';

const POLICY_ID = 'policy-lakeside-1';
const census = `/api/clients/${DEMO_CLIENT_ID}/census/${POLICY_ID}`;
const HEADER =
  'Employee ID,First Name,Last Name,SSN,Date of Birth,Hire Date,Employee Class,Hours per week,Location,State,ZIP,Annual Salary';
const SSNS = ['123-45-6789', '234-56-7890', '345-67-8901', '456-78-9012', '567-89-0123'];
const person = (i: number, change: { ssn?: string; state?: string; zip?: string } = {}) =>
  [
    `E${i}`,
    `First${i}`,
    `Last${i}`,
    change.ssn ?? SSNS[i - 1],
    '12/10/1985',
    '03/15/2020',
    'Salaried',
    '40',
    'Head office',
    change.state ?? 'NY',
    change.zip ?? '10001',
    '85000',
  ].join(',');
const csv = (rows: string[]) => new TextEncoder().encode(`${HEADER}\n${rows.join('\n')}\n`);

type Grid = {
  rows: { row: number; cells: Record<string, string>; issues: { rule: string; field: string }[] }[];
};

// Corrections where the census is read, over HTTP: each an event, revalidated against the whole file,
// a concurrent correction of one cell a conflict, and the census the file plus its corrections.
describe('census corrections over HTTP', () => {
  const upload = async (bytes: Uint8Array, name: string) => {
    const { documentId } = await submitCensus(
      portal.benAdmin,
      census,
      { bytes, name, type: 'text/csv' },
      'HRIS',
    );
    await eventually(async () => expect((await mine(documentId)).document.status).toBe('VALIDATED'));
    return documentId;
  };
  const mine = async (documentId: string) => {
    const list = (await portal.benAdmin.get(`${census}/validate`)).body as {
      document: {
        documentId: string;
        status: string;
        corrections: number;
        outputsCurrent: boolean;
        errorWorkbookDocumentId: string | null;
      };
      domainValidations: {
        report: { counts: { ERROR: number }; groups: { rule: string; rows: number[] }[] } | null;
        changes: {
          totals: { changed: number };
          changed: { name: string; fields: { label: string; before: string; after: string }[] }[];
        } | null;
      };
    }[];
    return list.find((entry) => entry.document.documentId === documentId)!;
  };
  const events = async () =>
    (await portal.app.store.readStream(censusStream(DEMO_CLIENT_ID, POLICY_ID))).map(
      (r) => parseEvent(r) as CensusEvent,
    );
  const cell = (documentId: string, body: object, api = portal.benAdmin) =>
    api.put(`${census}/files/${documentId}/cells`, body);

  const portal = seededAppForTests('census_corrections', ['benAdmin', 'broker']);

  it('corrects flagged cells one at a time and by find-and-replace, conflicts instead of overwriting, and submits the file plus its corrections', async () => {
    // Last year's census, clean and submitted: the change view compares with it.
    const last = await upload(csv([1, 2, 3, 4, 5].map((i) => person(i))), 'census-2025.csv');
    expect((await portal.benAdmin.post(`${census}/submit`, { documentId: last })).status).toBe(200);

    const documentId = await upload(
      csv([
        person(1, { ssn: '12-3456' }),
        person(2, { zip: '123' }),
        person(3),
        person(4, { state: 'ZZ' }),
        person(5, { state: 'ZZ' }),
      ]),
      'census-2026.csv',
    );
    const grid = (await portal.benAdmin.get(`${census}/files/${documentId}/rows`)).body as Grid;
    expect(grid.rows.map((r) => [r.row, r.issues.map((i) => i.rule)])).toEqual([
      [2, ['SSN_FORMAT']],
      [3, ['ZIP_FORMAT']],
      [5, ['STATE_FORMAT']],
      [6, ['STATE_FORMAT']],
    ]);

    // One cell: an SSN that another row (row 4) already has makes row 4 a duplicate, found at once.
    const duplicate = await cell(documentId, { row: 2, field: 'ssn', seen: '12-3456', value: SSNS[2] });
    expect(duplicate.status).toBe(200);
    const duplicated = (duplicate.body as { grid: Grid }).grid.rows;
    expect(duplicated.find((r) => r.row === 2)!.issues).toEqual([]);
    expect(duplicated.find((r) => r.row === 4)!.issues).toEqual([
      expect.objectContaining({ rule: 'DUPLICATE_SSN', field: 'ssn' }),
    ]);
    const fixed = await cell(documentId, { row: 2, field: 'ssn', seen: SSNS[2], value: SSNS[0] });
    expect(fixed.status).toBe(200);
    expect(fixed.body.result.domainValidations.report.counts.ERROR).toBe(3);
    expect(fixed.body.grid.rows.find((r: { row: number }) => r.row === 4).issues).toEqual([]);

    // Bad input is refused with its reason and records nothing.
    const corrections = async () => (await events()).filter((e) => e.type === 'CensusCellsCorrected').length;
    const before = await corrections();
    const refusals: [object, number, string][] = [
      [
        { row: 3, field: 'zip', seen: '123', value: 'x'.repeat(201) },
        400,
        'A cell holds at most 200 characters',
      ],
      [{ row: 7, field: 'zip', seen: '', value: '10002' }, 400, 'Row 7 is not one of the rows with problems'],
      [{ row: 3, field: 'email', seen: '', value: 'a@b.example' }, 400, 'The file has no column for E-mail'],
      [
        { row: 3, field: 'zip', seen: '123', value: '123' },
        400,
        'Nothing to change: the cell already holds this value',
      ],
    ];
    for (const [body, status, message] of refusals) {
      const answer = await cell(documentId, body);
      expect(answer.status, message).toBe(status);
      expect(answer.text, message).toContain(message);
    }
    expect(await corrections()).toBe(before);

    // Two people correct the same cell at the same moment: one is recorded, the other is told, not overwritten.
    const race = await Promise.all([
      cell(documentId, { row: 3, field: 'zip', seen: '123', value: '10002' }),
      cell(documentId, { row: 3, field: 'zip', seen: '123', value: '10003' }, portal.broker),
    ]);
    expect(race.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = race[0]!.status === 200 ? '10002' : '10003';
    const zipCorrections = (await events()).filter(
      (e) => e.type === 'CensusCellsCorrected' && e.data.cells.some((c) => c.row === 3 && c.field === 'zip'),
    );
    expect(zipCorrections).toHaveLength(1);
    // Whoever saw the old value is told what the cell holds now.
    const stale = await cell(documentId, { row: 3, field: 'zip', seen: '123', value: '10009' });
    expect(stale.status).toBe(409);
    // The value in the message is masked as everywhere (a home ZIP code as its first three digits).
    expect(stale.text).toContain(`to “${winner.slice(0, 3)}**” meanwhile`);
    expect((await cell(documentId, { row: 3, field: 'zip', seen: winner, value: '10001' })).status).toBe(200);

    // The error workbook is written again with the corrected values, once the corrections are in it.
    const current = await eventually(async () => {
      const entry = await mine(documentId);
      expect(entry.document.outputsCurrent).toBe(true);
      return entry;
    });
    const response = await fetch(`${portal.app.url}${census}/files/${documentId}/error-workbook`, {
      headers: { cookie: [...portal.benAdmin.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(response.status).toBe(200);
    expect(current.document.errorWorkbookDocumentId).not.toBeNull();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    // Masked by default: the SSN's last four digits.
    expect(sheet.getRow(2).getCell(4).value).toBe('***-**-6789');
    // The corrected home ZIP (it read 123), masked as its first three digits.
    expect(sheet.getRow(3).getCell(11).value).toBe('100**');
    expect(sheet.getRow(2).getCell(13).value ?? '').toBe('');
    expect(String(sheet.getRow(5).getCell(13).value)).toContain('US state code');

    // Find-and-replace over a column: both ZZ states in one correction, each cell from what to what.
    expect(
      (
        await portal.benAdmin.post(`${census}/files/${documentId}/replace`, {
          field: 'state',
          find: 'QQ',
          replaceWith: 'NY',
        })
      ).text,
    ).toContain('No State of the rows with problems contains “QQ”');
    const replaced = await portal.benAdmin.post(`${census}/files/${documentId}/replace`, {
      field: 'state',
      find: 'ZZ',
      replaceWith: 'NY',
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.result.domainValidations.report.counts.ERROR).toBe(0);
    const replacement = (await events()).at(-1)!;
    expect(replacement).toMatchObject({
      type: 'CensusCellsCorrected',
      data: {
        replace: { field: 'state', find: 'ZZ', replaceWith: 'NY' },
        cells: [
          { row: 5, field: 'state', before: 'ZZ', after: 'NY' },
          { row: 6, field: 'state', before: 'ZZ', after: 'NY' },
        ],
        by: { role: 'BEN_ADMIN' },
      },
    });
    expect((await cell(documentId, { row: 5, field: 'state', seen: 'NY', value: 'NJ' })).status).toBe(200);

    // The change view holds the corrected values: only E4 moved (to NJ) since last year.
    const rewritten = await eventually(async () => {
      const entry = await mine(documentId);
      expect(entry.document.outputsCurrent).toBe(true);
      return entry;
    });
    expect(rewritten.document.errorWorkbookDocumentId).toBeNull();
    expect(rewritten.domainValidations.changes!.totals.changed).toBe(1);
    expect(rewritten.domainValidations.changes!.changed).toEqual([
      expect.objectContaining({
        name: 'First4 Last4',
        fields: [expect.objectContaining({ label: 'State', before: 'NY', after: 'NJ' })],
      }),
    ]);

    // The census is reproducible from the stream: the file plus its corrections validates to the report.
    const state = foldWith(censusDecider, await events());
    const document = state.documents.get(documentId)!;
    // The file as uploaded (it downloads masked by default), asked for with a reason.
    const file = await fetch(`${portal.app.url}${census}/files/${documentId}/unmasked`, {
      method: 'POST',
      headers: {
        cookie: [...portal.benAdmin.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-csrf-token': portal.benAdmin.cookies.get('onboard_csrf')!,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ reason: 'Correcting this row' }),
    });
    expect(file.status).toBe(200);
    const again = await validateCensusFile(
      new Uint8Array(await file.arrayBuffer()),
      'CSV',
      document.mapping,
      {
        signed: false,
        classes: [],
        locations: [],
        domesticPartnersEligible: false,
        childAgeLimit: 26,
        asOf: '2026-01-01',
      },
      { keepPeople: false, corrections: correctionsByRow(document) },
    );
    expect(again.report.counts).toEqual(document.report!.counts);
    expect(again.report.issues).toEqual(document.report!.issues);

    const submitted = await portal.benAdmin.post(`${census}/submit`, { documentId });
    expect(submitted.status).toBe(200);
    expect((await cell(documentId, { row: 5, field: 'state', seen: 'NJ', value: 'NY' })).status).toBe(400);
  });
});
