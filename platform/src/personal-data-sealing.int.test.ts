import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catchUp, resetConsumer } from '@onboard/events';
import { maskSsn } from '@onboard/domain/census';
import { projections } from '@onboard/projections';
import { verifyEvidencePack } from '@onboard/query-api/evidence-pack';
import { seededDatabase } from '@onboard/testing/db';
import { connectEventStore, startApp, type RunningApp } from './app.ts';
import { embeddedTestConfig, type AppConfig } from './config.ts';
import { DEMO_CLIENT_ID, DEMO_EXPLORER_PAGE_ID } from './seed.ts';
import { answerEveryRequiredQuestion } from './testing/complete-eif.ts';
import { submitCensus } from './testing/census.ts';
import { apiClient, eventually } from './testing/http-client.ts';

type Api = ReturnType<typeof apiClient>;
const POLICY_ID = 'policy-lakeside-1';
const census = `/api/clients/${DEMO_CLIENT_ID}/census/${POLICY_ID}`;
const HEADER =
  'Employee ID,First Name,Last Name,SSN,Date of Birth,Hire Date,Employee Class,Hours per week,Location,State,ZIP,Annual Salary';

/** Planted people: each SSN and date of birth is searched for in the database in every common rendering. */
const PEOPLE = [
  { id: 'E1', first: 'Ada', last: 'Quillfeather', ssn: '555-12-3456', dob: [1980, 4, 2] },
  { id: 'E2', first: 'Basil', last: 'Thornbury', ssn: '110-20-1010', dob: [1975, 12, 31] },
  { id: 'E3', first: 'Cora', last: 'Wexley', ssn: '231-45-6789', dob: [1990, 7, 19] },
] as const;
const pad = (n: number) => String(n).padStart(2, '0');
const renderings = ({ ssn, dob: [y, m, d] }: (typeof PEOPLE)[number]) => [
  ssn,
  ssn.replaceAll('-', ''),
  ssn.replaceAll('-', ' '),
  `${y}-${pad(m)}-${pad(d)}`,
  `${pad(m)}/${pad(d)}/${y}`,
  `${m}/${d}/${y}`,
  `${y}${pad(m)}${pad(d)}`,
  `${pad(m)}-${pad(d)}-${y}`,
];
// Each row has a ZIP of four digits, so every row has a problem and its cells are kept in the events.
const csv = () =>
  [
    HEADER,
    ...PEOPLE.map(
      (p) =>
        `${p.id},${p.first},${p.last},${p.ssn},${pad(p.dob[1])}/${pad(p.dob[2])}/${p.dob[0]},03/15/2020,Salaried,40,Head office,NY,1000,85000`,
    ),
  ].join('\n');

/** Every text, JSON and byte value of every table of the database, as one searchable text per table. */
async function dumpDatabase(pool: pg.Pool): Promise<Map<string, string>> {
  const { rows: tables } = await pool.query<{ schema: string; table: string }>(
    `select table_schema as schema, table_name as table from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`,
  );
  const dump = new Map<string, string>();
  for (const { schema, table } of tables) {
    const { rows } = await pool.query(`select * from "${schema}"."${table}"`);
    const text = rows
      .map((row: Record<string, unknown>) =>
        Object.values(row)
          .map((v) =>
            Buffer.isBuffer(v) ? v.toString('latin1') : typeof v === 'object' ? JSON.stringify(v) : String(v),
          )
          .join('\u0001'),
      )
      .join('\n');
    dump.set(`${schema}.${table}`, text);
  }
  return dump;
}

/** Free text people type about people: a conversation's message and a support chat's. */
const MESSAGE = 'Her manager says the hire date was a typo';
const CHAT = 'My spouse was dropped from the dental plan';
const chats = `/api/explorer-pages/${DEMO_EXPLORER_PAGE_ID}/support/conversations`;

function plantedIn(dump: Map<string, string>): string[] {
  const found: string[] = [];
  for (const value of [...PEOPLE.flatMap((p) => [...renderings(p), p.last]), MESSAGE, CHAT])
    for (const [table, text] of dump) if (text.includes(value)) found.push(`${value} in ${table}`);
  return found;
}

