import type { DomainEvent, EmailEvent, EmailQueued } from '@onboard/events';
import { accepted, onceDecider, refused, type Command, type Decider, type Intent } from '../decider.ts';
import { evolveEmail, type OutboxEmail } from './outbox.ts';

type Event<T extends DomainEvent['type']> = Extract<DomainEvent, { type: T }>;

export type EmailError = {
  code: 'NOT_FOUND' | 'ALREADY_EXISTS' | 'NOT_DUE' | 'NOT_SENT' | 'NOT_HELD';
  message: string;
};

/** The delivery worker's outcome of one attempt, as it sent it (the worker talks to the mail server). */
export type DeliveryOutcome =
  | { type: 'EmailSent'; data: Event<'EmailSent'>['data'] }
  | { type: 'EmailDeliveryFailed'; data: Event<'EmailDeliveryFailed'>['data'] };

/** The outbox's commands on one e-mail, `email-{emailId}` (ARCHITECTURE "How an e-mail leaves"). */
export type EmailCommand =
  /** Queue an e-mail; `printedOnConsole` (no mail server): it is recorded as sent in the same write. */
  | Command<'QueueEmail', { email: EmailQueued['data']; printedOnConsole: boolean }>
  /**
   * Record that attempt `attempt` begins, before the e-mail is handed to the mail server, so a worker
   * killed after the server took it leaves the attempt open: the e-mail is due again only at
   * `resendAfter`, with the same Message-ID (at least once, duplicates identifiable). An e-mail whose last
   * attempt was interrupted and whose attempts are used up fails for good instead.
   */
  | Command<
      'BeginDeliveryAttempt',
      { attempt: number; messageId: string; resendAfter: string; maxAttempts: number }
    >
  /** Record attempt `attempt`'s outcome; only the attempt the e-mail waits for is recorded. */
  | Command<'RecordDeliveryOutcome', { attempt: number; outcome: DeliveryOutcome }>
  | Command<'RecordEmailOpened', { emailId: string }>
  | Command<'IncludeInDigest', { emailId: string; digestEmailId: string }>;
export type EmailIntent = Intent<EmailCommand>;

const refuse = (code: EmailError['code'], message: string) => refused<EmailError>({ code, message });

/** An e-mail's stream: null until it is queued; then the outbox's fold (`evolveEmail`). */
export const emailDecider: Decider<OutboxEmail | null, EmailCommand, EmailEvent, EmailError> = {
  initialState: () => null,
  decide(command, email) {
    switch (command.type) {
      case 'QueueEmail': {
        if (email) return refuse('ALREADY_EXISTS', 'This e-mail is already queued');
        const { email: queued, printedOnConsole } = command.data;
        const events: EmailEvent[] = [{ type: 'EmailQueued', data: queued }];
        if (printedOnConsole && !queued.heldForDigest)
          events.push({
            type: 'EmailSent',
            data: {
              emailId: queued.emailId,
              to: queued.to,
              subject: queued.subject,
              body: queued.body,
              clientId: queued.clientId,
              messageId: null,
              response: 'printed on the console',
            },
          });
        return accepted(...events);
      }
      case 'BeginDeliveryAttempt': {
        if (!email) return refuse('NOT_FOUND', 'Email not found');
        const { attempt, messageId, resendAfter, maxAttempts } = command.data;
        if (email.status !== 'QUEUED' || email.attempts !== attempt - 1)
          return refuse('NOT_DUE', 'This attempt is recorded already');
        if (email.attemptInFlight && email.attempts >= maxAttempts)
          return accepted({
            type: 'EmailDeliveryFailed',
            data: {
              emailId: email.emailId,
              attempt: email.attempts,
              reason: `Attempt ${email.attempts} was interrupted before its outcome was recorded, and no attempts are left`,
              permanent: true,
              retryAt: null,
              rejected: [],
            },
          });
        return accepted({
          type: 'EmailSendAttempted',
          data: { emailId: email.emailId, attempt, messageId, resendAfter },
        });
      }
      case 'RecordDeliveryOutcome': {
        if (!email) return refuse('NOT_FOUND', 'Email not found');
        const { attempt } = command.data;
        // The attempt recorded as begun, or (an e-mail sent before attempts were recorded) the next one.
        const waitsFor = email.attemptInFlight
          ? email.attemptInFlight === attempt
          : email.attempts === attempt - 1;
        if (email.status !== 'QUEUED' || !waitsFor)
          return refuse('NOT_DUE', 'This attempt is recorded already');
        return accepted(command.data.outcome);
      }
      case 'RecordEmailOpened':
        if (!email || !['SENT', 'DELIVERED'].includes(email.status))
          return refuse('NOT_SENT', 'Only a sent e-mail is opened');
        return accepted({ type: 'EmailOpened', data: { emailId: command.data.emailId } });
      case 'IncludeInDigest':
        if (!email) return refuse('NOT_FOUND', 'Email not found');
        if (email.status !== 'HELD') return refuse('NOT_HELD', 'Only a held e-mail goes in a digest');
        return accepted({ type: 'EmailIncludedInDigest', data: command.data });
    }
  },
  // The state's status history carries no times: deciding needs only the status and the attempts.
  evolve: (email, event) => evolveEmail(email, event, ''),
};

/** A person's choice of the daily digest, `email-preferences-{userId}`: each choice replaces the last. */
export type EmailPreferencesCommand = Command<'ChooseDigest', { userId: string; daily: boolean }>;
export const emailPreferencesDecider: Decider<
  { daily: boolean },
  EmailPreferencesCommand,
  Event<'EmailDigestChosen'>
> = {
  initialState: () => ({ daily: false }),
  decide: (command) => accepted({ type: 'EmailDigestChosen', data: command.data }),
  evolve: (_, event) => ({ daily: event.data.daily }),
};

/** A client's notification rules, `email-rules-{clientId}`, replaced whole (checked by `ruleErrors`). */
export type EmailRulesCommand = Command<'SetClientEmailRules', Event<'ClientEmailRulesSet'>['data']>;
export const emailRulesDecider: Decider<
  { rules: Event<'ClientEmailRulesSet'>['data']['rules'] | null },
  EmailRulesCommand,
  Event<'ClientEmailRulesSet'>
> = {
  initialState: () => ({ rules: null }),
  decide: (command) => accepted({ type: 'ClientEmailRulesSet', data: command.data }),
  evolve: (_, event) => ({ rules: event.data.rules }),
};

/** One day's digest run, `email-digest-run-{day}`: claimed once, so one replica sends the day's digests. */
export type DigestRunCommand = Command<'ClaimDigestRun', { day: string }>;
export const digestRunDecider = onceDecider<DigestRunCommand, Event<'EmailDigestRunClaimed'>, EmailError>(
  (command) => ({ type: 'EmailDigestRunClaimed', data: command.data }),
  { code: 'ALREADY_EXISTS', message: 'This day is claimed already' },
);
