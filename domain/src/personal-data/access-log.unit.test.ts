import { describe, expect, it } from 'vitest';
import { ACCESS_LOG_EVENT_TYPES, accessLogEntry } from './access-log.ts';

describe('the access log of personal data', () => {
  it('lists an erasure in words, with whoever erased and why', () => {
    expect(
      accessLogEntry({
        type: 'PersonalDataErased',
        data: {
          clientId: 'client-1',
          scope: 'EMPLOYEE',
          employeeRef: 'ref-1',
          reason: 'PERSON_REQUEST',
          erasedBy: { userId: 'owner-1', role: 'SLF_OWNER' },
          erasedAt: '2026-11-29T10:00:00.000Z',
        },
      }),
    ).toEqual({
      kind: 'ERASURE',
      clientId: 'client-1',
      at: '2026-11-29T10:00:00.000Z',
      by: { userId: 'owner-1', role: 'SLF_OWNER' },
      what: 'One employee’s personal data',
      reason: 'The person asked for their data to be erased',
    });
  });

  it('reads the erasures, reveals and unmasked downloads, and nothing else', () => {
    expect([...ACCESS_LOG_EVENT_TYPES].sort()).toEqual([
      'PersonalDataDownloadedUnmasked',
      'PersonalDataErased',
      'PersonalDataRevealed',
    ]);
    expect(accessLogEntry({ type: 'EifSigned', data: {} })).toBeNull();
  });
});
