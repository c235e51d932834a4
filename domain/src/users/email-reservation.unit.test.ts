import { describe, expect, it } from 'vitest';
import { eventsOf, givenWhenThen, refusalOf } from '../testing/given-when-then.ts';
import { emailReservationDecider, type EmailReservationCommand } from './email-reservation.ts';

const metadata = { at: '2026-11-28T10:00:00.000Z', by: { userId: 'system', role: 'SYSTEM' } };
const given = givenWhenThen(emailReservationDecider);
const cmd = (type: EmailReservationCommand['type'], userId: string): EmailReservationCommand => ({
  type,
  data: { email: ' Pat@Example.com ', userId },
  metadata,
});
const reserved = { type: 'EmailReserved' as const, data: { email: 'pat@example.com', userId: 'u-1' } };
const released = { type: 'EmailReleased' as const, data: { email: 'pat@example.com', userId: 'u-1' } };

describe("an e-mail address's reservation", () => {
  it('goes to the first user, normalised; its holder asking again changes nothing', () => {
    expect(eventsOf(given().when(cmd('ReserveEmail', 'u-1')))).toEqual([reserved]);
    expect(eventsOf(given(reserved).when(cmd('ReserveEmail', 'u-1')))).toEqual([]);
  });

  it('is taken for anyone else until its holder releases it', () => {
    expect(refusalOf(given(reserved).when(cmd('ReserveEmail', 'u-2'))).code).toBe('EMAIL_TAKEN');
    expect(eventsOf(given(reserved).when(cmd('ReleaseEmail', 'u-2')))).toEqual([]);
    expect(eventsOf(given(reserved).when(cmd('ReleaseEmail', 'u-1')))).toEqual([released]);
    expect(eventsOf(given(reserved, released).when(cmd('ReserveEmail', 'u-2')))[0]?.data.userId).toBe('u-2');
  });
});
