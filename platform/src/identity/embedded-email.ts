import { emailStream, type EventStore } from '@onboard/events';
import type { EmailSender } from '@onboard/command-api/auth';

/**
 * The embedded default's EmailSender: no SMTP server, so an e-mail is an EmailSent event on
 * `email-{emailId}` (the bus publisher turns it into EMAIL_SENT, the `emails` projection into rm_emails)
 * and one console line with the link, which is how a developer opens an activation link locally.
 */
export function embeddedEmailSender(options: {
  store: EventStore;
  now: () => Date;
  newId: () => string;
  print?: (line: string) => void;
}): EmailSender {
  const print = options.print ?? ((line: string) => console.log(line));
  return {
    send: async (email) => {
      const emailId = options.newId();
      await options.store.append(
        emailStream(emailId),
        [
          {
            id: options.newId(),
            type: 'EmailSent',
            data: {
              emailId,
              to: email.to,
              subject: email.subject,
              body: email.body,
              clientId: email.clientId,
            },
            metadata: {
              actorId: email.actor.userId,
              actorRole: email.actor.role,
              occurredAt: options.now().toISOString(),
              correlationId: emailId,
            },
          },
        ],
        'no_stream',
      );
      print(`[email] ${email.to.join(', ')} — ${email.subject}${email.link ? ` — ${email.link}` : ''}`);
      return { emailId };
    },
  };
}
