import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './errors.ts';
import { apiRequest, setApiNavigator } from './http.ts';

type Call = { path: string; method: string };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const INVALID_TOKEN = { status: 401, code: 'INVALID_TOKEN', message: 'Invalid token' };

describe('401 Invalid token: refresh once and retry (platform §8, identity contract)', () => {
  let calls: Call[];
  let navigations: string[];

  const serve = (answers: Record<string, Response[]>) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string, init: RequestInit) => {
        calls.push({ path, method: init.method ?? 'GET' });
        const next = answers[path]?.shift();
        if (!next) throw new Error(`unexpected call ${path}`);
        return next;
      }),
    );
  };

  beforeEach(() => {
    calls = [];
    navigations = [];
    vi.stubGlobal('document', { cookie: 'onboard_csrf=t1' });
    vi.stubGlobal('window', { location: { pathname: '/brokers/admin/', search: '' } });
    setApiNavigator((to) => navigations.push(to));
  });

  afterEach(() => vi.unstubAllGlobals());

  it('renews the access token and retries the request', async () => {
    serve({
      '/api/users/broker': [json(401, INVALID_TOKEN), json(200, { items: [], total: 0 })],
      '/api/auth/refresh': [new Response(null, { status: 204 })],
    });
    await expect(apiRequest('GET', '/api/users/broker')).resolves.toEqual({ items: [], total: 0 });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /api/users/broker',
      'POST /api/auth/refresh',
      'GET /api/users/broker',
    ]);
    expect(navigations).toEqual([]);
  });

  it('shares one refresh between concurrent failures (the refresh token rotates)', async () => {
    serve({
      '/a': [json(401, INVALID_TOKEN), json(200, 'a')],
      '/b': [json(401, INVALID_TOKEN), json(200, 'b')],
      '/api/auth/refresh': [new Response(null, { status: 204 })],
    });
    await expect(Promise.all([apiRequest('GET', '/a'), apiRequest('GET', '/b')])).resolves.toEqual([
      'a',
      'b',
    ]);
    expect(calls.filter((c) => c.path === '/api/auth/refresh')).toHaveLength(1);
  });

  it('goes to login with a redirect back when the refresh fails', async () => {
    serve({
      '/api/users/broker': [json(401, INVALID_TOKEN)],
      '/api/auth/refresh': [json(401, INVALID_TOKEN)],
    });
    await expect(apiRequest('GET', '/api/users/broker')).rejects.toBeInstanceOf(ApiError);
    expect(navigations).toEqual(['/login?redirect=%2Fbrokers%2Fadmin%2F']);
  });

  it('retries only once, and sends any other 401 straight to login', async () => {
    serve({
      '/x': [json(401, INVALID_TOKEN), json(401, INVALID_TOKEN)],
      '/api/auth/refresh': [new Response(null, { status: 204 })],
      '/y': [json(401, { code: 'UNAUTHENTICATED', message: 'Sign in first' })],
    });
    await expect(apiRequest('GET', '/x')).rejects.toBeInstanceOf(ApiError);
    expect(calls.filter((c) => c.path === '/x')).toHaveLength(2);
    await expect(apiRequest('GET', '/y')).rejects.toMatchObject({ message: 'Sign in first' });
    expect(navigations).toEqual([
      '/login?redirect=%2Fbrokers%2Fadmin%2F',
      '/login?redirect=%2Fbrokers%2Fadmin%2F',
    ]);
    expect(calls.filter((c) => c.path === '/api/auth/refresh')).toHaveLength(1);
  });

  it('leaves a 401 to the caller when asked (wrong password on sign-in)', async () => {
    serve({ '/api/auth/sign-in': [json(401, { code: 'INVALID_CREDENTIALS', message: 'wrong' })] });
    await expect(
      apiRequest('POST', '/api/auth/sign-in', { body: {}, skipLoginRedirect: true }),
    ).rejects.toMatchObject({
      code: 'INVALID_CREDENTIALS',
    });
    expect(navigations).toEqual([]);
  });
});
