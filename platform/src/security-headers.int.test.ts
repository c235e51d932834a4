import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedDatabase } from '@onboard/testing/db';
import { startApp, type RunningApp } from './app.ts';
import { embeddedTestConfig } from './config.ts';

describe('security headers', () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startApp(
      embeddedTestConfig(await migratedDatabase('headers'), { webDist: null, seedDemoData: false }),
    );
  });
  afterAll(async () => {
    await app?.stop();
  });

  it.each(['/api/health', '/api/users/authenticated', '/api/no-such-route'])(
    'sets them on %s',
    async (path) => {
      const res = await fetch(`${app.url}${path}`);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-powered-by')).toBeNull();
    },
  );

  it('keeps the strict Content-Security-Policy, directive for directive', async () => {
    const res = await fetch(`${app.url}/api/health`);
    const directives = (policy: string) =>
      policy
        .split(';')
        .map((d) => d.trim().replaceAll(/\s+/g, ' '))
        .filter(Boolean)
        .sort();
    expect(directives(res.headers.get('content-security-policy')!)).toEqual(
      directives(
        "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'",
      ),
    );
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
  });

  it('sends HSTS only when the request came over https (the edge says so in X-Forwarded-Proto)', async () => {
    const plain = await fetch(`${app.url}/api/health`);
    expect(plain.headers.get('strict-transport-security')).toBeNull();
    const secure = await fetch(`${app.url}/api/health`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(secure.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    const notFound = await fetch(`${app.url}/api/no-such-route`, {
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(notFound.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });

  it('refuses a mutation without the CSRF header, whoever sends it', async () => {
    const res = await fetch(`${app.url}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'owner@onboard.example', password: 'x' }),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'INVALID_CSRF_TOKEN', message: 'invalid csrf token' });
  });
});
