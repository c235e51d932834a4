import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '@onboard/testing/db';
import { startApp, type RunningApp } from './app.ts';
import { embeddedTestConfig } from './config.ts';

describe('security headers', () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startApp(
      embeddedTestConfig(await freshDatabase('headers'), { webDist: null, seedDemoData: false }),
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
