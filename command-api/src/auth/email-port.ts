import type { EmailKind } from '@onboard/events';
import { emailText, type EmailContent } from '@onboard/domain';

/**
 * The e-mail port: queues an e-mail in the outbox (platform/src/emails/outbox-sender.ts). With SMTP_URL the
 * delivery worker sends it; without, it is printed on the console and recorded as sent at once.
 */
export type OutgoingEmail = {
  /** The e-mail's id when the caller names it (a reactor, from the event that caused it); new otherwise. */
  emailId?: string;
  /** Which template it is (for the records and the notification rules); OTHER when none. */
  kind?: EmailKind;
  to: string[];
  cc?: string[];
  subject: string;
  /** Plain text, links included. */
  body: string;
  /** The HTML alternative, when there is one. */
  html?: string | null;
  /** The template's content: the outbox renders the HTML from it (else from the text). */
  content?: EmailContent;
  /** The link the e-mail carries, for the console line. */
  link: string | null;
  clientId: string | null;
  /** The user ids of the recipients that are users. */
  userIds?: string[];
  /** The e-mail this one resends. */
  resendOf?: string | null;
  /** Hold it for the recipient's daily digest instead of sending it now. */
  holdForDigest?: boolean;
  /** Who caused it, for the event's metadata. */
  actor: { userId: string; role: string };
};

export type EmailSender = { send: (email: OutgoingEmail) => Promise<{ emailId: string }> };

/** An e-mail made from a template: its subject, its text, and the content the outbox renders the HTML from. */
export const templated = (content: EmailContent) => ({
  subject: content.subject,
  body: emailText(content),
  content,
});
