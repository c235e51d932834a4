import { describe, expect, it } from 'vitest';
import type { EmailEvent } from '@onboard/events';
import { foldEmail, isDue, isPermanentSmtpCode, retryDelayMs } from './outbox.ts';

const queued: EmailEvent = {
  type: 'EmailQueued',
  data: {
    emailId: 'e1',
    kind: 'PASSWORD_RESET',
    to: ['a@example.com'],
    cc: [],
    subject: 'S',
    body: 'B',
    html: null,
    clientId: null,
    userIds: ['u1'],
    resendOf: null,
    heldForDigest: false,
  },
};
const failed = (attempt: number, permanent: boolean, retryAt: string | null): EmailEvent => ({
  type: 'EmailDeliveryFailed',
  data: { emailId: 'e1', attempt, reason: 'Try again later', permanent, retryAt, rejected: [] },
});

/** The e-mail accepted by the server under this message id. */
const sentAs = (messageId: string): EmailEvent => ({
  type: 'EmailSent',
  data: {
    emailId: 'e1',
    to: ['a@example.com'],
    subject: 'S',
    body: 'B',
    clientId: null,
    messageId,
    response: '250 OK',
  },
});

describe('an e-mail in the outbox', () => {
  it('is queued and due at once, then sent with its status history', () => {
    const email = foldEmail([{ event: queued, occurredAt: '2026-01-01T00:00:00.000Z' }]);
    expect(isDue(email, new Date('2026-01-01T00:00:00.000Z'))).toBe(true);
    const sent = foldEmail([
      { event: queued, occurredAt: '2026-01-01T00:00:00.000Z' },
      { event: sentAs('<e1@x>'), occurredAt: '2026-01-01T00:00:01.000Z' },
    ]);
    expect(sent?.status).toBe('SENT');
    expect(isDue(sent, new Date('2026-01-02T00:00:00.000Z'))).toBe(false);
    expect(sent?.statusHistory.map((h) => [h.status, h.eventAt])).toEqual([
      ['QUEUED', '2026-01-01T00:00:00.000Z'],
      ['SENT', '2026-01-01T00:00:01.000Z'],
    ]);
  });

  it('waits for its retry time after a temporary failure, and stops at a permanent one', () => {
    const email = foldEmail([
      { event: queued, occurredAt: '2026-01-01T00:00:00.000Z' },
      { event: failed(1, false, '2026-01-01T00:00:30.000Z'), occurredAt: '2026-01-01T00:00:00.000Z' },
    ]);
    expect(email?.status).toBe('QUEUED');
    expect(isDue(email, new Date('2026-01-01T00:00:29.000Z'))).toBe(false);
    expect(isDue(email, new Date('2026-01-01T00:00:30.000Z'))).toBe(true);
    const dead = foldEmail([
      { event: queued, occurredAt: '2026-01-01T00:00:00.000Z' },
      { event: failed(2, true, null), occurredAt: '2026-01-01T00:01:00.000Z' },
    ]);
    expect(dead?.status).toBe('FAILED');
    expect(dead?.statusHistory.at(-1)).toEqual({
      status: 'FAILED',
      eventAt: '2026-01-01T00:01:00.000Z',
      reason: 'Try again later',
    });
    expect(isDue(dead, new Date('2030-01-01T00:00:00.000Z'))).toBe(false);
  });

  it('an attempt left open is not due again before its grace ends, and counts once when sent', () => {
    const attempted = (attempt: number, resendAfter: string): EmailEvent => ({
      type: 'EmailSendAttempted',
      data: { emailId: 'e1', attempt, messageId: '<e1@onboard.example>', resendAfter },
    });
    const open = foldEmail([
      { event: queued, occurredAt: '2026-01-01T00:00:00.000Z' },
      { event: attempted(1, '2026-01-01T00:15:00.000Z'), occurredAt: '2026-01-01T00:00:00.000Z' },
    ]);
    expect(open).toMatchObject({ status: 'QUEUED', attempts: 1, attemptInFlight: 1 });
    expect(isDue(open, new Date('2026-01-01T00:14:59.999Z'))).toBe(false);
    expect(isDue(open, new Date('2026-01-01T00:15:00.000Z'))).toBe(true);
    const resent = foldEmail([
      { event: queued, occurredAt: '2026-01-01T00:00:00.000Z' },
      { event: attempted(1, '2026-01-01T00:15:00.000Z'), occurredAt: '2026-01-01T00:00:00.000Z' },
      { event: attempted(2, '2026-01-01T00:30:00.000Z'), occurredAt: '2026-01-01T00:15:00.000Z' },
      { event: sentAs('<e1@onboard.example>'), occurredAt: '2026-01-01T00:15:01.000Z' },
    ]);
    expect(resent).toMatchObject({ status: 'SENT', attempts: 2, attemptInFlight: null, retryAt: null });
    expect(resent!.statusHistory.map((h) => [h.status, h.reason])).toEqual([
      ['QUEUED', null],
      [
        'QUEUED',
        'Attempt 1 was interrupted before its outcome was recorded; sending again with the same Message-ID',
      ],
      ['SENT', null],
    ]);
  });

  it('backs off four times longer each attempt, capped at two hours; only 5xx is permanent', () => {
    expect([1, 2, 3].map((n) => retryDelayMs(n, 1000, () => 1))).toEqual([1000, 4000, 16000]);
    expect([1, 2, 3].map((n) => retryDelayMs(n, 1000, () => 0))).toEqual([500, 2000, 8000]);
    expect(retryDelayMs(20, 30_000, () => 1)).toBe(2 * 60 * 60 * 1000);
    expect([550, 554, 451, 421, null].map(isPermanentSmtpCode)).toEqual([true, true, false, false, false]);
  });
});
