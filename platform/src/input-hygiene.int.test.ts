import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededDatabase } from '@onboard/testing/db';
import { startApp, type RunningApp } from './app.ts';
import { embeddedTestConfig } from './config.ts';

const NOT_CLEAN = 'Must not contain NUL characters or unpaired surrogates';

describe('the input-hygiene layer', () => {
  let app: RunningApp;
  let logged = '';
  const webDist = mkdtempSync(join(tmpdir(), 'onboard-web-'));

  beforeAll(async () => {
    // A built web app of two files: the page and one asset.
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Onboard</title>');
    writeFileSync(join(webDist, 'assets', 'app.js'), 'console.log(1)');
    app = await startApp(
      embeddedTestConfig(await seededDatabase('hygiene'), { webDist, seedDemoData: true, logLevel: 'info' }),
      { logDestination: { write: (line: string) => void (logged += line) } },
    );
  });
  afterAll(async () => {
    await app?.stop();
    rmSync(webDist, { recursive: true, force: true });
  });

  /** A raw request with the CSRF pair, so what is checked is the input alone. */
  const raw = async (
    method: string,
    path: string,
    init: { headers?: Record<string, string>; body?: BodyInit } = {},
  ) => {
    const csrf = await fetch(`${app.url}/api/auth/csrf`);
    const token = /onboard_csrf=([^;]+)/.exec(csrf.headers.getSetCookie().join(';'))![1]!;
    const res = await fetch(`${app.url}${path}`, {
      method,
      headers: { cookie: `onboard_csrf=${token}`, 'x-csrf-token': token, ...init.headers },
      body: init.body,
    });
    const text = await res.text();
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      // Not JSON: the text is asserted on.
    }
    return { status: res.status, body, text, contentType: res.headers.get('content-type') };
  };

  it('refuses NUL in a path segment, naming the parameter', async () => {
    const res = await raw('GET', '/api/explorer-pages/a%00b');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      validationError: { 'params.idOrSlug': NOT_CLEAN },
    });
  });

  it('refuses NUL and a lone surrogate in the query', async () => {
    for (const value of ['%00', '%ED%A0%80x']) {
      const res = await raw('GET', `/api/explorer-pages/lakeside?language=en${value}`);
      expect(res.status, value).toBe(400);
    }
    const surrogate = await raw('GET', '/api/explorer-pages/lakeside?language=%ED%A0%80');
    expect(surrogate.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      validationError: { 'query.language': 'Not valid percent-encoded UTF-8' },
    });
    const nul = await raw('GET', '/api/explorer-pages/lakeside?language=e%00n');
    expect(nul.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      validationError: { 'query.language': NOT_CLEAN },
    });
  });

  it('refuses NUL and lone surrogates in any JSON string or key, naming the field', async () => {
    const cases: [string, string][] = [
      ['{"username":"owner\\u0000@onboard.example","password":"x"}', 'body.username'],
      ['{"username":"owner@onboard.example","password":"x\\ud800"}', 'body.password'],
      ['{"username":"owner@onboard.example","password":"\\udc00x"}', 'body.password'],
      ['{"username":"owner@onboard.example","password":"x","extra":[{"a":"\\u0000"}]}', 'body.extra.0.a'],
    ];
    for (const [body, field] of cases) {
      const res = await raw('POST', '/api/auth/sign-in', {
        headers: { 'content-type': 'application/json' },
        body,
      });
      expect(res.status, body).toBe(400);
      expect(res.body, body).toMatchObject({
        code: 'VALIDATION_ERROR',
        validationError: { [field]: NOT_CLEAN },
      });
    }
    // A pair of surrogates is one character, and fine.
    const emoji = await raw('POST', '/api/auth/sign-in', {
      headers: { 'content-type': 'application/json' },
      body: '{"username":"\\ud83d\\ude00@onboard.example","password":"x"}',
    });
    expect(emoji.status).toBe(401);
  });

  it('answers 400 for a malformed percent-encoding in the path', async () => {
    for (const path of ['/api/clients/%E0%A4%A', '/api/explorer-pages/%ZZ', '/client/%E0%A4%A']) {
      const res = await raw('GET', path);
      expect(res.status, path).toBe(400);
      expect(res.body, path).toMatchObject({ code: 'MALFORMED_PATH' });
    }
  });

  it('answers 415 to a JSON endpoint sent another content type', async () => {
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const res = await raw('POST', '/api/auth/sign-in', {
        headers: { 'content-type': type },
        body: 'username=owner%40onboard.example&password=x',
      });
      expect(res.status, type).toBe(415);
      expect(res.body).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    }
  });

  it('answers 415 to a charset or content encoding it does not read, and reads gzip', async () => {
    const body = JSON.stringify({ username: 'nobody@onboard.example', password: 'x' });
    const latin1 = await raw('POST', '/api/auth/sign-in', {
      headers: { 'content-type': 'application/json; charset=latin1' },
      body,
    });
    expect(latin1.status).toBe(415);
    expect(latin1.body).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    const compress = await raw('POST', '/api/auth/sign-in', {
      headers: { 'content-type': 'application/json', 'content-encoding': 'compress' },
      body,
    });
    expect(compress.status).toBe(415);
    // Declared gzip, sent plain: the body does not decode.
    const notGzip = await raw('POST', '/api/auth/sign-in', {
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body,
    });
    expect(notGzip.status).toBe(400);
    const gzip = await raw('POST', '/api/auth/sign-in', {
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: gzipSync(body),
    });
    expect(gzip.status).toBe(401);
    expect(gzip.body).toMatchObject({ code: 'INVALID_CREDENTIALS' });
  });

  it('answers a malformed JSON body and a too-large one as problem+json, like every other error', async () => {
    const malformed = await raw('POST', '/api/auth/sign-in', {
      headers: { 'content-type': 'application/json' },
      body: '{"username": ',
    });
    expect(malformed.status).toBe(400);
    expect(malformed.contentType).toBe('application/problem+json; charset=utf-8');
    expect(malformed.body).toEqual({
      type: 'about:blank',
      title: 'The request body is not valid JSON',
      status: 400,
      code: 'MALFORMED_JSON',
      message: 'The request body is not valid JSON',
    });
    const tooLarge = await raw('POST', '/api/auth/sign-in', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'x', password: 'p'.repeat(1_100_000) }),
    });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.contentType).toBe('application/problem+json; charset=utf-8');
    expect(tooLarge.body).toMatchObject({ type: 'about:blank', title: 'The request body is too large' });
    // The anonymous analytics call has its own, smaller limit: the same answer.
    const analytics = await raw('POST', '/api/analytics/events', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        events: [{ kind: 'page', event: 'page', properties: { x: 'y'.repeat(40_000) } }],
      }),
    });
    expect(analytics.status).toBe(413);
    expect(analytics.contentType).toBe('application/problem+json; charset=utf-8');
    expect(analytics.body).toMatchObject({ type: 'about:blank', code: 'PAYLOAD_TOO_LARGE' });
    // No route, and no CSRF token: problem+json too.
    const missing = await raw('GET', '/api/no-such-route');
    expect(missing.contentType).toBe('application/problem+json; charset=utf-8');
    expect(missing.body).toMatchObject({ type: 'about:blank', status: 404 });
    const noCsrf = await fetch(`${app.url}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(noCsrf.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
    expect(await noCsrf.json()).toMatchObject({ type: 'about:blank', title: 'invalid csrf token' });
  });

  it('refuses every charset but UTF-8, and a JSON body that is not valid UTF-8', async () => {
    const body = JSON.stringify({ username: 'nobody@onboard.example', password: 'x' });
    for (const charset of ['utf-7', 'UTF-16', 'utf-32le', 'iso-8859-1']) {
      const res = await raw('POST', '/api/auth/sign-in', {
        headers: { 'content-type': `application/json; charset=${charset}` },
        body,
      });
      expect(res.status, charset).toBe(415);
      expect(res.body).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    }
    for (const charset of ['utf-8', 'UTF-8', '"utf-8"']) {
      const res = await raw('POST', '/api/auth/sign-in', {
        headers: { 'content-type': `application/json; charset=${charset}` },
        body,
      });
      expect(res.status, charset).toBe(401);
    }
    // A lone continuation byte and an overlong encoding inside a string: refused, not stored as U+FFFD.
    for (const bad of [Buffer.from([0x80]), Buffer.from([0xc0, 0xaf])]) {
      const bytes = Buffer.concat([
        Buffer.from('{"username":"nobody'),
        bad,
        Buffer.from('@onboard.example","password":"x"}'),
      ]);
      const res = await raw('POST', '/api/auth/sign-in', {
        headers: { 'content-type': 'application/json' },
        body: bytes,
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        code: 'VALIDATION_ERROR',
        validationError: { body: 'The request body is not valid UTF-8' },
      });
    }
    const analytics = await raw('POST', '/api/analytics/events', {
      headers: { 'content-type': 'application/json' },
      body: Buffer.concat([
        Buffer.from('{"events":[{"kind":"page","event":"p'),
        Buffer.from([0xff]),
        Buffer.from('"}]}'),
      ]),
    });
    expect(analytics.status).toBe(400);
  });

  it('never answers a PostgreSQL data error as 500', async () => {
    // A value the validation lets through but PostgreSQL refuses (class 22) reaches the error middleware.
    const before = logged.length;
    const { errorMiddleware } = await import('./http/errors.ts');
    const sent: { status?: number; body?: unknown } = {};
    const response = {
      headersSent: false,
      status(code: number) {
        sent.status = code;
        return this;
      },
      type() {
        return this;
      },
      set() {
        return this;
      },
      json(body: unknown) {
        sent.body = body;
        return this;
      },
    };
    const dataError = Object.assign(new Error('invalid input syntax for type bigint: "x"'), {
      code: '22P02',
      severity: 'ERROR',
    });
    errorMiddleware(app.logger)(
      dataError,
      { method: 'GET', originalUrl: '/x' } as never,
      response as never,
      () => {},
    );
    expect(sent).toMatchObject({ status: 400, body: { code: 'INVALID_VALUE' } });
    expect(logged.slice(before)).not.toContain('request failed');
  });

  it('answers 404 for a static file that is not there, and the page for a route', async () => {
    const missing = await raw('GET', '/assets/missing.js');
    expect(missing.status).toBe(404);
    expect(missing.text).not.toContain('<title>Onboard</title>');
    expect((await raw('GET', '/favicon-missing.png')).status).toBe(404);
    const asset = await raw('GET', '/assets/app.js');
    expect(asset.status).toBe(200);
    const page = await raw('GET', '/clients/admin');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<title>Onboard</title>');
  });

  it('logs no stack trace for any of it', () => {
    expect(logged).not.toContain('request failed');
  });
});
