import { z } from 'zod';
import { eventSchema, Stamp, eventTypesOf } from './schema.ts';

/**
 * Onboarding forms signed with Onboard's own e-signature: templates (`template-{id}`) are a PDF with
 * fields placed for each recipient role; envelopes (`envelope-{id}`) are one template sent to a client's
 * recipients, every step of their signing an event.
 */

export const SIGNING_FIELD_KINDS = ['signature', 'initials', 'dateSigned', 'text', 'checkbox'] as const;
export type SigningFieldKind = (typeof SIGNING_FIELD_KINDS)[number];

/** A field placed on a page, in PDF points from the page's bottom-left corner. */
export const SigningField = z.object({
  fieldId: z.string(),
  roleId: z.string(),
  kind: z.enum(SIGNING_FIELD_KINDS),
  label: z.string(),
  page: z.number().int().min(1),
  x: z.number(),
  y: z.number(),
  width: z.number().positive(),
  height: z.number().positive(),
});
export type SigningField = z.infer<typeof SigningField>;

/**
 * A recipient role: who signs in which routing order; `quorum` N means any N of the role's recipients
 * complete it and release the others (null: every recipient of the role signs).
 */
export const SigningRole = z.object({
  roleId: z.string(),
  name: z.string(),
  routingOrder: z.number().int().min(1),
  quorum: z.number().int().min(1).nullable(),
});
export type SigningRole = z.infer<typeof SigningRole>;

export const SigningPage = z.object({ width: z.number(), height: z.number() });

/** Staff uploaded a PDF as a new template. */
export const SigningTemplateCreated = eventSchema('SigningTemplateCreated', {
  templateId: z.string(),
  name: z.string(),
  documentId: z.string(),
  fileName: z.string(),
  sha256: z.string(),
  pages: z.array(SigningPage),
  ...Stamp,
});

/** Staff placed the template's roles and fields; the event carries all of them as they now are. */
export const SigningTemplateFieldsSet = eventSchema('SigningTemplateFieldsSet', {
  templateId: z.string(),
  roles: z.array(SigningRole),
  fields: z.array(SigningField),
  ...Stamp,
});

export const SigningTemplateEvent = z.discriminatedUnion('type', [
  SigningTemplateCreated,
  SigningTemplateFieldsSet,
]);
export type SigningTemplateEvent = z.infer<typeof SigningTemplateEvent>;

export const EnvelopeRecipient = z.object({
  recipientId: z.string(),
  roleId: z.string(),
  name: z.string(),
  email: z.string(),
  /** The portal user who signs, or null for someone without an account (a signing link by e-mail). */
  userId: z.string().nullable(),
});
export type EnvelopeRecipient = z.infer<typeof EnvelopeRecipient>;

/** Where an action came from: the browser's address and user agent, and how the person got in. */
const Origin = {
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** The signed-in user, or null when the person came by a signing link. */
  userId: z.string().nullable(),
  linkId: z.string().nullable(),
};

const EnvelopeRef = { envelopeId: z.string(), clientId: z.string() };

/** Staff sent a template to a client's recipients. */
export const EnvelopeCreated = eventSchema('EnvelopeCreated', {
  ...EnvelopeRef,
  templateId: z.string(),
  formName: z.string(),
  documentId: z.string(),
  sha256: z.string(),
  pages: z.array(SigningPage),
  roles: z.array(SigningRole),
  fields: z.array(SigningField),
  recipients: z.array(EnvelopeRecipient),
  ...Stamp,
});

/** A recipient was added to a role of an envelope still in progress. */
export const EnvelopeRecipientAdded = eventSchema('EnvelopeRecipientAdded', {
  ...EnvelopeRef,
  recipient: EnvelopeRecipient,
  ...Stamp,
});

/** A one-time signing link was issued to a recipient; it expires at `expiresAt` or at its first use. */
export const EnvelopeSigningLinkIssued = eventSchema('EnvelopeSigningLinkIssued', {
  ...EnvelopeRef,
  recipientId: z.string(),
  linkId: z.string(),
  expiresAt: z.string(),
  at: z.string(),
});

