import { describe, expect, it } from 'vitest';
import { keysFor } from './secrets.ts';
import { ACCESS_TOKEN_MINUTES, signAccessToken, verifyAccessToken } from './tokens.ts';

const now = new Date('2026-11-27T12:00:00Z');
const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000);

describe('access tokens', () => {
  const current = keysFor('current secret').access;
  const retired = keysFor('retired secret').access;

  it('verifies a token again from what it remembers, and stops at its expiry', async () => {
    const token = await signAccessToken(current, 'user-1', 'session-1', now);
    expect(await verifyAccessToken([current], token, now)).toEqual({
      userId: 'user-1',
      sessionId: 'session-1',
    });
    expect(await verifyAccessToken([current], token, later(ACCESS_TOKEN_MINUTES - 1))).toEqual({
      userId: 'user-1',
      sessionId: 'session-1',
    });
    expect(await verifyAccessToken([current], token, later(ACCESS_TOKEN_MINUTES))).toBeNull();
  });

  it('refuses a remembered token once the key that verified it has left the ring', async () => {
    const token = await signAccessToken(retired, 'user-2', 'session-2', now);
    expect(await verifyAccessToken([current, retired], token, now)).toEqual({
      userId: 'user-2',
      sessionId: 'session-2',
    });
    expect(await verifyAccessToken([current], token, now)).toBeNull();
  });

  it('refuses a token whose payload was changed after signing, even one seen before', async () => {
    const token = await signAccessToken(current, 'user-3', 'session-3', now);
    await verifyAccessToken([current], token, now);
    const [header, , signature] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ sid: 'session-9', sub: 'user-9', aud: 'onboard-access', exp: 9e9 }),
    ).toString('base64url');
    expect(await verifyAccessToken([current], `${header}.${forged}.${signature}`, now)).toBeNull();
  });
});
