import { describe, expect, it } from 'vitest';
import { hubEntry, setupPendingPath, welcomePath, type Read } from './entry.ts';

const done = <T>(value: T): Read<T> => ({ state: 'done', value });
const loading = { state: 'loading' } as const;
const failed = { state: 'failed' } as const;
const setUp = done({ completedSetup: true });
const notSetUp = done({ completedSetup: false });
const welcomed = done({ welcomeFlowCompletedAt: '2026-11-24T10:00:00.000Z' });
const notWelcomed = done({ welcomeFlowCompletedAt: null });

describe('hubEntry', () => {
  it('waits for the signed-in user', () => {
    expect(hubEntry(null, setUp, welcomed)).toBe('checking');
  });

  it('never sends staff anywhere, whatever the client’s state', () => {
    for (const role of ['SLF_ADMIN', 'SLF_OWNER'] as const) {
      expect(hubEntry(role, notSetUp, notWelcomed)).toBe('hub');
      expect(hubEntry(role, loading, loading)).toBe('hub');
    }
  });

  it('sends the client’s people to setup-pending while setup is not complete, before the welcome flow', () => {
    for (const role of ['BEN_ADMIN', 'BROKER'] as const) {
      expect(hubEntry(role, notSetUp, notWelcomed)).toBe('setup-pending');
      expect(hubEntry(role, notSetUp, loading)).toBe('setup-pending');
      expect(hubEntry(role, notSetUp, welcomed)).toBe('setup-pending');
    }
  });

  it('sends them to the welcome flow once setup is complete and they have not been through it', () => {
    expect(hubEntry('BEN_ADMIN', setUp, notWelcomed)).toBe('welcome');
    expect(hubEntry('BROKER', setUp, notWelcomed)).toBe('welcome');
  });

  it('lets them into the hub once set up and welcomed', () => {
    expect(hubEntry('BEN_ADMIN', setUp, welcomed)).toBe('hub');
  });

  it('waits while a read it needs is still loading', () => {
    expect(hubEntry('BEN_ADMIN', loading, notWelcomed)).toBe('checking');
    expect(hubEntry('BEN_ADMIN', setUp, loading)).toBe('checking');
  });

  it('lets them into the hub when a read fails rather than keeping them out', () => {
    expect(hubEntry('BEN_ADMIN', failed, failed)).toBe('hub');
    expect(hubEntry('BEN_ADMIN', failed, notWelcomed)).toBe('welcome');
    expect(hubEntry('BROKER', setUp, failed)).toBe('hub');
  });

  it('builds the two paths under the client', () => {
    expect(welcomePath('a b')).toBe('/client/a%20b/welcome');
    expect(setupPendingPath('lakeside')).toBe('/client/lakeside/setup-pending');
  });
});