/** Staff extended a recipient's signing link: the same link now works until `expiresAt`. */
export const EnvelopeSigningLinkExtended = eventSchema('EnvelopeSigningLinkExtended', {
  ...EnvelopeRef,
  recipientId: z.string(),
  linkId: z.string(),
  expiresAt: z.string(),
  ...Stamp,
});

/** A recipient opened the signing view; they hold the envelope's lock (one signer at a time) until `lockedUntil`. */
export const EnvelopeRecipientViewed = eventSchema('EnvelopeRecipientViewed', {
  ...EnvelopeRef,
  recipientId: z.string(),
  lockedUntil: z.string(),
  ...Origin,
  at: z.string(),
});

/** A recipient signed: their fields, stamped into the PDF whose hash before and after is recorded. */
export const EnvelopeRecipientSigned = eventSchema('EnvelopeRecipientSigned', {
  ...EnvelopeRef,
  recipientId: z.string(),
  signatureKind: z.enum(['drawn', 'typed']),
  values: z.record(z.string(), z.string()),
  documentId: z.string(),
  hashBefore: z.string(),
  hashAfter: z.string(),
  /** The signed PDF's length in bytes (absent in events recorded before it was kept). */
  size: z.number().int().nonnegative().optional(),
  ...Origin,
  at: z.string(),
});

/** A recipient declined to sign, with their reason; the envelope waits for staff to reassign or void it. */
export const EnvelopeRecipientDeclined = eventSchema('EnvelopeRecipientDeclined', {
  ...EnvelopeRef,
  recipientId: z.string(),
  reason: z.string(),
  ...Origin,
  at: z.string(),
});

/** A recipient left the signing view to finish later; the lock is released. */
export const EnvelopeRecipientLeft = eventSchema('EnvelopeRecipientLeft', {
  ...EnvelopeRef,
  recipientId: z.string(),
  ...Origin,
  at: z.string(),
});

/** Staff reassigned a recipient's place to someone else (the one before can no longer act). */
export const EnvelopeRecipientReassigned = eventSchema('EnvelopeRecipientReassigned', {
  ...EnvelopeRef,
  fromRecipientId: z.string(),
  recipient: EnvelopeRecipient,
  ...Stamp,
});

/** A recipient's e-mail changed with their account's (PUT /api/users/{userId}/onboarding-form-email). */
export const EnvelopeRecipientEmailChanged = eventSchema('EnvelopeRecipientEmailChanged', {
  ...EnvelopeRef,
  recipientId: z.string(),
  email: z.string(),
  userId: z.string().nullable(),
  ...Stamp,
});

/** A quorum role reached its quorum: its recipients who had not signed are released. */
export const EnvelopeRoleCompleted = eventSchema('EnvelopeRoleCompleted', {
  ...EnvelopeRef,
  roleId: z.string(),
  releasedRecipientIds: z.array(z.string()),
  at: z.string(),
});

/** Every role completed: the last signed PDF is the completed form. */
export const EnvelopeCompleted = eventSchema('EnvelopeCompleted', {
  ...EnvelopeRef,
  documentId: z.string(),
  sha256: z.string(),
  at: z.string(),
});

/** Staff voided the envelope; nobody can act on it any more. */
export const EnvelopeVoided = eventSchema('EnvelopeVoided', {
  ...EnvelopeRef,
  reason: z.string(),
  ...Stamp,
});

export const EnvelopeEvent = z.discriminatedUnion('type', [
  EnvelopeCreated,
  EnvelopeRecipientAdded,
  EnvelopeSigningLinkIssued,
  EnvelopeSigningLinkExtended,
  EnvelopeRecipientViewed,
  EnvelopeRecipientSigned,
  EnvelopeRecipientDeclined,
  EnvelopeRecipientLeft,
  EnvelopeRecipientReassigned,
  EnvelopeRecipientEmailChanged,
  EnvelopeRoleCompleted,
  EnvelopeCompleted,
  EnvelopeVoided,
]);
export type EnvelopeEvent = z.infer<typeof EnvelopeEvent>;

export const ENVELOPE_EVENT_TYPES = eventTypesOf(EnvelopeEvent);
export const SIGNING_TEMPLATE_EVENT_TYPES = eventTypesOf(SigningTemplateEvent);

export const signingTemplateStream = (templateId: string) => `template-${templateId}`;
export const envelopeStream = (envelopeId: string) => `envelope-${envelopeId}`;
