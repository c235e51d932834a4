import { describe, expect, it } from 'vitest';
import type { EmailEvent, EmailQueued } from '@onboard/events';
import { commandBuilder, eventsOf, givenWhenThen, refusalOf } from '../testing/given-when-then.ts';
import {
  digestRunDecider,
  emailDecider,
  emailPreferencesDecider,
  emailRulesDecider,
  type EmailCommand,
} from './decider.ts';

const at = '2026-11-28T10:00:00.000Z';
const metadata = { at, by: { userId: 'system:email-delivery', role: 'SYSTEM' } };
const cmd = commandBuilder<EmailCommand>(metadata);
const email = (heldForDigest = false): EmailQueued['data'] => ({
  emailId: 'e-1',
  kind: 'OTHER',
  to: ['pat@example.com'],
  cc: [],
  subject: 'Hello',
  body: 'Hi Pat',
  html: null,
  clientId: 'c-1',
  userIds: ['u-1'],
  resendOf: null,
  heldForDigest,
});
const queued = (held = false): EmailEvent => ({ type: 'EmailQueued', data: email(held) });
const sent = {
  type: 'EmailSent' as const,
  data: {
    emailId: 'e-1',
    to: ['pat@example.com'],
    subject: 'Hello',
    body: 'Hi Pat',
    clientId: 'c-1',
    messageId: '<e-1@onboard>',
    response: '250 OK',
  },
};
const failed = (attempt: number, permanent = false) => ({
  type: 'EmailDeliveryFailed' as const,
  data: {
    emailId: 'e-1',
    attempt,
    reason: 'timeout',
    permanent,
    retryAt: permanent ? null : at,
    rejected: [],
  },
});
const given = givenWhenThen(emailDecider);

