import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { humanCheckAnswer, solveHumanCheck } from '@onboard/command-api/explorer/testing';
import { SAMPLE_VISION_PLAN } from '@onboard/domain/testing';
import { seededDatabase } from '@onboard/testing/db';
import { startApp, type RunningApp } from '../app.ts';
import { embeddedTestConfig } from '../config.ts';
import { DEMO_EXPLORER_PAGE_ID, DEMO_EXPLORER_SLUG, DEMO_USERS } from '../seed.ts';
import { apiClient, eventually } from '../testing/http-client.ts';

const PUBLIC_HOST = 'explorer.example.test';

/** node:http, because fetch will not send a Host header of our choosing. */
function get(url: string, host: string, path: string): Promise<{ status: number; text: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname, port, path, method: 'GET', headers: { host } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the public Explorer: public host, human check, e-mail of selected benefits, support chat', () => {
  let app: RunningApp;
  const webDist = mkdtempSync(join(tmpdir(), 'explorer-dist-'));
  const mails: string[] = [];
  // A stand-in document store holding one file.
  let documentStore: Server;

  beforeAll(async () => {
    documentStore = createServer((req, res) => {
      if (req.url === '/sbc-1')
        res.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.7 summary');
      else res.writeHead(404).end();
    });
    await new Promise<void>((done) => documentStore.listen(0, '127.0.0.1', () => done()));
    const storePort = (documentStore.address() as { port: number }).port;
    writeFileSync(join(webDist, 'explorer.html'), '<title>Benefits Explorer</title>');
    writeFileSync(join(webDist, 'index.html'), '<title>Onboard</title>');
    app = await startApp(
      embeddedTestConfig(await seededDatabase('explorer_visitor'), {
        webDist,
        explorerPublicHosts: [PUBLIC_HOST],
        documentStore: { kind: 'http', baseUrl: `http://127.0.0.1:${storePort}/` },
      }),
      { printEmail: (line) => mails.push(line) },
    );
    await eventually(async () => {
      expect((await apiClient(app.url).get(`/api/explorer-pages/${DEMO_EXPLORER_SLUG}`)).status).toBe(200);
    });
  }, 60_000);
  afterAll(async () => {
    await app?.stop();
    await new Promise((done) => documentStore?.close(done));
    rmSync(webDist, { recursive: true, force: true });
  });

  it.each([
    '/',
    '/en/',
    '/es',
    `/${DEMO_EXPLORER_SLUG}`,
    `/es/${DEMO_EXPLORER_SLUG}`,
    `/en/${DEMO_EXPLORER_PAGE_ID}/personal-benefits-plan`,
  ])('the public host answers %s with the Explorer entry', async (path) => {
    const answer = await get(app.url, PUBLIC_HOST, path);
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('<title>Benefits Explorer</title>');
  });

  it.each([
    '/clients/admin',
    '/lakeside/renew',
    '/es/a/b/c',
    '/api/clients',
    '/api/health',
    '/api/openapi.json',
  ])('the public host answers %s with not found', async (path) => {
    const answer = await get(app.url, PUBLIC_HOST, path);
    expect(answer.status).toBe(404);
    expect(answer.text).not.toContain('<title>Onboard</title>');
  });

  it('the public host serves the Explorer API the site needs; the main host is unchanged', async () => {
    const page = await get(app.url, PUBLIC_HOST, `/api/explorer-pages/${DEMO_EXPLORER_SLUG}`);
    expect(page.status).toBe(200);
    expect(JSON.parse(page.text)).toMatchObject({ explorerPageId: DEMO_EXPLORER_PAGE_ID });
    expect((await get(app.url, PUBLIC_HOST, '/api/auth/csrf')).status).toBeLessThan(300);
    const main = await get(app.url, '127.0.0.1', '/clients/admin');
    expect(main.status).toBe(200);
    expect(main.text).toContain('<title>Onboard</title>');
    expect((await get(app.url, '127.0.0.1', '/api/health')).status).toBe(200);
  });

  it('the page answer carries the language dialog rule and the chat department', async () => {
    const { body } = await apiClient(app.url).get(`/api/explorer-pages/${DEMO_EXPLORER_SLUG}`);
    // 240 employees: not a large client; the toggle is on by default; the demo site is not live.
    expect(body).toMatchObject({
      languageFeatureToggle: true,
      largeClientFeatureToggle: false,
      showsLanguageDialog: true,
      isLive: false,
      supportChat: { department: 'Benefits Explorer Demo' },
    });
  });

  it('e-mails selected benefits only with a right, fresh, unused human-check answer', async () => {
    const visitor = apiClient(app.url);
    await visitor.get('/api/auth/csrf');
    const send = (body: Record<string, unknown>) =>
      visitor.post(`/api/explorer-pages/${DEMO_EXPLORER_PAGE_ID}/email-benefits`, body);
    const base = { email: 'pat@example.com', benefits: ['demo-dental-ppo', 'demo-vision'], language: 'es' };

    const missing = await send({ ...base, benefits: [], recaptchaToken: '' });
    expect(missing.status).toBe(400);
    expect(missing.body.validationError).toEqual({
      'body.benefits': 'Need at least one selected benefit.',
      'body.recaptchaToken': 'Recaptcha token is missing',
    });

    const issued = await visitor.post('/api/explorer-pages/human-check');
    expect(issued.status).toBe(201);
    const challenge = issued.body;
    const { token, solution } = await solveHumanCheck(challenge);
    // A key that is not the one the proof of work derives.
    const otherKey = `${solution.derivedKey.slice(0, -1)}${solution.derivedKey.endsWith('0') ? '1' : '0'}`;
    const wrong = await send({
      ...base,
      recaptchaToken: humanCheckAnswer(challenge.challenge, { ...solution, derivedKey: otherKey }),
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.validationError).toEqual({ 'body.recaptchaToken': 'Recaptcha token is invalid' });
    // An easier challenge than the one signed: the signature does not hold.
    const easier = {
      ...challenge.challenge,
      parameters: { ...challenge.challenge.parameters, keyPrefix: '0' },
    };
    const forged = await send({ ...base, recaptchaToken: humanCheckAnswer(easier, solution) });
    expect(forged.body.validationError).toEqual({ 'body.recaptchaToken': 'Recaptcha token is invalid' });
    const notAnswer = await send({ ...base, recaptchaToken: 'not a payload' });
    expect(notAnswer.body.validationError).toEqual({ 'body.recaptchaToken': 'Recaptcha token is invalid' });

    const right = await send({ ...base, recaptchaToken: token });
    expect(right.status).toBe(201);
    const again = await send({ ...base, recaptchaToken: token });
    expect(again.status).toBe(400);
    expect(again.body.validationError).toEqual({ 'body.recaptchaToken': 'Recaptcha token is invalid' });

    const { rows } = await eventually(async () => {
      const result = await app.pool.query<{ subject: string; body: string }>(
        'select subject, body from rm_emails where id = $1',
        [right.body.emailId],
      );
      expect(result.rows).toHaveLength(1);
      return result;
    });
    expect(rows[0]!.subject).toBe('Sus beneficios seleccionados: Lakeside Manufacturing Co.');
    expect(rows[0]!.body).toContain('- Dental PPO High');
    expect(rows[0]!.body).toContain(`/es/benefits-explorer/${DEMO_EXPLORER_SLUG}`);
    expect(mails.some((line) => line.includes('pat@example.com'))).toBe(true);
  });

  it('keeps a support conversation that the visitor and staff both read, staff answering as the agent', async () => {
    const visitor = apiClient(app.url);
    await visitor.get('/api/auth/csrf');
    const base = `/api/explorer-pages/${DEMO_EXPLORER_PAGE_ID}/support/conversations`;
    const started = await visitor.post(base, { language: 'en' });
    expect(started.status).toBe(201);
    expect(started.body.department).toBe('Benefits Explorer Demo');
    const id = started.body.conversationId as string;
    const blank = await visitor.post(`${base}/${id}/messages`, { text: ' ' });
    expect(blank.body.validationError).toEqual({ 'body.text': 'Please enter a message' });
    expect((await visitor.post(`${base}/${id}/messages`, { text: 'Is vision included?' })).status).toBe(201);

    const staff = apiClient(app.url);
    await staff.signIn(DEMO_USERS.find((u) => u.role === 'SLF_ADMIN')!.email, app.config.demoPassword);
    const list = await eventually(async () => {
      const answer = await staff.get(base);
      expect(answer.body.items).toEqual([expect.objectContaining({ conversationId: id, messageCount: 1 })]);
      return answer;
    });
    expect(list.status).toBe(200);
    expect((await visitor.get(base)).status).toBe(401);
    expect((await staff.post(`${base}/${id}/messages`, { text: 'Yes, Vision Plus.' })).status).toBe(201);

    const conversation = await eventually(async () => {
      const answer = await visitor.get(`${base}/${id}`);
      expect(answer.body.messages).toHaveLength(2);
      return answer.body;
    });
    expect(conversation.messages.map((m: { author: string; text: string }) => [m.author, m.text])).toEqual([
      ['visitor', 'Is vision included?'],
      ['agent', 'Yes, Vision Plus.'],
    ]);
    expect((await visitor.get(`${base}/no-such-conversation`)).status).toBe(404);

    // A site whose live chat is off (explorer §3) takes no conversation: its page offers no chat either.
    const created = await staff.post('/api/clients/lakeside-manufacturing/explorer-pages', {
      name: 'No chat benefits',
      language: 'en',
      planYear: '2027',
      employerState: 'IL',
      policies: ['123456'],
      medicalVideo: 'NO_VIDEO',
      enableContactUsEmail: true,
      enableContactUsLiveChat: false,
      benefits: [{ id: 'vision', ...SAMPLE_VISION_PLAN }],
    });
    expect(created.status).toBe(201);
    const noChat = `/api/explorer-pages/${created.body.id as string}`;
    await eventually(async () => expect((await visitor.get(noChat)).status).toBe(200));
    const refused = await visitor.post(`${noChat}/support/conversations`, { language: 'en' });
    expect(refused.status).toBe(404);
  });

  it('relays a page’s own documents from the document store, and nothing else', async () => {
    const staff = apiClient(app.url);
    await staff.signIn(DEMO_USERS.find((u) => u.role === 'SLF_ADMIN')!.email, app.config.demoPassword);
    for (const documentId of ['sbc-1', 'sbc-2']) {
      const attached = await staff.post(
        `/api/clients/lakeside-manufacturing/explorer-pages/${DEMO_EXPLORER_PAGE_ID}/documents`,
        {
          documentId,
          documentKey: documentId,
          name: `Summary ${documentId}`,
          benefitType: 'DENTAL',
          language: 'en',
        },
      );
      expect(attached.status).toBe(201);
    }
    const base = `/api/explorer-pages/${DEMO_EXPLORER_PAGE_ID}/documents`;
    const file = await eventually(async () => {
      const answer = await apiClient(app.url).get(`${base}/sbc-1`);
      expect(answer.status).toBe(200);
      return answer;
    });
    expect(file.text).toBe('%PDF-1.7 summary');
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="Summary sbc-1.pdf"');
    // sbc-2 is on the page (once the projection has it) but the store has no file for it.
    await eventually(async () => {
      const missing = await apiClient(app.url).get(`${base}/sbc-2`);
      expect([missing.status, missing.body.message]).toEqual([
        404,
        'This document is not available for download yet',
      ]);
    });
    expect((await apiClient(app.url).get(`${base}/other`)).body.message).toBe('Document not found');
    expect((await get(app.url, PUBLIC_HOST, `${base}/sbc-1`)).status).toBe(200);
  });
});
