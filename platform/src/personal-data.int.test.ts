import { beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { personalDataAccessStream } from '@onboard/events';
import { DEMO_CLIENT_ID } from './seed.ts';
import { apiClient, eventually } from './testing/http-client.ts';
import { seededAppForTests, type Api } from './testing/seeded-app.ts';

const POLICY_ID = 'policy-lakeside-1';
const census = `/api/clients/${DEMO_CLIENT_ID}/census/${POLICY_ID}`;
const HEADER =
  'Employee ID,First Name,Last Name,SSN,Date of Birth,Hire Date,Employee Class,Hours per week,Location,State,ZIP,Annual Salary';
// Planted personal data: none of it may reach a browser that did not reveal it.
const PEOPLE = [
  { ssn: '123-45-6789', born: '12/10/1985', salary: '85000' },
  { ssn: '234-56-7890', born: '03/22/1971', salary: '52000.00' },
  { ssn: '345-67-8901', born: '07/04/1990', salary: '131500' },
];
const row = (i: number, change: { ssn?: string; zip?: string } = {}) =>
  [
    `E${i}`,
    `First${i}`,
    `Last${i}`,
    change.ssn ?? PEOPLE[i - 1]!.ssn,
    PEOPLE[i - 1]!.born,
    '03/15/2020',
    'Salaried',
    '40',
    'Head office',
    'NY',
    change.zip ?? '10001',
    PEOPLE[i - 1]!.salary,
  ].join(',');
const csv = (rows: string[]) => new TextEncoder().encode(`${HEADER}\n${rows.join('\n')}\n`);
const NEW_SSN = '456-78-9012';
const planted = [...PEOPLE.flatMap((p) => [p.ssn, p.born, p.salary]), NEW_SSN];

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
// A family: an employee and a dependant whose name, date of birth and SSN are theirs alone.
const FAMILY = [`${row(1)},Employee`, 'E1,Mia,Lindqvist,567-89-0123,05/06/2015,,,,,NY,10001,,Child'];
const familyPlanted = ['Mia', 'Lindqvist', '567-89-0123', '05/06/2015', '10001', ...planted];

const cookieOf = (api: Api) => [...api.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

describe('personal data: masked on screen, revealed with a reason, every look in the access log', () => {
  const as: Record<'benAdmin' | 'broker' | 'admin' | 'owner', Api> = {} as never;
  let documentId = '';

  const upload = async (bytes: Uint8Array, name: string) => {
    const response = await fetch(`${portal.app.url}${census}/files`, {
      method: 'POST',
      headers: {
        cookie: cookieOf(as.benAdmin),
        'x-csrf-token': as.benAdmin.cookies.get('onboard_csrf')!,
        'content-type': name.endsWith('.xlsx') ? XLSX : 'text/csv',
        'x-file-name': name,
      },
      body: new Blob([bytes as Uint8Array<ArrayBuffer>]),
    });
    expect(response.status).toBe(201);
    const { document } = (await response.json()) as {
      document: { documentId: string; mapping: Record<string, number> };
    };
    const confirmed = await as.benAdmin.put(`${census}/validate-submit`, {
      documentId: document.documentId,
      mapping: document.mapping,
      source: 'HRIS',
    });
    expect(confirmed.status).toBe(200);
    await eventually(async () => {
      const list = (await as.benAdmin.get(`${census}/validate`)).body as {
        document: { documentId: string; status: string };
      }[];
      expect(list.find((e) => e.document.documentId === document.documentId)!.document.status).toBe(
        'VALIDATED',
      );
    });
    return document.documentId;
  };
  const workbook = async (response: Response) => {
    expect(response.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await response.arrayBuffer());
    return book.worksheets[0]!;
  };
  /** A POST answered as a file (fetch's Response, not the JSON client's). */
  const post = (api: Api, path: string, body: object) =>
    fetch(`${portal.app.url}${path}`, {
      method: 'POST',
      headers: {
        cookie: cookieOf(api),
        'x-csrf-token': api.cookies.get('onboard_csrf')!,
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
    });
  const looks = async () =>
    (await portal.app.store.readStream(personalDataAccessStream(DEMO_CLIENT_ID))).length;

  const portal = seededAppForTests('personal_data');
  beforeAll(async () => {
    const emails = {
      benAdmin: 'benadmin@onboard.example',
      broker: 'broker@onboard.example',
      admin: 'admin@onboard.example',
      owner: 'owner@onboard.example',
    } as const;
    for (const [role, email] of Object.entries(emails)) {
      as[role as keyof typeof emails] = apiClient(portal.app.url);
      await as[role as keyof typeof emails].signIn(email);
    }
    // Last year's census, clean and submitted; this year's changes one SSN and has a bad ZIP on each row.
    const last = await upload(csv([1, 2, 3].map((i) => row(i))), 'census-2025.csv');
    expect((await as.benAdmin.post(`${census}/submit`, { documentId: last })).status).toBe(200);
    documentId = await upload(
      csv([row(1, { zip: '123', ssn: NEW_SSN }), row(2, { zip: '123' }), row(3, { zip: '123' })]),
      'census-2026.csv',
    );
  });

  it('answers every role that can open a census the SSN’s last four, the year of birth and the salary band, never the value', async () => {
    for (const [role, api] of Object.entries(as)) {
      const validations = await api.get(`${census}/validate`);
      const grid = await api.get(`${census}/files/${documentId}/rows`);
      expect([validations.status, grid.status], role).toEqual([200, 200]);
      for (const value of planted) {
        expect(validations.text, `${role}: ${value}`).not.toContain(value);
        expect(grid.text, `${role}: ${value}`).not.toContain(value);
      }
      expect(
        grid.body.rows.map((r: { cells: Record<string, string> }) => r.cells),
        role,
      ).toEqual([
        expect.objectContaining({ ssn: '***-**-9012', dateOfBirth: '1985', salary: '$75,000–$99,999' }),
        expect.objectContaining({ ssn: '***-**-7890', dateOfBirth: '1971', salary: '$50,000–$74,999' }),
        expect.objectContaining({ ssn: '***-**-8901', dateOfBirth: '1990', salary: '$100,000–$149,999' }),
      ]);
      const mine = validations.body.find(
        (e: { document: { documentId: string } }) => e.document.documentId === documentId,
      );
      expect(mine.domainValidations.changes.changed[0].fields, role).toEqual(
        expect.arrayContaining([{ field: 'ssn', label: 'SSN', before: '***-**-6789', after: '***-**-9012' }]),
      );
      // The error workbook downloads masked for everyone.
      const sheet = await workbook(
        await fetch(`${portal.app.url}${census}/files/${documentId}/error-workbook`, {
          headers: { cookie: cookieOf(api) },
        }),
      );
      expect(
        [4, 5, 12].map((column) => sheet.getRow(2).getCell(column).value),
        role,
      ).toEqual(['***-**-9012', '1985', '$75,000–$99,999']);
    }
  });

  it('reveals one field to staff and the client’s benefits administrator with a reason, never to a broker', async () => {
    const reveal = (api: Api, body: object) => api.post(`${census}/files/${documentId}/reveal`, body);
    const before = await looks();
    expect((await reveal(as.broker, { row: 2, field: 'ssn', reason: 'Audit' })).status).toBe(403);
    const refused = await reveal(as.benAdmin, { row: 2, field: 'ssn', reason: 'Curious' });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('Choose why you need the full value');
    const unmaskedColumn = await reveal(as.benAdmin, { row: 2, field: 'state', reason: 'Audit' });
    expect(unmaskedColumn.status).toBe(400);
    expect(unmaskedColumn.text).toContain('State is shown in full already');
    const employeeName = await reveal(as.benAdmin, { row: 2, field: 'firstName', reason: 'Audit' });
    expect(employeeName.text).toContain('First name is shown in full already');
    expect((await reveal(as.benAdmin, { row: 9, field: 'ssn', reason: 'Audit' })).status).toBe(404);
    // Finding text in a masked column would tell what it holds: a broker may not.
    const probe = { field: 'ssn', find: PEOPLE[1]!.ssn, replaceWith: '' };
    expect((await as.broker.post(`${census}/files/${documentId}/replace`, probe)).status).toBe(403);
    expect(await looks()).toBe(before);

    const ssn = await reveal(as.benAdmin, { row: 2, field: 'ssn', reason: 'Correcting this row' });
    expect(ssn.status).toBe(200);
    expect(ssn.body).toEqual({ row: 2, field: 'ssn', value: NEW_SSN });
    const salary = await reveal(as.admin, { row: 3, field: 'salary', reason: 'Audit' });
    expect(salary.body).toEqual({ row: 3, field: 'salary', value: '52000.00' });
    expect(await looks()).toBe(before + 2);

    // A cell corrected without revealing it: the masked value stands for what it holds.
    const corrected = await as.benAdmin.put(`${census}/files/${documentId}/cells`, {
      row: 4,
      field: 'salary',
      seen: '$100,000–$149,999',
      value: '131600',
    });
    expect(corrected.status).toBe(200);
    expect(corrected.text).not.toContain('131600');
  });

  it('downloads the error workbook unmasked for staff only, with a reason, recorded', async () => {
    const unmasked = (api: Api, body: object) =>
      post(api, `${census}/files/${documentId}/error-workbook/unmasked`, body);
    const before = await looks();
    expect((await unmasked(as.benAdmin, { reason: 'Audit' })).status).toBe(403);
    expect((await unmasked(as.broker, { reason: 'Audit' })).status).toBe(403);
    expect((await unmasked(as.admin, {})).status).toBe(400);
    expect(await looks()).toBe(before);
    const sheet = await workbook(await unmasked(as.admin, { reason: 'Checking a data feed rejection' }));
    expect([4, 5, 12].map((column) => sheet.getRow(2).getCell(column).value)).toEqual([
      NEW_SSN,
      '12/10/1985',
      '85000',
    ]);
    expect(await looks()).toBe(before + 1);
  });

  it('lists every look for carrier owners, filtered by client, person and day, and exports them as CSV', async () => {
    expect((await as.admin.get('/api/personal-data-access')).status).toBe(403);
    expect((await as.benAdmin.get('/api/personal-data-access/export')).status).toBe(403);
    const all = await eventually(async () => {
      const answer = await as.owner.get('/api/personal-data-access');
      expect(answer.status).toBe(200);
      expect(answer.body.entries).toHaveLength(3);
      return answer.body;
    });
    expect(all.entries.map((e: Record<string, string>) => [e.kindLabel, e.person, e.what, e.reason])).toEqual(
      [
        [
          'Downloaded unmasked',
          'Adam Alvarez (Carrier admin)',
          'Error workbook of census-2026.csv',
          'Checking a data feed rejection',
        ],
        [
          'Revealed a field',
          'Adam Alvarez (Carrier admin)',
          'Annual salary of row 3 (employee E2) in census-2026.csv',
          'Audit',
        ],
        [
          'Revealed a field',
          'Ben Adler (Benefits administrator)',
          'SSN of row 2 (employee E1) in census-2026.csv',
          'Correcting this row',
        ],
      ],
    );
    expect(all.entries[0].clientName).toBe('Lakeside Manufacturing Co.');
    for (const value of planted) expect(JSON.stringify(all)).not.toContain(value);
    expect(all.clients).toEqual([{ id: DEMO_CLIENT_ID, name: 'Lakeside Manufacturing Co.' }]);
    const benAdminId = all.people.find((p: { name: string }) => p.name.startsWith('Ben Adler')).id;

    const filtered = async (query: string) =>
      (await as.owner.get(`/api/personal-data-access?${query}`)).body.entries.length;
    expect(await filtered(`userId=${benAdminId}`)).toBe(1);
    expect(await filtered(`clientId=${DEMO_CLIENT_ID}`)).toBe(3);
    expect(await filtered('clientId=another-client')).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect(await filtered(`from=${today}&to=${today}`)).toBe(3);
    expect(await filtered('to=2020-01-01')).toBe(0);
    expect(await filtered('from=2999-01-01')).toBe(0);
    expect((await as.owner.get('/api/personal-data-access?from=yesterday')).status).toBe(400);

    const exported = await as.owner.get(`/api/personal-data-access/export?userId=${benAdminId}`);
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toContain('text/csv');
    const records = parse(exported.text, { columns: true }) as Record<string, string>[];
    expect(records).toEqual([
      {
        'When (UTC)': all.entries[2].at,
        Client: 'Lakeside Manufacturing Co.',
        Person: 'Ben Adler (Benefits administrator)',
        'What happened': 'Revealed a field',
        What: 'SSN of row 2 (employee E1) in census-2026.csv',
        Reason: 'Correcting this row',
      },
    ]);
    const everything = await as.owner.get('/api/personal-data-access/export');
    expect(parse(everything.text, { columns: true })).toHaveLength(3);
  });

  const download = (api: Api, path: string) =>
    fetch(`${portal.app.url}${path}`, { headers: { cookie: cookieOf(api) } });
  let family = '';
  const familyHeader = `${HEADER},Relationship`;

  it('downloads a census file masked in its own format for every role, from the census and the documents screens', async () => {
    const bytes = new TextEncoder().encode(`${familyHeader}\n${FAMILY.join('\n')}\n`);
    family = await upload(bytes, 'census-family.csv');
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Census');
    for (const line of [familyHeader, ...FAMILY]) sheet.addRow(line.split(','));
    book.addWorksheet('Notes').addRow(['Payroll export of', PEOPLE[0]!.ssn]);
    const xlsx = await upload(new Uint8Array(await book.xlsx.writeBuffer()), 'census-family.xlsx');

    for (const [role, api] of Object.entries(as)) {
      const answer = await download(api, `${census}/files/${family}`);
      expect(answer.status, role).toBe(200);
      expect(answer.headers.get('content-type'), role).toContain('text/csv');
      const text = await answer.text();
      for (const value of familyPlanted) expect(text, `${role}: ${value}`).not.toContain(value);
      const [employee, child] = parse(text, { columns: true }) as Record<string, string>[];
      expect(employee, role).toMatchObject({
        'First Name': 'First1',
        SSN: '***-**-6789',
        'Date of Birth': '1985',
        ZIP: '100**',
        'Annual Salary': '$75,000–$99,999',
        State: 'NY',
      });
      expect(child, role).toMatchObject({
        'First Name': 'M.',
        'Last Name': 'L.',
        SSN: '***-**-0123',
        'Date of Birth': '2015',
      });
      // The documents screen lists the census file: it downloads the same masked file.
      const fromDocuments = await download(api, `/api/clients/${DEMO_CLIENT_ID}/documents/${family}`);
      expect(await fromDocuments.text(), role).toBe(text);

      const workbookAnswer = await download(api, `${census}/files/${xlsx}`);
      expect(workbookAnswer.headers.get('content-type'), role).toContain(XLSX);
      const masked = new ExcelJS.Workbook();
      await masked.xlsx.load(await workbookAnswer.arrayBuffer());
      // Only the census's sheet: nothing is known of what the others hold.
      expect(masked.worksheets.map((w) => w.name)).toEqual(['Census']);
      const cells = (r: number) =>
        [2, 3, 4, 5, 11, 12].map((c) => masked.worksheets[0]!.getRow(r).getCell(c).text);
      expect(cells(2), role).toEqual(['First1', 'Last1', '***-**-6789', '1985', '100**', '$75,000–$99,999']);
      expect(cells(3), role).toEqual(['M.', 'L.', '***-**-0123', '2015', '100**', '']);
    }
  });

  it('downloads a census file as uploaded for a role that may reveal, with a reason, recorded; never for a broker', async () => {
    const path = `${census}/files/${family}/unmasked`;
    const before = await looks();
    expect((await post(as.broker, path, { reason: 'Audit' })).status).toBe(403);
    expect((await post(as.benAdmin, path, {})).status).toBe(400);
    expect(await looks()).toBe(before);
    const original = await post(as.benAdmin, path, { reason: 'Member asked for a correction' });
    expect(original.status).toBe(200);
    const text = await original.text();
    expect(text).toContain('Mia,Lindqvist,567-89-0123,05/06/2015');
    expect(text).toContain(PEOPLE[0]!.ssn);
    expect(await looks()).toBe(before + 1);
  });

  it('reveals a value of the change view before or after the change with a reason, recorded; never to a broker', async () => {
    const path = `${census}/files/${documentId}/changes/reveal`;
    const body = { person: 0, employeeId: 'E1', field: 'ssn', change: 'BEFORE', reason: 'Audit' };
    const before = await looks();
    expect((await as.broker.post(path, body)).status).toBe(403);
    expect((await as.benAdmin.post(path, { ...body, employeeId: 'E2' })).status).toBe(404);
    expect((await as.benAdmin.post(path, { ...body, reason: 'Curious' })).status).toBe(400);
    expect(await looks()).toBe(before);
    const was = await as.benAdmin.post(path, body);
    expect(was.body).toEqual({ value: PEOPLE[0]!.ssn });
    const now = await as.admin.post(path, { ...body, change: 'AFTER', reason: 'Correcting this row' });
    expect(now.body).toEqual({ value: NEW_SSN });
    expect(await looks()).toBe(before + 2);

    const log = await eventually(async () => {
      const answer = await as.owner.get('/api/personal-data-access');
      expect(answer.body.entries).toHaveLength(6);
      return answer.body.entries as Record<string, string>[];
    });
    expect(log.slice(0, 3).map((e) => [e.person, e.what, e.reason])).toEqual([
      [
        'Adam Alvarez (Carrier admin)',
        'SSN after the change of employee E1 in census-2026.csv',
        'Correcting this row',
      ],
      [
        'Ben Adler (Benefits administrator)',
        'SSN before the change of employee E1 in census-2026.csv',
        'Audit',
      ],
      [
        'Ben Adler (Benefits administrator)',
        'Census file census-family.csv as uploaded',
        'Member asked for a correction',
      ],
    ]);
  });
});
