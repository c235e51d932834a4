import { z } from 'zod';

/** An email left through the email port; the bus publisher turns it into EMAIL_SENT. */
export const EmailSent = z.object({
  type: z.literal('EmailSent'),
  data: z.object({
    emailId: z.string(),
    to: z.array(z.string()),
    subject: z.string(),
    /** The plain-text body (links included); older events carry none. */
    body: z.string().default(''),
    clientId: z.string().nullable().default(null),
  }),
});
export type EmailSent = z.infer<typeof EmailSent>;

export const emailStream = (emailId: string) => `email-${emailId}`;
