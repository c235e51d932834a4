import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededDatabase } from '@onboard/testing/db';
import { FILE_TOO_LARGE_MESSAGE, MAX_UPLOAD_BYTES, UNSUPPORTED_TYPE_MESSAGE } from '@onboard/domain';
import { explorerStream } from '@onboard/events/catalogue/explorer';
import { startApp, type RunningApp } from '../app.ts';
import { embeddedTestConfig } from '../config.ts';
import { DEMO_DENTAL_DOCUMENT, DEMO_EXPLORER_PAGE_ID, DEMO_USERS } from '../seed.ts';
import { apiClient, eventually } from '../testing/http-client.ts';

type Client = ReturnType<typeof apiClient>;

const PDF = new Uint8Array(Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF\n'));
const userOf = (role: string) => DEMO_USERS.find((u) => u.role === role)!;
const sitePath = `/api/explorer-pages/${DEMO_EXPLORER_PAGE_ID}`;
const attachPath = `/api/clients/lakeside-manufacturing/explorer-pages/${DEMO_EXPLORER_PAGE_ID}/documents`;

describe('the built-in document store: upload, attach, public download, demo document', () => {
  let app: RunningApp;
  let databaseUrl: string;
  let staff: Client;

  /** The file itself as the body, with the client's cookies and CSRF header. */
  const upload = async (
    client: Client,
    bytes: Uint8Array<ArrayBuffer>,
    headers: Record<string, string> = { 'content-type': 'application/pdf', 'x-file-name': 'Summary.pdf' },
  ) => {
    const cookies = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await fetch(`${app.url}/api/documents`, {
      method: 'POST',
      headers: {
        ...(cookies ? { cookie: cookies } : {}),
        ...(client.cookies.has('onboard_csrf')
          ? { 'x-csrf-token': client.cookies.get('onboard_csrf')! }
          : {}),
        ...headers,
      },
      body: bytes,
    });
    const text = await response.text();
    return { status: response.status, body: JSON.parse(text) as Record<string, unknown> };
  };
  const storedCount = async () =>
    (await app.pool.query<{ n: number }>('select count(*)::int as n from documents')).rows[0]!.n;

  beforeAll(async () => {
    databaseUrl = await seededDatabase('documents');
    app = await startApp(embeddedTestConfig(databaseUrl, { webDist: null }));
    staff = apiClient(app.url);
    await staff.signIn(userOf('SLF_ADMIN').email, app.config.demoPassword);
  }, 60_000);
  afterAll(async () => {
    await app?.stop();
  });

  it('seeds one real dental summary PDF on the demo site', async () => {
    const page = await eventually(async () => {
      const answer = await apiClient(app.url).get(sitePath);
      expect(answer.body.documents).toContainEqual(DEMO_DENTAL_DOCUMENT);
      return answer.body;
    });
    expect(page.documents).toHaveLength(1);
    const file = await apiClient(app.url).request(
      'GET',
      `${sitePath}/documents/${DEMO_DENTAL_DOCUMENT.documentId}`,
    );
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="Dental plans summary.pdf"');
    const bytes = new Uint8Array(
      await (await fetch(`${app.url}${sitePath}/documents/${DEMO_DENTAL_DOCUMENT.documentId}`)).arrayBuffer(),
    );
    const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
    expect(text).toContain('Dental plans summary');
    expect(text).toContain('Dental PPO High');
  });

  it('takes uploads from staff only', async () => {
    const before = await storedCount();
    const anonymous = apiClient(app.url);
    await anonymous.get('/api/auth/csrf');
    expect((await upload(anonymous, PDF)).status).toBe(401);
    const benAdmin = apiClient(app.url);
    await benAdmin.signIn(userOf('BEN_ADMIN').email, app.config.demoPassword);
    const refused = await upload(benAdmin, PDF);
    expect([refused.status, refused.body.message]).toEqual([403, 'Only internal staff upload documents']);
    expect(await storedCount()).toBe(before);
  });

  it('refuses other types, mislabelled content, a missing name and oversize files, storing nothing', async () => {
    const before = await storedCount();
    const html = await upload(staff, new Uint8Array(Buffer.from('<html></html>')), {
      'content-type': 'text/html',
      'x-file-name': 'page.html',
    });
    expect([html.status, html.body.message]).toEqual([400, UNSUPPORTED_TYPE_MESSAGE]);
    const json = await upload(staff, new Uint8Array(Buffer.from('{}')), {
      'content-type': 'application/json',
      'x-file-name': 'a.json',
    });
    expect([json.status, json.body.message]).toEqual([400, UNSUPPORTED_TYPE_MESSAGE]);
    const mislabelled = await upload(staff, new Uint8Array(Buffer.from('<script>alert(1)</script>')));
    expect([mislabelled.status, mislabelled.body.message]).toEqual([400, "The file's content is not a PDF"]);
    const unnamed = await upload(staff, PDF, { 'content-type': 'application/pdf' });
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.validationError).toEqual({
      'header.x-file-name': 'Give the file name in the X-File-Name header',
    });
    const large = new Uint8Array(MAX_UPLOAD_BYTES + 1);
    large.set(PDF);
    const tooLarge = await upload(staff, large);
    expect([tooLarge.status, tooLarge.body.code, tooLarge.body.message]).toEqual([
      413,
      'FILE_TOO_LARGE',
      FILE_TOO_LARGE_MESSAGE,
    ]);
    expect(await storedCount()).toBe(before);
  });

  it('stores a staff upload, which attached to the site downloads from the public route unchanged', async () => {
    const bytes = new Uint8Array(64 * 1024);
    bytes.set(PDF);
    for (let i = PDF.length; i < bytes.length; i++) bytes[i] = (i * 31) % 256;
    const uploaded = await upload(staff, bytes, {
      'content-type': 'application/pdf',
      'x-file-name': encodeURIComponent('Vision résumé.pdf'),
    });
    expect(uploaded.status).toBe(201);
    expect(uploaded.body).toEqual({
      documentId: expect.any(String),
      name: 'Vision résumé.pdf',
      mimeType: 'application/pdf',
      size: bytes.length,
    });
    const documentId = String(uploaded.body.documentId);
    const { rows } = await app.pool.query(
      'select sha256, uploaded_by, size from documents where document_id = $1',
      [documentId],
    );
    expect(rows[0]).toMatchObject({ size: bytes.length, uploaded_by: expect.any(String) });
    expect(rows[0].sha256).toMatch(/^[0-9a-f]{64}$/);

    // Stored but not attached: the public route serves only a site's own documents.
    expect((await apiClient(app.url).get(`${sitePath}/documents/${documentId}`)).status).toBe(404);

    const attached = await staff.post(attachPath, {
      documentId,
      documentKey: 'vision-summary',
      name: 'Vision summary',
      benefitType: 'VISION',
      language: 'en',
    });
    expect(attached.status).toBe(201);
    const download = await eventually(async () => {
      const response = await fetch(`${app.url}${sitePath}/documents/${documentId}`);
      expect(response.status).toBe(200);
      return response;
    });
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toBe('attachment; filename="Vision summary.pdf"');
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(bytes);
  });

  it('seeds nothing more on a second start', async () => {
    const before = (await app.store.readStream(explorerStream(DEMO_EXPLORER_PAGE_ID))).length;
    const documentsBefore = await storedCount();
    await app.stop();
    app = await startApp(embeddedTestConfig(databaseUrl, { webDist: null }));
    expect((await app.store.readStream(explorerStream(DEMO_EXPLORER_PAGE_ID))).length).toBe(before);
    expect(await storedCount()).toBe(documentsBefore);
  }, 60_000);
});
