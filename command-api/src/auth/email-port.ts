/**
 * The e-mail port. The embedded default (platform/src/identity/embedded-email.ts) records an EmailSent
 * event and prints the link; a real mail adapter would implement the same call.
 */
export type OutgoingEmail = {
  to: string[];
  subject: string;
  /** Plain text, links included. */
  body: string;
  /** The link the e-mail carries, for the embedded sender's console line. */
  link: string | null;
  clientId: string | null;
  /** Who caused it, for the event's metadata. */
  actor: { userId: string; role: string };
};

export type EmailSender = { send: (email: OutgoingEmail) => Promise<{ emailId: string }> };
