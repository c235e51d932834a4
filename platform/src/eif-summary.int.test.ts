import { randomUUID } from 'node:crypto';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDownloadHeaders } from '@onboard/domain';
import { eifSummaryRoutes } from '@onboard/query-api/eif/summary-pdf';
import { type RunningApp } from './app.ts';
import { DEMO_CLIENT_ID } from './seed.ts';
import { serveRoutes, type ServedRoutes } from './testing/route-server.ts';
import { apiClient } from './testing/http-client.ts';
import { startSeededApp } from './testing/seeded-app.ts';
import { appendToEif, entityCreated } from '@onboard/testing/eif-events';

// Platform §7 eif-summary over HTTP with real sign-ins: the summary router sits on a small server in
// front of the app's store and session check, as the app mounts it.
describe('GET /api/clients/{clientId}/eif-summary', () => {
  let app: RunningApp;
  let server: ServedRoutes | undefined;
  let base: string;
  const OTHER = `summary-other-${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    app = await startSeededApp('eif_summary');
    await appendToEif(
      app.store,
      OTHER,
      [entityCreated(OTHER, 'Client', OTHER, { name: 'Other Co', taxId: null })],
      'no_stream',
    );
    server = await serveRoutes(
      app.logger,
      eifSummaryRoutes({ store: app.store, authenticate: app.identity.authenticate }),
    );
    base = server.url;
  });

  afterAll(async () => {
    await server?.close();
    await app?.stop();
  });

  const signedIn = async (email: string) => {
    const api = apiClient(app.url);
    await api.signIn(email);
    const cookie = [...api.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const download = (path: string) => fetch(`${base}${path}`, { headers: { cookie } });
    return { api, download };
  };
  const summaryPath = (clientId: string, tz?: string) =>
    `/api/clients/${clientId}/eif-summary${tz === undefined ? '' : `?tz=${encodeURIComponent(tz)}`}`;

  it('gives the ben-admin a PDF attachment naming the client and the tax id', async () => {
    const { api, download } = await signedIn('benadmin@onboard.example');
    const saved = await api.put(`/api/clients/${DEMO_CLIENT_ID}`, { taxId: '12-3456789' });
    expect(saved.status).toBe(200);

    const res = await download(summaryPath(DEMO_CLIENT_ID, 'America/Chicago'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="EIF summary - Lakeside Manufacturing Co..pdf"',
    );
    expect(readDownloadHeaders((name) => res.headers.get(name))).toEqual({
      contentType: 'application/pdf',
      filename: 'EIF summary - Lakeside Manufacturing Co..pdf',
    });

    const pdf = new Uint8Array(await res.arrayBuffer());
    const { text } = await extractText(await getDocumentProxy(pdf), { mergePages: true });
    expect(text).toContain('Lakeside Manufacturing Co.');
    expect(text).toContain('Federal Tax ID (EIN): 12-3456789');
    expect(text).toContain('Times are shown in America/Chicago');
    expect(text).toContain('Long term disability');
  });

  it('serves staff, defaults the zone to UTC, and refuses a client the ben-admin does not own', async () => {
    const admin = await signedIn('admin@onboard.example');
    const staff = await admin.download(summaryPath(OTHER));
    expect(staff.status).toBe(200);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(await staff.arrayBuffer())), {
      mergePages: true,
    });
    expect(text).toContain('Other Co');
    expect(text).toContain('Times are shown in UTC');

    const benAdmin = await signedIn('benadmin@onboard.example');
    expect((await benAdmin.download(summaryPath(OTHER))).status).toBe(403);
    expect((await fetch(`${base}${summaryPath(DEMO_CLIENT_ID)}`)).status).toBe(401);
    expect((await admin.download(summaryPath('no-such-client'))).status).toBe(404);
  });

  it('answers a bad tz with 400 keyed query.tz', async () => {
    const { download } = await signedIn('benadmin@onboard.example');
    const res = await download(summaryPath(DEMO_CLIENT_ID, 'Mars/Olympus_Mons'));
    expect(res.status).toBe(400);
    expect(res.headers.get('content-disposition')).toBeNull();
    const body = await res.json();
    expect(Object.keys(body.validationError)).toEqual(['query.tz']);
  });
});
