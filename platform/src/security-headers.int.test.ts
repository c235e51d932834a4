import { describe, expect, it } from 'vitest';
import { migratedDatabase } from '@onboard/testing/db';
import { appForTests } from './testing/seeded-app.ts';

describe('security headers', () => {
  const running = appForTests(() => migratedDatabase('headers'), { seedDemoData: false });

  it.each(['/api/health', '/api/users/authenticated', '/api/no-such-route'])(
    'sets them on %s',
    async (path) => {
      const res = await fetch(`${running.app.url}${path}`);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-powered-by')).toBeNull();
    },
  );

  it('keeps the strict Content-Security-Policy, directive for directive', async () => {
    const res = await fetch(`${running.app.url}/api/health`);
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
    const plain = await fetch(`${running.app.url}/api/health`);
    expect(plain.headers.get('strict-transport-security')).toBeNull();
    const secure = await fetch(`${running.app.url}/api/health`, {
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(secure.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    const notFound = await fetch(`${running.app.url}/api/no-such-route`, {
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(notFound.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });

  it('refuses a mutation without the CSRF header, whoever sends it', async () => {
    const res = await fetch(`${running.app.url}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'owner@onboard.example', password: 'x' }),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'INVALID_CSRF_TOKEN', message: 'invalid csrf token' });
  });
});
