import nodemailer from 'nodemailer';
import { TransportError, type EmailTransport } from '@onboard/workers/email-delivery';

type SmtpFailure = Error & { responseCode?: number; response?: string; rejected?: string[] };

/**
 * The e-mail port over SMTP (nodemailer). The Message-ID is the outbox's, so every attempt of one e-mail
 * carries the same id. A refusal keeps the server's reply code: 5xx is permanent, the rest is retried.
 */
export function smtpTransport(smtpUrl: string): EmailTransport & { close: () => void } {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    send: async (message) => {
      try {
        const info = await transporter.sendMail({
          messageId: message.messageId,
          from: message.from,
          to: message.to,
          cc: message.cc.length > 0 ? message.cc : undefined,
          subject: message.subject,
          text: message.text,
          html: message.html ?? undefined,
        });
        const rejected = (info.rejected ?? []).map(String);
        if (rejected.length > 0 && (info.accepted ?? []).length === 0)
          throw new TransportError(`Refused: ${info.response}`, 550, rejected);
        return { response: info.response };
      } catch (error) {
        if (error instanceof TransportError) throw error;
        const failure = error as SmtpFailure;
        throw new TransportError(
          failure.response ?? failure.message,
          failure.responseCode ?? null,
          (failure.rejected ?? []).map(String),
        );
      }
    },
    close: () => transporter.close(),
  };
}
