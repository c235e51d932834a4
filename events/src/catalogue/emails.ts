import { z } from 'zod';
import { eventSchema, eventTypesOf } from './schema.ts';

/**
 * The outbox: every e-mail is its own stream, `email-{emailId}`. `EmailQueued` holds what to send; the
 * delivery worker (workers/src/email-delivery.ts) records each attempt before it sends (`EmailSendAttempted`)
 * and its outcome after: `EmailSent` when the mail server accepted it, `EmailDeliveryFailed` (retried later
 * unless permanent). `EmailDelivered`,
 * `EmailBounced` and `EmailOpened` are what is learnt afterwards, where it is known.
 */
export const EMAIL_KINDS = [
  'ACTIVATION',
  'WELCOME',
  'PASSWORD_RESET',
  'OUTSIDE_SIGNER_INVITATION',
  'ONBOARDING_FORM_TO_SIGN',
  'ONBOARDING_FORM_RELEASED',
  'ONBOARDING_FORM_DECLINED',
  'ONBOARDING_FORM_VOIDED',
  'NEW_DOCUMENT',
  'TASK_NEEDS_ACTION',
  'TASK_DUE_SOON',
  'PUSH_FINISHED',
  'PHASE_CHANGE',
  'UPCOMING_DATE',
  'ACTIVELY_AT_WORK_REMINDER',
  'DENTAL',
  'RISK_ACCEPTANCE',
  'POST_ONBOARDING_SURVEY',
  'EIF_SIGNED',
  'EIF_CHANGES_READY_FOR_REVIEW',
  'CENSUS_SUBMITTED',
  'CENSUS_ERRORS',
  'CLIENT_DOCUMENT_UPLOADED',
  'TASK_ACCEPTED',
  'GO_LIVE',
  'TASK_DUE_TODAY',
  'TASK_OVERDUE',
  'TASK_ESCALATED',
  'ONBOARDING_FORM_REMINDER',
  'CONVERSATION_MENTION',
  'EIF_CONFIRM_CHANGES',
  'EXPLORER_BENEFITS',
  'EXPLORER_LEAD',
  'DAILY_DIGEST',
  'DATA_FEED_READY',
  'PERSONAL_DATA_ERASED',
  'OTHER',
] as const;
export const EmailKind = z.enum(EMAIL_KINDS);
export type EmailKind = z.infer<typeof EmailKind>;

export const EmailQueued = eventSchema('EmailQueued', {
  emailId: z.string(),
  kind: EmailKind,
  to: z.array(z.string()),
  cc: z.array(z.string()).default([]),
  subject: z.string(),
  /** The plain-text body, links included. */
  body: z.string(),
  /** The HTML body, when the e-mail has one. */
  html: z.string().nullable().default(null),
  clientId: z.string().nullable().default(null),
  /** The user ids of the recipients, where they are users (for errorUsers). */
  userIds: z.array(z.string()).default([]),
  /** The e-mail this one resends, if any. */
  resendOf: z.string().nullable().default(null),
  /** Held for its recipient's daily digest instead of being sent on its own. */
  heldForDigest: z.boolean().default(false),
});
export type EmailQueued = z.infer<typeof EmailQueued>;

/** The mail server accepted the e-mail (or, with no server configured, it was printed on the console). */
export const EmailSent = eventSchema('EmailSent', {
  emailId: z.string(),
  to: z.array(z.string()),
  subject: z.string(),
  /** The plain-text body (links included); older events carry none. */
  body: z.string().default(''),
  clientId: z.string().nullable().default(null),
  /** The Message-ID header the e-mail left with; older events carry none. */
  messageId: z.string().nullable().default(null),
  /** The server's answer, e.g. '250 OK'. */
  response: z.string().nullable().default(null),
});
export type EmailSent = z.infer<typeof EmailSent>;

/** Which e-mail, and which of its delivery attempts (the first is 1). */
const DeliveryAttempt = { emailId: z.string(), attempt: z.number().int().min(1) };

/**
 * The delivery worker is about to hand the e-mail to the mail server. Until its outcome is recorded the
 * e-mail is in flight; a worker that dies before recording it leaves the attempt open, and the e-mail is
 * sent again (same Message-ID) only from `resendAfter` on, the grace that keeps a possible repeat apart.
 */
export const EmailSendAttempted = eventSchema('EmailSendAttempted', {
  ...DeliveryAttempt,
  messageId: z.string(),
  resendAfter: z.string(),
});
export type EmailSendAttempted = z.infer<typeof EmailSendAttempted>;

export const EmailDeliveryFailed = eventSchema('EmailDeliveryFailed', {
  ...DeliveryAttempt,
  reason: z.string(),
  /** A permanent refusal (a 5xx answer, or the attempts exhausted): no further attempt. */
  permanent: z.boolean(),
  /** When the next attempt is due (null when permanent). */
  retryAt: z.string().nullable(),
  /** Recipients the server refused, by address. */
  rejected: z.array(z.string()).default([]),
});
export type EmailDeliveryFailed = z.infer<typeof EmailDeliveryFailed>;

export const EmailDelivered = eventSchema('EmailDelivered', { emailId: z.string() });
export const EmailBounced = eventSchema('EmailBounced', { emailId: z.string(), reason: z.string() });
export const EmailOpened = eventSchema('EmailOpened', { emailId: z.string() });

/** A held e-mail went out inside its recipient's daily digest (the digest is its own e-mail). */
export const EmailIncludedInDigest = eventSchema('EmailIncludedInDigest', {
  emailId: z.string(),
  digestEmailId: z.string(),
});

export const EmailEvent = z.discriminatedUnion('type', [
  EmailIncludedInDigest,
  EmailQueued,
  EmailSendAttempted,
  EmailSent,
  EmailDeliveryFailed,
  EmailDelivered,
  EmailBounced,
  EmailOpened,
]);
export type EmailEvent = z.infer<typeof EmailEvent>;
export const EMAIL_EVENT_TYPES = eventTypesOf(EmailEvent);

export const emailStream = (emailId: string) => `email-${emailId}`;

/** A client's notification rules, replaced as a whole by staff (domain/src/emails/rules.ts). */
export const ClientEmailRulesSet = eventSchema('ClientEmailRulesSet', {
  clientId: z.string(),
  rules: z.array(
    z.object({
      kind: EmailKind,
      to: z.array(z.enum(['BEN_ADMIN', 'BROKER', 'CONSULTANT'])),
      ccRoles: z.array(z.enum(['BEN_ADMIN', 'BROKER', 'CONSULTANT'])),
      ccAddresses: z.array(z.string()),
    }),
  ),
});
export type ClientEmailRulesSet = z.infer<typeof ClientEmailRulesSet>;
export const emailRulesStream = (clientId: string) => `email-rules-${clientId}`;

/** A user's choice: e-mails governed by notification rules one by one, or once a day in a digest. */
export const EmailDigestChosen = eventSchema('EmailDigestChosen', { userId: z.string(), daily: z.boolean() });
export const emailPreferencesStream = (userId: string) => `email-preferences-${userId}`;

/** One day's digest run claimed (appended with no_stream, so one replica sends each day's digests). */
export const EmailDigestRunClaimed = eventSchema('EmailDigestRunClaimed', { day: z.string() });
export const emailDigestRunStream = (day: string) => `email-digest-run-${day}`;
