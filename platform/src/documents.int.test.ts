import { describe, expect, it } from 'vitest';
import { unzipSync } from 'fflate';
import { documentStream } from '@onboard/events';
import { DEMO_CLIENT_ID } from './seed.ts';
import { eventually } from './testing/http-client.ts';
import { seededAppForTests, type Api } from './testing/seeded-app.ts';

type Doc = { documentId: string; name: string; mimeType: string; category: string; canDelete: boolean };

const OTHER_CLIENT_ID = 'harbor-freight-lines';
const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const SCRIPTED_PDF = Buffer.from(
  '%PDF-1.7\n1 0 obj << /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >>\n%%EOF\n',
);
const CSV = Buffer.from('first name,last name,coverage\nAda,Lovelace,Dental\n');
const HTML_WITH_SCRIPT = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
const EXE = Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0xff, 0xff]);

// A client's documents over HTTP (onboarding §7, platform §6): uploads checked by their content, the
// 'own' scope of ben-admins and brokers, downloads' headers, the zip, delete kept with deletedAt, and the
// new-document notice.
describe('client documents over HTTP', () => {
  const cookieOf = (api: Api) => [...api.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const documentsOf = (clientId: string) => `/api/clients/${clientId}/documents`;

  /** POST multipart with the caller's cookies and CSRF header. */
  const upload = async (
    api: Api,
    clientId: string,
    files: { name: string; bytes: Buffer; type?: string }[],
    fields: Record<string, string> = { category: 'other' },
  ) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    for (const f of files)
      form.append(
        'files',
        new Blob([new Uint8Array(f.bytes)], { type: f.type ?? 'application/pdf' }),
        f.name,
      );
    const response = await fetch(`${portal.app.url}${documentsOf(clientId)}`, {
      method: 'POST',
      headers: { cookie: cookieOf(api), 'x-csrf-token': api.cookies.get('onboard_csrf') ?? '' },
      body: form,
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> & Doc[] };
  };

  const download = (api: Api, path: string) =>
    fetch(`${portal.app.url}${path}`, { headers: { cookie: cookieOf(api) } });
  const list = async (api: Api, clientId = DEMO_CLIENT_ID) =>
    (await api.get(`${documentsOf(clientId)}/meta`)).body as Doc[];
  const streamLength = async (clientId: string) =>
    (await portal.app.store.readStream(documentStream(clientId))).length;

  const portal = seededAppForTests('documents', ['staff', 'benAdmin', 'broker']);

  it('a ben-admin uploads documents decided by their content, downloads one with safe headers, and zips them', async () => {
    const uploaded = await upload(
      portal.benAdmin,
      DEMO_CLIENT_ID,
      [
        { name: 'Bills "May"\\2026.pdf', bytes: PDF, type: 'text/plain' },
        { name: 'census.csv', bytes: CSV, type: 'application/octet-stream' },
        { name: 'bills.pdf', bytes: PDF },
      ],
      { category: 'prior-carrier-bills', policyId: 'policy-1' },
    );
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.map((d) => [d.name, d.mimeType])).toEqual([
      ['Bills May2026.pdf', 'application/pdf'],
      ['census.csv', 'text/csv'],
      ['bills.pdf', 'application/pdf'],
    ]);
    const listed = await eventually(async () => {
      const docs = await list(portal.benAdmin);
      expect(docs).toHaveLength(3);
      return docs;
    });
    expect(listed.every((d) => d.category === 'prior-carrier-bills' && d.canDelete)).toBe(true);
    const count = await portal.benAdmin.get(
      `${documentsOf(DEMO_CLIENT_ID)}/count?categories[]=prior-carrier-bills`,
    );
    expect(count.body).toEqual({ count: 3, byCategory: { 'prior-carrier-bills': 3 } });
    const last = await portal.benAdmin.get(
      `${documentsOf(DEMO_CLIENT_ID)}/last-touched/prior-carrier-bills?policyId=policy-1`,
    );
    expect(last.body).toMatchObject({ category: 'prior-carrier-bills', policyId: 'policy-1' });

    const first = uploaded.body[0]!;
    for (const path of [
      `${documentsOf(DEMO_CLIENT_ID)}/${first.documentId}`,
      `/api/documents/${first.documentId}`,
    ]) {
      const answer = await download(portal.benAdmin, path);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('application/pdf');
      expect(answer.headers.get('content-disposition')).toBe('attachment; filename="Bills May2026.pdf"');
      expect(Buffer.from(await answer.arrayBuffer()).equals(PDF)).toBe(true);
    }

    const ids = uploaded.body.map((d) => `documentIds[]=${d.documentId}`).join('&');
    const zipped = await download(
      portal.benAdmin,
      `/api/clients/${DEMO_CLIENT_ID}/zipped-documents/ids?${ids}`,
    );
    expect(zipped.status).toBe(200);
    expect(zipped.headers.get('content-type')).toBe('application/zip');
    expect(zipped.headers.get('content-disposition')).toMatch(/^attachment; filename="documents-.*\.zip"$/);
    const entries = unzipSync(new Uint8Array(await zipped.arrayBuffer()));
    expect(Object.keys(entries).sort()).toEqual(['Bills May2026.pdf', 'bills.pdf', 'census.csv']);
    expect(Buffer.from(entries['census.csv']!).equals(CSV)).toBe(true);
  });

  it('refuses active content with EMBEDDED_SCRIPTS, other binaries, empty and oversized files, and keeps nothing of a refused upload', async () => {
    const before = await streamLength(DEMO_CLIENT_ID);
    const blobs = async () =>
      Number((await portal.app.pool.query('select count(*) as n from documents')).rows[0].n);
    const blobsBefore = await blobs();
    const scripted = await upload(portal.benAdmin, DEMO_CLIENT_ID, [
      { name: 'fine.pdf', bytes: PDF },
      { name: 'form.pdf', bytes: SCRIPTED_PDF },
    ]);
    expect(scripted.status).toBe(400);
    expect(scripted.body).toMatchObject({ code: 'EMBEDDED_SCRIPTS' });
    expect(String(scripted.body.message)).toContain('form.pdf');
    const html = await upload(portal.benAdmin, DEMO_CLIENT_ID, [
      { name: 'page.pdf', bytes: HTML_WITH_SCRIPT },
    ]);
    expect(html.body).toMatchObject({ code: 'EMBEDDED_SCRIPTS' });
    const exe = await upload(portal.benAdmin, DEMO_CLIENT_ID, [{ name: 'setup.pdf', bytes: EXE }]);
    expect(exe.status).toBe(400);
    expect(String(exe.body.message)).toContain('cannot be uploaded');
    const empty = await upload(portal.benAdmin, DEMO_CLIENT_ID, [
      { name: 'empty.pdf', bytes: Buffer.alloc(0) },
    ]);
    expect(String(empty.body.message)).toContain('The file is empty');
    const unknown = await upload(portal.benAdmin, DEMO_CLIENT_ID, [{ name: 'a.pdf', bytes: PDF }], {
      category: 'x',
    });
    expect(unknown.status).toBe(400);
    expect(String(unknown.body.message)).toBe('Choose one of the document categories');
    const big = await upload(portal.benAdmin, DEMO_CLIENT_ID, [
      { name: 'big.pdf', bytes: Buffer.concat([PDF, Buffer.alloc(26 * 1024 * 1024)]) },
    ]);
    expect(big.status).toBe(413);
    expect(await streamLength(DEMO_CLIENT_ID)).toBe(before);
    // Nothing half-stored: no bytes in the store either.
    expect(await blobs()).toBe(blobsBefore);
  });

  it('a broker or ben-admin cannot read, upload or delete another client’s documents', async () => {
    const theirs = await upload(portal.staff, OTHER_CLIENT_ID, [{ name: 'theirs.pdf', bytes: PDF }]);
    expect(theirs.status).toBe(201);
    const id = theirs.body[0]!.documentId;
    for (const api of [portal.benAdmin, portal.broker]) {
      expect((await api.get(`${documentsOf(OTHER_CLIENT_ID)}/meta`)).status).toBe(403);
      expect((await api.get(`${documentsOf(OTHER_CLIENT_ID)}/count`)).status).toBe(403);
      expect((await download(api, `${documentsOf(OTHER_CLIENT_ID)}/${id}`)).status).toBe(403);
      expect((await download(api, `/api/documents/${id}`)).status).toBe(403);
      expect(
        (await download(api, `/api/clients/${OTHER_CLIENT_ID}/zipped-documents/ids?documentIds[]=${id}`))
          .status,
      ).toBe(403);
      // Naming their own client in the path does not reach the other client's document either.
      expect((await download(api, `${documentsOf(DEMO_CLIENT_ID)}/${id}`)).status).toBe(404);
      expect((await upload(api, OTHER_CLIENT_ID, [{ name: 'mine.pdf', bytes: PDF }])).status).toBe(403);
      expect((await api.delete(`${documentsOf(OTHER_CLIENT_ID)}/${id}`)).status).toBe(403);
      expect((await api.put(`${documentsOf(OTHER_CLIENT_ID)}/${id}/rename`, { name: 'x' })).status).toBe(403);
    }
    expect((await list(portal.staff, OTHER_CLIENT_ID)).map((d) => d.name)).toEqual(['theirs.pdf']);
  });

  it('renames; a broker cannot delete the ben-admin’s upload; its uploader deletes it, kept with deletedAt', async () => {
    const [doc] = (await upload(portal.benAdmin, DEMO_CLIENT_ID, [{ name: 'draft.pdf', bytes: PDF }])).body;
    const renamed = await portal.benAdmin.put(`${documentsOf(DEMO_CLIENT_ID)}/${doc!.documentId}/rename`, {
      name: '  Final bills.pdf ',
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Final bills.pdf' });
    const refiled = await portal.benAdmin.put(`${documentsOf(DEMO_CLIENT_ID)}/meta`, {
      documentIds: [doc!.documentId],
      category: 'signed-forms',
      policyId: null,
      language: 'es',
    });
    expect(refiled.status).toBe(200);
    expect(refiled.body).toMatchObject([{ category: 'signed-forms', language: 'es', policyId: null }]);
    await eventually(async () => {
      const found = await portal.benAdmin.get(
        `${documentsOf(DEMO_CLIENT_ID)}/meta?categories[]=signed-forms&language=es`,
      );
      expect(found.body.map((d: Doc) => d.documentId)).toEqual([doc!.documentId]);
    });
    const badFiling = await portal.benAdmin.put(`${documentsOf(DEMO_CLIENT_ID)}/meta`, {
      documentIds: [doc!.documentId],
      category: 'nowhere',
    });
    expect(badFiling.status).toBe(400);
    const blank = await portal.benAdmin.put(`${documentsOf(DEMO_CLIENT_ID)}/${doc!.documentId}/rename`, {
      name: ' ',
    });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe('Give the document a name');

    const byBroker = await portal.broker.delete(`${documentsOf(DEMO_CLIENT_ID)}/${doc!.documentId}`);
    expect(byBroker.status).toBe(403);
    expect(byBroker.body.message).toBe('You can only delete documents you uploaded');
    expect((await portal.benAdmin.delete(`${documentsOf(DEMO_CLIENT_ID)}/${doc!.documentId}`)).status).toBe(
      204,
    );
    await eventually(async () => {
      expect((await list(portal.benAdmin)).some((d) => d.documentId === doc!.documentId)).toBe(false);
    });
    const { rows } = await portal.app.pool.query(
      'select deleted_at, name from rm_documents where document_id = $1',
      [doc!.documentId],
    );
    expect(rows[0]).toMatchObject({ name: 'Final bills.pdf', deleted_at: expect.any(Date) });
    expect((await download(portal.benAdmin, `/api/documents/${doc!.documentId}`)).status).toBe(404);
  });

  it('the new-document notice shows once staff added documents and goes away when dismissed', async () => {
    const notice = `/api/clients/${DEMO_CLIENT_ID}/new-document-notice`;
    expect((await portal.benAdmin.put(notice, { newDocumentNoticeStatus: 'OLD' })).status).toBe(200);
    await eventually(async () =>
      expect((await portal.benAdmin.get(notice)).body).toMatchObject({ hasNewDocuments: false }),
    );
    await upload(portal.staff, DEMO_CLIENT_ID, [{ name: 'plan summary.pdf', bytes: PDF }], {
      category: 'plan-documents',
    });
    await eventually(async () =>
      expect((await portal.benAdmin.get(notice)).body).toEqual({
        newDocumentNoticeStatus: 'OLD',
        hasNewDocuments: true,
        newDocumentCount: 1,
      }),
    );
    expect(
      (
        await portal.benAdmin.put('/api/users/new-document-notice', {
          newDocumentNoticeStatus: 'NEW_AND_SEEN',
        })
      ).status,
    ).toBe(200);
    await eventually(async () =>
      expect((await portal.benAdmin.get(notice)).body).toMatchObject({
        newDocumentNoticeStatus: 'NEW_AND_SEEN',
        hasNewDocuments: false,
      }),
    );
    await eventually(async () =>
      expect((await portal.benAdmin.get('/api/users/authenticated')).body).toMatchObject({
        newDocumentNoticeStatus: 'NEW_AND_SEEN',
      }),
    );
  });
  it('staff read an association’s sites and their summary documents: at most 15 per type, one per key', async () => {
    await eventually(async () => {
      const { rowCount } = await portal.app.pool.query(
        'select 1 from rm_explorer_pages where client_id = $1',
        [DEMO_CLIENT_ID],
      );
      expect(rowCount).toBeGreaterThan(0);
    });
    const documents = [
      ...Array.from({ length: 18 }, (_, i) => ({
        documentId: `dental-${i}`,
        documentKey: `dental-key-${i % 17}`,
        name: `Dental summary ${i}`,
        benefitType: 'DENTAL',
        language: 'en',
      })),
      {
        documentId: 'vision-1',
        documentKey: 'vision-key',
        name: 'Vision summary',
        benefitType: 'VISION',
        language: null,
      },
    ];
    await portal.app.pool.query(
      `update rm_explorer_pages
          set page = jsonb_set(page, '{site,associationId}', '"assoc-1"') || jsonb_build_object('documents', $2::jsonb)
        where client_id = $1`,
      [DEMO_CLIENT_ID, JSON.stringify(documents)],
    );
    const base = `/api/clients/${DEMO_CLIENT_ID}/explorer-pages`;
    const sites = await portal.staff.get(`${base}/association/assoc-1`);
    expect(sites.status).toBe(200);
    expect(sites.body.length).toBeGreaterThan(0);
    expect(sites.body[0]).toMatchObject({ associationId: 'assoc-1' });
    const byType = await portal.staff.get(`${base}/documents/benefittypes/assoc-1?benefitTypes[]=DENTAL`);
    expect(byType.status).toBe(200);
    expect(Object.keys(byType.body)).toEqual(['DENTAL']);
    const dental = byType.body.DENTAL as { documentKey: string }[];
    expect(dental).toHaveLength(15);
    expect(new Set(dental.map((d) => d.documentKey)).size).toBe(15);
    expect((await portal.benAdmin.get(`${base}/documents/benefittypes/assoc-1`)).status).toBe(403);
  });
  it('a video is uploaded, played back from the store and deleted', async () => {
    // An MP4's first box: size, 'ftyp', brand 'mp42'.
    const mp4 = Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from('ftypmp42'),
      Buffer.from([0, 0, 0, 0]),
      Buffer.from('mp42isom'),
      Buffer.alloc(64, 1),
    ]);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(mp4)], { type: 'video/mp4' }), 'Welcome.mp4');
    const sent = await fetch(`${portal.app.url}${documentsOf(DEMO_CLIENT_ID)}/vidyard/upload`, {
      method: 'POST',
      headers: {
        cookie: cookieOf(portal.staff),
        'x-csrf-token': portal.staff.cookies.get('onboard_csrf') ?? '',
      },
      body: form,
    });
    expect(sent.status).toBe(201);
    const { vidyardId } = (await sent.json()) as { vidyardId: string };
    const played = await eventually(async () => {
      const answer = await download(portal.benAdmin, `${documentsOf(DEMO_CLIENT_ID)}/vidyard/${vidyardId}`);
      expect(answer.status).toBe(200);
      return answer;
    });
    expect(played.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await played.arrayBuffer()).equals(mp4)).toBe(true);
    expect(
      (await portal.staff.delete(`${documentsOf(DEMO_CLIENT_ID)}/vidyard/delete/${vidyardId}`)).status,
    ).toBe(204);
    await eventually(async () =>
      expect(
        (await download(portal.benAdmin, `${documentsOf(DEMO_CLIENT_ID)}/vidyard/${vidyardId}`)).status,
      ).toBe(404),
    );
  });
});
