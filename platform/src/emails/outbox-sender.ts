import { emailStream, handleCommand, type EventStore } from '@onboard/events';
import { emailDecider, ValidationError, emailMessage } from '@onboard/domain';
import type { EmailSender } from '@onboard/command-api/auth';
import { contentFromText, renderEmailHtml } from './render.ts';

/**
 * The e-mail port's sending side: every e-mail is queued in the outbox (`EmailQueued` on
 * `email-{emailId}`). With a mail server (SMTP_URL) the delivery worker sends it and records the outcome,
 * and `onQueued` wakes the worker of this process. Without one, the e-mail is printed on the console
 * (`[email] to — subject — link`, how a developer opens an activation link locally) and recorded as sent
 * in the same append. The bus publisher turns `EmailSent` into EMAIL_SENT; the `emails` projection
 * keeps rm_emails.
 */
export function outboxEmailSender(options: {
  store: EventStore;
  now: () => Date;
  newId: () => string;
  /** Set: the delivery worker sends; null: console delivery. */
  delivery: { onQueued: () => void } | null;
  print?: (line: string) => void;
  /** The base URL of the open pixel (the app's public URL); none: no pixel. */
  publicUrl?: () => string;
}): EmailSender {
  const print = options.print ?? ((line: string) => console.log(line));
  return {
    send: async (email) => {
      // An address the portal cannot e-mail is refused with the messages of explorer §5.
      for (const [field, list] of [['to', email.to] as const, ['cc', email.cc ?? []] as const]) {
        const message = list.length === 0 && field === 'to' ? 'Email is required' : null;
        const invalid = message ?? list.map(emailMessage).find((m) => m !== null) ?? null;
        if (invalid) throw new ValidationError({ [field]: invalid });
      }
      const emailId = email.emailId ?? options.newId();
      const metadata = {
        actorId: email.actor.userId,
        actorRole: email.actor.role,
        occurredAt: options.now().toISOString(),
        correlationId: emailId,
      };
      const queued = await handleCommand(options.store, emailDecider, {
        stream: emailStream(emailId),
        appendAt: 'no_stream',
        newId: options.newId,
        command: {
          type: 'QueueEmail',
          data: {
            email: {
              emailId,
              kind: email.kind ?? 'OTHER',
              to: email.to,
              cc: email.cc ?? [],
              subject: email.subject,
              body: email.body,
              html:
                email.html ??
                (await renderEmailHtml(
                  email.content ?? contentFromText(email.subject, email.body),
                  options.publicUrl
                    ? `${options.publicUrl().replace(/\/+$/, '')}/api/emails/${encodeURIComponent(emailId)}/open.gif`
                    : null,
                )),
              clientId: email.clientId,
              userIds: email.userIds ?? [],
              resendOf: email.resendOf ?? null,
              heldForDigest: email.holdForDigest ?? false,
            },
            printedOnConsole: !options.delivery,
          },
          metadata: { at: metadata.occurredAt, by: email.actor },
        },
        metadata,
      });
      if (!queued.ok) throw new Error(queued.error.message);
      const isHeld = email.holdForDigest === true;
      if (isHeld) return { emailId };
      if (options.delivery) options.delivery.onQueued();
      else
        print(
          `[email] ${[...email.to, ...(email.cc ?? [])].join(', ')} — ${email.subject}${email.link ? ` — ${email.link}` : ''}`,
        );
      return { emailId };
    },
  };
}