describe('an e-mail in the outbox', () => {
  it('is queued once', () => {
    expect(eventsOf(given().when(cmd('QueueEmail', { email: email(), printedOnConsole: false })))).toEqual([
      queued(),
    ]);
    expect(
      refusalOf(given(queued()).when(cmd('QueueEmail', { email: email(), printedOnConsole: false }))).code,
    ).toBe('ALREADY_EXISTS');
  });

  it('printed on the console, is recorded as sent in the same write, unless it is held for the digest', () => {
    const [, printed] = eventsOf(given().when(cmd('QueueEmail', { email: email(), printedOnConsole: true })));
    expect(printed).toEqual({
      type: 'EmailSent',
      data: { ...sent.data, messageId: null, response: 'printed on the console' },
    });
    expect(eventsOf(given().when(cmd('QueueEmail', { email: email(true), printedOnConsole: true })))).toEqual(
      [queued(true)],
    );
  });

  it('records the outcome of the attempt it waits for, and of no other', () => {
    expect(
      eventsOf(given(queued()).when(cmd('RecordDeliveryOutcome', { attempt: 1, outcome: sent }))),
    ).toEqual([sent]);
    expect(
      eventsOf(
        given(queued(), failed(1)).when(cmd('RecordDeliveryOutcome', { attempt: 2, outcome: failed(2) })),
      ),
    ).toEqual([failed(2)]);
    expect(
      refusalOf(given(queued(), failed(1)).when(cmd('RecordDeliveryOutcome', { attempt: 1, outcome: sent })))
        .code,
    ).toBe('NOT_DUE');
    expect(
      refusalOf(given(queued(), sent).when(cmd('RecordDeliveryOutcome', { attempt: 2, outcome: sent }))).code,
    ).toBe('NOT_DUE');
    expect(refusalOf(given().when(cmd('RecordDeliveryOutcome', { attempt: 1, outcome: sent }))).code).toBe(
      'NOT_FOUND',
    );
  });

  describe('an attempt recorded before it is sent', () => {
    const attempted = (attempt: number): EmailEvent => ({
      type: 'EmailSendAttempted',
      data: { emailId: 'e-1', attempt, messageId: '<e-1@onboard>', resendAfter: at },
    });
    const begin = (attempt: number, maxAttempts = 6) =>
      cmd('BeginDeliveryAttempt', { attempt, messageId: '<e-1@onboard>', resendAfter: at, maxAttempts });

    it('begins the next attempt, and only once', () => {
      expect(eventsOf(given(queued()).when(begin(1)))).toEqual([attempted(1)]);
      expect(refusalOf(given(queued(), attempted(1)).when(begin(1))).code).toBe('NOT_DUE');
      expect(refusalOf(given(queued(), sent).when(begin(2))).code).toBe('NOT_DUE');
      expect(refusalOf(given().when(begin(1))).code).toBe('NOT_FOUND');
    });

    it('records the outcome of the attempt begun, and of no other', () => {
      const outcome = (attempt: number) => cmd('RecordDeliveryOutcome', { attempt, outcome: sent });
      expect(eventsOf(given(queued(), attempted(1)).when(outcome(1)))).toEqual([sent]);
      expect(refusalOf(given(queued(), attempted(1)).when(outcome(2))).code).toBe('NOT_DUE');
    });

    it('after an interrupted attempt, begins the next one with the same Message-ID', () => {
      expect(eventsOf(given(queued(), attempted(1)).when(begin(2)))).toEqual([attempted(2)]);
    });

    it('fails for good when the last attempt was interrupted and none is left', () => {
      const [event] = eventsOf(given(queued(), attempted(1), attempted(2)).when(begin(3, 2)));
      expect(event).toMatchObject({ type: 'EmailDeliveryFailed', data: { attempt: 2, permanent: true } });
    });
  });

  it('is opened once it was sent, and only the first time', () => {
    const opened: EmailEvent = { type: 'EmailOpened', data: { emailId: 'e-1' } };
    expect(eventsOf(given(queued(), sent).when(cmd('RecordEmailOpened', { emailId: 'e-1' })))).toEqual([
      opened,
    ]);
    expect(refusalOf(given(queued()).when(cmd('RecordEmailOpened', { emailId: 'e-1' }))).code).toBe(
      'NOT_SENT',
    );
    expect(
      refusalOf(given(queued(), sent, opened).when(cmd('RecordEmailOpened', { emailId: 'e-1' }))).code,
    ).toBe('NOT_SENT');
  });

  it('goes in one digest when it is held', () => {
    const included: EmailEvent = {
      type: 'EmailIncludedInDigest',
      data: { emailId: 'e-1', digestEmailId: 'd-1' },
    };
    const include = cmd('IncludeInDigest', { emailId: 'e-1', digestEmailId: 'd-1' });
    expect(eventsOf(given(queued(true)).when(include))).toEqual([included]);
    expect(refusalOf(given(queued(true), included).when(include)).code).toBe('NOT_HELD');
    expect(refusalOf(given(queued()).when(include)).code).toBe('NOT_HELD');
  });
});

describe("a person's digest choice, a client's rules and a day's digest run", () => {
  it('records each choice', () => {
    const chosen = { type: 'EmailDigestChosen' as const, data: { userId: 'u-1', daily: true } };
    const given = givenWhenThen(emailPreferencesDecider);
    expect(given(chosen).state).toEqual({ daily: true });
    expect(
      eventsOf(given(chosen).when({ type: 'ChooseDigest', data: { userId: 'u-1', daily: false }, metadata })),
    ).toEqual([{ type: 'EmailDigestChosen', data: { userId: 'u-1', daily: false } }]);
  });

  it('replaces the rules whole', () => {
    const rules = [{ kind: 'OTHER' as const, to: ['BEN_ADMIN' as const], ccRoles: [], ccAddresses: [] }];
    expect(
      eventsOf(
        givenWhenThen(emailRulesDecider)().when({
          type: 'SetClientEmailRules',
          data: { clientId: 'c-1', rules },
          metadata,
        }),
      ),
    ).toEqual([{ type: 'ClientEmailRulesSet', data: { clientId: 'c-1', rules } }]);
  });

  it('claims a day once', () => {
    const given = givenWhenThen(digestRunDecider);
    const claim = { type: 'ClaimDigestRun' as const, data: { day: '2026-11-28' }, metadata };
    const claimed = { type: 'EmailDigestRunClaimed' as const, data: { day: '2026-11-28' } };
    expect(eventsOf(given().when(claim))).toEqual([claimed]);
    expect(refusalOf(given(claimed).when(claim)).code).toBe('ALREADY_EXISTS');
  });
});