describe('personal data at rest and its erasure', () => {
  let app: RunningApp;
  let config: AppConfig;
  let benAdmin: Api;
  let owner: Api;
  let admin: Api;
  let documentId: string;
  let errorWorkbookDocumentId: string;
  let visitor: Api;
  let chatId: string;

  const rows = async () =>
    (await benAdmin.get(`${census}/files/${documentId}/rows`)).body as {
      rows: { row: number; cells: Record<string, string>; corrected: Record<string, string> }[];
    };
  /** The full value of one cell, as a reveal gives it (the grid shows SSNs masked). */
  const revealed = async (row: number, field: string) =>
    (
      (await benAdmin.post(`${census}/files/${documentId}/reveal`, { row, field, reason: 'Audit' })).body as {
        value: string;
      }
    ).value;
  const packOf = async () => {
    const cookie = [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(`${app.url}/api/clients/${DEMO_CLIENT_ID}/evidence-pack`, {
      headers: { cookie },
    });
    expect(res.status).toBe(200);
    return new Uint8Array(await res.arrayBuffer());
  };
  /** The conversation's messages and the support chat's, as served. */
  const messages = async () => {
    const threads = (await benAdmin.get(`/api/clients/${DEMO_CLIENT_ID}/conversations`)).body as {
      threads: { entries: { text: string | null }[] }[];
    };
    const chat = (await visitor.get(`${chats}/${chatId}`)).body as { messages: { text: string }[] };
    return {
      conversation: threads.threads.flatMap((t) => t.entries.map((e) => e.text)),
      chat: chat.messages.map((m) => m.text),
    };
  };
  const erase = (api: Api, body: Record<string, unknown>) =>
    api.post(`/api/clients/${DEMO_CLIENT_ID}/personal-data/erasure`, body);

  beforeAll(async () => {
    config = embeddedTestConfig(await seededDatabase('personal_data'), { webDist: null });
    app = await startApp(config);
    benAdmin = apiClient(app.url);
    owner = apiClient(app.url);
    admin = apiClient(app.url);
    await benAdmin.signIn('benadmin@onboard.example');
    await owner.signIn('owner@onboard.example');
    await admin.signIn('admin@onboard.example');
    await answerEveryRequiredQuestion(benAdmin, DEMO_CLIENT_ID);
    expect((await benAdmin.post(`/api/clients/${DEMO_CLIENT_ID}/eif/sign`)).status).toBe(200);

    documentId = (
      await submitCensus(benAdmin, census, { bytes: csv(), name: 'census.csv' }, 'BEN_ADMIN_PLATFORM')
    ).documentId;
    errorWorkbookDocumentId = await eventually(async () => {
      const list = (await benAdmin.get(`${census}/validate`)).body as {
        document: { status: string; errorWorkbookDocumentId: string | null };
      }[];
      expect(list[0]!.document.status).toBe('VALIDATED');
      return list[0]!.document.errorWorkbookDocumentId!;
    });
    const corrected = async (correction: { row: number; field: string; seen: string; value: string }) =>
      expect((await benAdmin.put(`${census}/files/${documentId}/cells`, correction)).status).toBe(200);
    // A correction of a date of birth: its before and after are personal data too.
    await corrected({ row: 4, field: 'dateOfBirth', seen: '07/19/1990', value: '1990-07-19' });
    // A correction of the first employee's ZIP: erasing that employee erases it too.
    await corrected({ row: 2, field: 'zip', seen: '1000', value: '10010' });

    const thread = await benAdmin.post(`/api/clients/${DEMO_CLIENT_ID}/conversations`, {
      subject: { type: 'CENSUS_ROW', key: `${POLICY_ID}/${documentId}/2`, label: 'Row 2 of census.csv' },
      text: MESSAGE,
      mentions: [],
    });
    expect(thread.status).toBe(201);
    visitor = apiClient(app.url);
    await visitor.get('/api/auth/csrf');
    const chat = await visitor.post(chats, { language: 'en' });
    expect(chat.status).toBe(201);
    chatId = chat.body.conversationId as string;
    expect((await visitor.post(`${chats}/${chatId}/messages`, { text: CHAT })).status).toBe(201);
    await eventually(async () => expect(await messages()).toEqual({ conversation: [MESSAGE], chat: [CHAT] }));
  }, 180_000);

  afterAll(async () => {
    await app?.stop();
  });

  it('keeps no planted SSN, date of birth or name readable anywhere in the database, and reads them back whole', async () => {
    expect(errorWorkbookDocumentId).toBeTruthy();
    const grid = await rows();
    expect(grid.rows.map((r) => r.cells.ssn)).toEqual(PEOPLE.map((p) => maskSsn(p.ssn)));
    for (const [i, person] of PEOPLE.entries())
      expect(await revealed(grid.rows[i]!.row, 'ssn')).toBe(person.ssn);
    expect(grid.rows[0]!.cells.lastName).toBe('Quillfeather');
    const file = await benAdmin.get(`${census}/files/${documentId}`);
    expect(file.status).toBe(200);

    const dump = await dumpDatabase(app.pool);
    expect(dump.get('public.personal_data_keys')).toBeDefined();
    expect(plantedIn(dump)).toEqual([]);
  });

  it('lets only an owner erase, and refuses an employee the census does not hold', async () => {
    expect((await erase(admin, { scope: 'CLIENT', reason: 'CLIENT_REQUEST' })).status).toBe(403);
    const unknown = await erase(owner, { scope: 'EMPLOYEE', employeeId: 'E404', reason: 'PERSON_REQUEST' });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain('No census of this client holds personal data');
    expect((await erase(owner, { scope: 'CLIENT' })).status).toBe(400);
  });

  it('erases one employee: their rows read "erased", the others stay, the evidence pack still verifies', async () => {
    const before = await verifyEvidencePack(await packOf());
    expect(before.checks.filter((c) => !c.holds)).toEqual([]);

    const erased = await erase(owner, { scope: 'EMPLOYEE', employeeId: 'E1', reason: 'PERSON_REQUEST' });
    expect(erased.status).toBe(200);
    expect(erased.body).toMatchObject({ scope: 'EMPLOYEE', keys: 1 });
    const again = await erase(owner, { scope: 'EMPLOYEE', employeeId: 'E1', reason: 'PERSON_REQUEST' });
    expect(again.status).toBe(400);

    const grid = await rows();
    expect(grid.rows[0]!.cells).toMatchObject({ ssn: 'erased', dateOfBirth: 'erased', lastName: 'erased' });
    // Their corrected cell, before and after, is theirs; the other employee's correction stays.
    expect(grid.rows[0]!.cells.zip).toBe('erased');
    expect(grid.rows[0]!.corrected).toEqual({ zip: 'erased' });
    expect(grid.rows[2]!.corrected).toEqual({ dateOfBirth: '1990' });
    expect(await revealed(grid.rows[2]!.row, 'dateOfBirth')).toBe('1990-07-19');
    expect(grid.rows[1]!.cells.ssn).toBe(maskSsn(PEOPLE[1].ssn));
    expect(await revealed(grid.rows[1]!.row, 'ssn')).toBe(PEOPLE[1].ssn);
    // The client's messages are the client's: one employee's erasure leaves them.
    expect(await messages()).toEqual({ conversation: [MESSAGE], chat: [CHAT] });
    expect(await revealed(grid.rows[0]!.row, 'ssn')).toBe('erased');

    const events = await app.store.readStream(`personal-data-${DEMO_CLIENT_ID}`);
    expect(events.map((e) => e.type)).toEqual(['PersonalDataErased']);
    expect(JSON.stringify(events[0]!.data)).not.toContain('E1');

    const after = await verifyEvidencePack(await packOf());
    expect(after.checks.filter((c) => !c.holds)).toEqual([]);
  });

  it('erases the whole client: every value reads "erased", the files are gone, every projection rebuilds from zero', async () => {
    const erased = await erase(owner, { scope: 'CLIENT', reason: 'CLIENT_REQUEST' });
    expect(erased.status).toBe(200);
    const grid = await rows();
    for (const row of grid.rows) expect(row.cells.ssn).toBe('erased');
    expect(await messages()).toEqual({ conversation: ['erased'], chat: ['erased'] });
    expect((await benAdmin.get(`${census}/files/${documentId}`)).status).toBe(404);
    expect((await benAdmin.get(`${census}/files/${documentId}/error-workbook`)).status).toBe(404);
    const pack = await verifyEvidencePack(await packOf());
    expect(pack.checks.filter((c) => !c.holds)).toEqual([]);

    await app.stop();
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 4 });
    try {
      const store = await connectEventStore(config, pool);
      for (const projection of projections) {
        await resetConsumer(pool, projection);
        await catchUp({ store, pool, consumer: projection });
      }
      await store.close();
      const events = await store.raw.readStream(`census-${DEMO_CLIENT_ID}-${POLICY_ID}`);
      expect(events.length).toBeGreaterThan(3);
      // The rebuilt read models hold the messages still sealed: nothing planted is readable.
      expect(plantedIn(await dumpDatabase(pool))).toEqual([]);
      const { rows } = await pool.query<{ text: string }>(
        `select text from rm_conversation_entries where entry = 'message'
         union all select text from rm_explorer_support_messages`,
      );
      expect(rows.map((r) => r.text.startsWith('sealed:'))).toEqual([true, true]);
    } finally {
      await pool.end();
    }
  }, 120_000);
});
