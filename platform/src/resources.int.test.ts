import { describe, expect, it } from 'vitest';
import { resourceStream } from '@onboard/events';
import { DEMO_CLIENT_ID } from './seed.ts';
import { eventually } from './testing/http-client.ts';
import { seededAppForTests, type Api } from './testing/seeded-app.ts';

type Resource = {
  resourceId: string;
  title: string;
  kind: string;
  version: number;
  document: { downloadPath: string } | null;
} & Record<string, unknown>;
const resources = `/api/clients/${DEMO_CLIENT_ID}/resources`;
const PDF = new Uint8Array(Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF\n'));

const link = {
  kind: 'link',
  title: 'Dental plan at a glance',
  description: 'What the dental plan covers and what it costs',
  benefitType: 'DENTAL',
  audiences: ['EMPLOYEES'],
  url: 'https://carrier.example/dental',
};

// The client's enrollment and onboarding resources over HTTP: staff add links and documents, edit and
// remove them; the client's people read them and download the documents.
describe('client resources over HTTP', () => {
  const list = async (api: Api) => (await api.get(resources)).body as Resource[];
  const streamLength = async () => (await portal.app.store.readStream(resourceStream(DEMO_CLIENT_ID))).length;

  /** The file itself as the body of POST /api/documents, with the caller's cookies and CSRF header. */
  const upload = async (api: Api, bytes: Uint8Array<ArrayBuffer>) => {
    const cookies = [...api.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await fetch(`${portal.app.url}/api/documents`, {
      method: 'POST',
      headers: {
        cookie: cookies,
        'x-csrf-token': api.cookies.get('onboard_csrf') ?? '',
        'content-type': 'application/pdf',
        'x-file-name': encodeURIComponent('Enrollment guide.pdf'),
      },
      body: bytes,
    });
    expect(response.status).toBe(201);
    return (await response.json()) as { documentId: string };
  };

  const portal = seededAppForTests('resources', ['staff', 'benAdmin']);

  it('staff add a link and a document; a ben-admin of the client reads both and downloads the document', async () => {
    const added = await portal.staff.post(resources, link);
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      title: link.title,
      version: 1,
      content: { kind: 'link', url: link.url },
    });

    const { documentId } = await upload(portal.staff, PDF);
    const document = await portal.staff.post(resources, {
      kind: 'document',
      title: 'Enrollment guide',
      description: 'How employees enroll, step by step',
      benefitType: 'GENERAL',
      audiences: ['BENEFITS_ADMINISTRATORS', 'EMPLOYEES'],
      documentId,
    });
    expect(document.status).toBe(201);
    expect(document.body).toMatchObject({
      content: {
        kind: 'document',
        documentId,
        fileName: 'Enrollment guide.pdf',
        mimeType: 'application/pdf',
      },
      audiences: ['EMPLOYEES', 'BENEFITS_ADMINISTRATORS'],
    });

    const seen = await eventually(async () => {
      const listed = await list(portal.benAdmin);
      expect(listed).toHaveLength(2);
      return listed;
    });
    // General first, then by benefit type; every group and audience in words.
    expect(seen[0]).toMatchObject({
      title: 'Enrollment guide',
      benefitTypeLabel: 'General',
      audienceLabels: ['Employees', 'Benefits administrators'],
      kind: 'document',
      url: null,
    });
    expect(seen[1]).toMatchObject({
      title: link.title,
      benefitTypeLabel: 'Dental',
      url: link.url,
      document: null,
    });

    const download = await fetch(`${portal.app.url}${seen[0]!.document!.downloadPath}`, {
      headers: { cookie: [...portal.benAdmin.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toContain('Enrollment guide.pdf');
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(PDF);
  });

  it('a ben-admin cannot add, edit or remove a resource (403), and nothing is appended', async () => {
    const before = await streamLength();
    expect((await portal.benAdmin.post(resources, link)).status).toBe(403);
    const [first] = await list(portal.benAdmin);
    expect((await portal.benAdmin.put(`${resources}/${first!.resourceId}`, link)).status).toBe(403);
    expect((await portal.benAdmin.request('DELETE', `${resources}/${first!.resourceId}`)).status).toBe(403);
    expect(await streamLength()).toBe(before);
  });

  it('refuses a bad address and an empty title on their fields, appending nothing', async () => {
    const before = await streamLength();
    const bad = await portal.staff.post(resources, {
      ...link,
      title: ' ',
      url: 'http://carrier.example/dental',
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      validationError: {
        'body.url': 'Enter a web address that starts with https://',
        'body.title': 'Please provide a response',
      },
    });
    const noFile = await portal.staff.post(resources, {
      ...link,
      kind: 'document',
      url: undefined,
      documentId: 'nope',
    });
    expect(noFile.body).toMatchObject({ validationError: { 'body.documentId': 'Upload the file first' } });
    expect(await streamLength()).toBe(before);
  });

  it('staff edit at the version they saw; a stale version is a 409; then they remove it', async () => {
    const target = (await list(portal.staff)).find((r) => r.kind === 'link')!;
    const path = `${resources}/${target.resourceId}`;
    const edited = await portal.staff.put(
      path,
      { ...link, title: 'Dental in two pages' },
      { 'if-match': '1' },
    );
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ title: 'Dental in two pages', version: 2 });
    const stale = await portal.staff.put(path, { ...link, title: 'Too late' }, { 'if-match': '1' });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'CONFLICT', currentVersion: 2 });
    await eventually(async () => {
      expect((await list(portal.benAdmin)).find((r) => r.resourceId === target.resourceId)).toMatchObject({
        title: 'Dental in two pages',
        version: 2,
      });
    });

    const removed = await portal.staff.request('DELETE', path, undefined, { 'if-match': '2' });
    expect(removed.status).toBe(204);
    await eventually(async () => {
      expect((await list(portal.benAdmin)).map((r) => r.resourceId)).not.toContain(target.resourceId);
    });
    expect((await portal.staff.request('DELETE', path)).status).toBe(404);
  });

  it('an unknown resource or client is a 404', async () => {
    expect((await portal.staff.put(`${resources}/no-such-resource`, link)).status).toBe(404);
    expect((await portal.staff.request('DELETE', `${resources}/no-such-resource`)).status).toBe(404);
    expect((await portal.staff.post('/api/clients/no-such-client/resources', link)).status).toBe(404);
    expect((await portal.staff.get('/api/clients/no-such-client/resources')).status).toBe(404);
    expect((await portal.benAdmin.get(`${resources}/no-such-resource/document`)).status).toBe(404);
  });
});
