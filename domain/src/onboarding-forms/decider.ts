import type { EnvelopeEvent, EnvelopeRecipient, SigningField, SigningRole } from '@onboard/events';
import { accepted, refused, type Command, type Decider, type Decision, type Intent } from '../decider.ts';
import { unhandled } from '../exhaustive.ts';

/**
 * The lifecycle of an onboarding form's envelope, as a pure decider over `envelope-{envelopeId}`:
 * recipients act in their role's routing order, one signer at a time (the lock a recipient takes by
 * opening the signing view), a quorum role completes at its quorum and releases the others, a decline
 * waits for staff to reassign or void, and the last role's signature completes the envelope.
 */

export type RecipientStatus =
  'waiting' | 'sent' | 'delivered' | 'signed' | 'declined' | 'released' | 'replaced';

export type EnvelopeRecipientState = EnvelopeRecipient & {
  routingOrder: number;
  status: RecipientStatus;
  deliveredAt: string | null;
  signedAt: string | null;
  declinedAt: string | null;
  declineReason: string | null;
  lastEditAt: string | null;
  /** When the quorum was reached that released this member (absent in states stored before it was kept). */
  releasedAt?: string | null;
};

export type EnvelopeStatus = 'sent' | 'declined' | 'completed' | 'voided';

export type SigningLink = { linkId: string; recipientId: string; expiresAt: string; used: boolean };

export type EnvelopeState = {
  envelopeId: string;
  clientId: string;
  templateId: string;
  formName: string;
  status: EnvelopeStatus;
  roles: SigningRole[];
  fields: SigningField[];
  pages: { width: number; height: number }[];
  recipients: EnvelopeRecipientState[];
  /** The PDF as it now is: the template's, then each signature's. */
  documentId: string;
  sha256: string;
  /** The current PDF's length in bytes, once a signature recorded it. */
  documentSize?: number | null;
  /** The template's PDF, and every signed version in order. */
  documentIds: string[];
  lock: { recipientId: string; until: string } | null;
  links: SigningLink[];
  createdAt: string;
  lastActionAt: string;
  declinedAt: string | null;
  voidedAt: string | null;
  completedAt: string | null;
  voidReason: string | null;
  version: number;
};

/** Null until the envelope is created. */
export type EnvelopeDeciderState = EnvelopeState | null;

export type SigningOrigin = {
  ipAddress: string | null;
  userAgent: string | null;
  userId: string | null;
  linkId: string | null;
};

export type EnvelopeTemplate = {
  templateId: string;
  name: string;
  documentId: string;
  sha256: string;
  pages: { width: number; height: number }[];
  roles: SigningRole[];
  fields: SigningField[];
};

type Ref = { envelopeId: string; clientId: string };

export type EnvelopeCommand =
  | Command<
      'CreateEnvelope',
      Ref & { template: EnvelopeTemplate; formName: string; recipients: EnvelopeRecipient[] }
    >
  | Command<'AddRecipient', Ref & { recipient: EnvelopeRecipient }>
  | Command<'IssueSigningLink', Ref & { recipientId: string; linkId: string; expiresAt: string }>
  /** Staff give a recipient's last signing link more time (it may have expired): the same link, a later expiry. */
  | Command<'ExtendSigningLink', Ref & { recipientId: string; expiresAt: string }>
  | Command<'OpenSigningView', Ref & { recipientId: string; lockedUntil: string; origin: SigningOrigin }>
  | Command<
      'Sign',
      Ref & {
        recipientId: string;
        signatureKind: 'drawn' | 'typed';
        values: Record<string, string>;
        documentId: string;
        hashBefore: string;
        hashAfter: string;
        /** The signed PDF's length in bytes. */
        size?: number;
        origin: SigningOrigin;
      }
    >
  | Command<'Decline', Ref & { recipientId: string; reason: string; origin: SigningOrigin }>
  | Command<'FinishLater', Ref & { recipientId: string; origin: SigningOrigin }>
  | Command<'ReassignRecipient', Ref & { fromRecipientId: string; recipient: EnvelopeRecipient }>
  | Command<'VoidEnvelope', Ref & { reason: string }>
  | Command<'ChangeRecipientEmail', Ref & { recipientId: string; email: string; userId: string | null }>;
export type EnvelopeIntent = Intent<EnvelopeCommand>;

export type EnvelopeError =
  | { code: 'NOT_FOUND'; message: string }
  | { code: 'CONFLICT'; message: string }
  | { code: 'ALREADY_EXISTS'; message: string }
  | { code: 'NOT_YOUR_TURN'; message: string }
  | { code: 'LOCKED'; message: string }
  | { code: 'LINK_EXPIRED'; message: string }
  | { code: 'NO_LONGER_NEEDED'; message: string }
  | { code: 'INVALID'; message: string; fields: Record<string, string> };

export const NO_SUCH_ENVELOPE = 'No such onboarding form for this client';
export const NO_SUCH_RECIPIENT = 'No such recipient on this onboarding form';
export const NOT_YOUR_TURN_MESSAGE = 'It is not your turn to sign this form yet';
export const RECIPIENT_DONE_MESSAGE = 'This recipient can no longer act on this form';
export const FORM_CLOSED_MESSAGE = 'This form is no longer open for signing';
export const FORM_DECLINED_MESSAGE = 'A recipient declined this form; it waits for staff to reassign them';
export const LOCKED_MESSAGE = 'Someone else is signing this form right now. Try again in a few minutes.';
export const LINK_EXPIRED_MESSAGE = 'This signing link has expired. Ask for a new one.';
export const ALREADY_SIGNED_LINK_MESSAGE =
  'You have already signed this form. There is nothing more for you to do.';
export const REASON_REQUIRED_MESSAGE = 'Please give a reason';
export const FIELD_REQUIRED_MESSAGE = 'Please provide a response';
export const INVALID_MESSAGE = 'Please correct the highlighted fields';

const conflict = (message: string) => refused<EnvelopeError>({ code: 'CONFLICT', message });
const invalid = (fields: Record<string, string>) =>
  refused<EnvelopeError>({ code: 'INVALID', message: INVALID_MESSAGE, fields });

const ACTIVE: readonly RecipientStatus[] = ['waiting', 'sent', 'delivered'];
export const isActive = (r: EnvelopeRecipientState) => ACTIVE.includes(r.status);

/** The recipients who count for a role: everyone but those replaced by a reassignment. */
const membersOf = (state: EnvelopeState, roleId: string) =>
  state.recipients.filter((r) => r.roleId === roleId && r.status !== 'replaced');

/** How many signatures complete the role: its quorum, or every member. */
export const signaturesNeeded = (state: EnvelopeState, role: SigningRole) =>
  role.quorum ?? membersOf(state, role.roleId).length;

/** Why a quorum member was released, in words ('it needed any 2 of the 3 Officers, and 2 have signed'). */
export function releaseReason(state: EnvelopeState, recipient: EnvelopeRecipientState): string | null {
  const role = state.roles.find((r) => r.roleId === recipient.roleId);
  const members = role ? membersOf(state, role.roleId) : [];
  const signed = members.filter((r) => r.status === 'signed').length;
  return role?.quorum != null
    ? `it needed any ${role.quorum} of the ${members.length} ${role.name}, and ${signed} ${signed === 1 ? 'has' : 'have'} signed`
    : null;
}

/** A quorum member released because the others signed, told so in words. */
export function noLongerNeededMessage(state: EnvelopeState, recipient: EnvelopeRecipientState): string {
  const why = releaseReason(state, recipient);
  return why
    ? `You no longer need to sign ${state.formName}: ${why}.`
    : `You no longer need to sign ${state.formName}.`;
}

/** For a signer of a quorum role, in words: how many of them sign, and how many have so far. */
export function quorumNote(state: EnvelopeState, roleId: string): string | null {
  const role = state.roles.find((r) => r.roleId === roleId);
  if (!role || role.quorum === null) return null;
  const members = membersOf(state, roleId);
  const signed = members.filter((r) => r.status === 'signed').length;
  const sofar =
    signed === 0 ? 'nobody has signed yet' : `${signed} ${signed === 1 ? 'has' : 'have'} signed so far`;
  return `Any ${role.quorum} of the ${members.length} ${role.name} sign this form; ${sofar}.`;
}

/** Fields in the order a person reads them: page by page, top to bottom, left to right. */
export const readingOrder = (a: SigningField, b: SigningField) =>
  a.page - b.page || b.y + b.height - (a.y + a.height) || a.x - b.x;

/**
 * Which of a quorum role's seats owns each of its fields: every field belongs to exactly one seat, so no
 * field is filled twice. Kind by kind, in reading order, a kind's fields are shared out in runs, one run per
 * seat (two signature lines for any 2 of 3: one each); a kind with fewer fields than seats (one text field)
 * goes one field to each of the first seats. Answers, per seat (0 to quorum - 1), its fields in reading order.
 */
function quorumSeats(fields: readonly SigningField[], quorum: number): SigningField[][] {
  const seats: SigningField[][] = Array.from({ length: Math.max(quorum, 1) }, () => []);
  const sorted = [...fields].sort(readingOrder);
  const kinds = [...new Set(sorted.map((f) => f.kind))];
  for (const kind of kinds) {
    const ofKind = sorted.filter((f) => f.kind === kind);
    ofKind.forEach((field, i) => {
      const seat = ofKind.length >= seats.length ? Math.floor((i * seats.length) / ofKind.length) : i;
      seats[seat]!.push(field);
    });
  }
  return seats.map((seat) => seat.sort(readingOrder));
}

/**
 * The fields a recipient fills, in reading order. A quorum role's signers fill one seat each, in the order
 * they sign: the first signer the first seat's fields, the next the next (see `quorumSeats`), so each
 * signature stands where its signer signed rather than on top of another's; otherwise every member fills
 * all of the role's fields.
 */
export function fieldsOf(state: EnvelopeState, recipientId: string): SigningField[] {
  const recipient = state.recipients.find((r) => r.recipientId === recipientId);
  if (!recipient) return [];
  const fields = state.fields.filter((f) => f.roleId === recipient.roleId).sort(readingOrder);
  const role = state.roles.find((r) => r.roleId === recipient.roleId);
  const quorum = role?.quorum ?? null;
  if (quorum === null || quorum < 2) return fields;
  const place =
    recipient.status === 'signed'
      ? membersOf(state, recipient.roleId).filter(
          (r) => r.status === 'signed' && r.signedAt! < recipient.signedAt!,
        ).length
      : membersOf(state, recipient.roleId).filter((r) => r.status === 'signed').length;
  return quorumSeats(fields, quorum)[Math.min(place, quorum - 1)]!;
}

export function isRoleComplete(state: EnvelopeState, role: SigningRole): boolean {
  const members = membersOf(state, role.roleId);
  const signed = members.filter((r) => r.status === 'signed').length;
  return members.length > 0 && signed >= signaturesNeeded(state, role);
}

/** The routing order whose recipients may act now (null: every role complete). */
export function currentRoutingOrder(state: EnvelopeState): number | null {
  const open = state.roles.filter((role) => !isRoleComplete(state, role)).map((r) => r.routingOrder);
  return open.length === 0 ? null : Math.min(...open);
}

const lockHeldByOther = (state: EnvelopeState, recipientId: string, at: string) =>
  state.lock !== null && state.lock.recipientId !== recipientId && state.lock.until > at;

/** Why the recipient may not act now, or null when they may (the envelope open, their turn, not locked). */
export const NO_LINK_TO_EXTEND_MESSAGE =
  'This recipient has no signing link waiting to be used: send them the form again instead';
export const LINK_LASTS_LONGER_MESSAGE = 'The signing link already lasts longer than that';

function mayAct(state: EnvelopeState, recipientId: string, at: string): EnvelopeError | null {
  const recipient = state.recipients.find((r) => r.recipientId === recipientId);
  if (!recipient) return { code: 'NOT_FOUND', message: NO_SUCH_RECIPIENT };
  if (recipient.status === 'released')
    return { code: 'NO_LONGER_NEEDED', message: noLongerNeededMessage(state, recipient) };
  if (state.status === 'completed' || state.status === 'voided')
    return { code: 'CONFLICT', message: FORM_CLOSED_MESSAGE };
  if (!isActive(recipient)) return { code: 'CONFLICT', message: RECIPIENT_DONE_MESSAGE };
  if (state.status === 'declined') return { code: 'CONFLICT', message: FORM_DECLINED_MESSAGE };
  if (recipient.routingOrder !== currentRoutingOrder(state))
    return { code: 'NOT_YOUR_TURN', message: NOT_YOUR_TURN_MESSAGE };
  if (lockHeldByOther(state, recipientId, at)) return { code: 'LOCKED', message: LOCKED_MESSAGE };
  return null;
}

function checkRecipients(
  roles: readonly SigningRole[],
  recipients: readonly EnvelopeRecipient[],
): Record<string, string> {
  const problems: Record<string, string> = {};
  recipients.forEach((r, i) => {
    if (r.name.trim() === '') problems[`recipients.${i}.name`] = FIELD_REQUIRED_MESSAGE;
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(r.email.trim()))
      problems[`recipients.${i}.email`] = 'Please enter a valid email';
    if (!roles.some((role) => role.roleId === r.roleId))
      problems[`recipients.${i}.roleId`] = 'Choose one of the template’s roles';
  });
  return problems;
}

function decideCreate(
  command: Extract<EnvelopeCommand, { type: 'CreateEnvelope' }>,
): Decision<EnvelopeEvent, EnvelopeError> {
  const { envelopeId, clientId, template, formName, recipients } = command.data;
  const problems = checkRecipients(template.roles, recipients);
  if (template.fields.length === 0)
    problems.templateId = 'Place at least one field on the template before sending it';
  if (formName.trim() === '') problems.formName = FIELD_REQUIRED_MESSAGE;
  for (const role of template.roles) {
    const count = recipients.filter((r) => r.roleId === role.roleId).length;
    if (count < (role.quorum ?? 1))
      problems[`roles.${role.roleId}`] =
        `${role.name} needs at least ${role.quorum ?? 1} recipient${(role.quorum ?? 1) > 1 ? 's' : ''}`;
  }
  if (Object.keys(problems).length > 0) return invalid(problems);
  const { at, by } = command.metadata;
  return accepted({
    type: 'EnvelopeCreated',
    data: {
      envelopeId,
      clientId,
      templateId: template.templateId,
      formName: formName.trim(),
      documentId: template.documentId,
      sha256: template.sha256,
      pages: template.pages,
      roles: template.roles,
      fields: template.fields,
      recipients: recipients.map((r) => ({ ...r, name: r.name.trim(), email: r.email.trim().toLowerCase() })),
      at,
      by,
    },
  });
}

/** After a signature: the quorum role released, and the envelope completed when every role is. */
function afterSignature(state: EnvelopeState, signed: EnvelopeEvent, at: string): EnvelopeEvent[] {
  const after = evolveEnvelope(state, signed)!;
  const events: EnvelopeEvent[] = [signed];
  const recipient = after.recipients.find(
    (r) => r.recipientId === (signed.data as { recipientId: string }).recipientId,
  )!;
  const role = after.roles.find((r) => r.roleId === recipient.roleId)!;
  const ref = { envelopeId: state.envelopeId, clientId: state.clientId };
  if (role.quorum !== null && isRoleComplete(after, role)) {
    const releasedRecipientIds = membersOf(after, role.roleId)
      .filter(isActive)
      .map((r) => r.recipientId);
    events.push({
      type: 'EnvelopeRoleCompleted',
      data: { ...ref, roleId: role.roleId, releasedRecipientIds, at },
    });
  }
  if (currentRoutingOrder(after) === null)
    events.push({
      type: 'EnvelopeCompleted',
      data: { ...ref, documentId: after.documentId, sha256: after.sha256, at },
    });
  return events;
}

type EnvelopeCommandOf<Type extends EnvelopeCommand['type']> = Extract<EnvelopeCommand, { type: Type }>;

/** The recipient checked against the form's roles, named and addressed as entered (trimmed, lower-case e-mail). */
function checkedRecipient(
  roles: readonly SigningRole[],
  recipient: EnvelopeRecipient,
):
  | { ok: true; recipient: EnvelopeRecipient }
  | { ok: false; refusal: Decision<EnvelopeEvent, EnvelopeError> } {
  const problems = checkRecipients(roles, [recipient]);
  if (Object.keys(problems).length > 0)
    return {
      ok: false,
      refusal: invalid(
        Object.fromEntries(Object.entries(problems).map(([k, v]) => [k.replace('recipients.0.', ''), v])),
      ),
    };
  return {
    ok: true,
    recipient: { ...recipient, name: recipient.name.trim(), email: recipient.email.trim().toLowerCase() },
  };
}

function decideAddRecipient(
  command: EnvelopeCommandOf<'AddRecipient'>,
  state: EnvelopeState,
): Decision<EnvelopeEvent, EnvelopeError> {
  const checked = checkedRecipient(state.roles, command.data.recipient);
  if (!checked.ok) return checked.refusal;
  if (state.recipients.some((r) => r.recipientId === command.data.recipient.recipientId))
    return refused({ code: 'ALREADY_EXISTS', message: 'This recipient is on the form already' });
  const { at, by } = command.metadata;
  return accepted({
    type: 'EnvelopeRecipientAdded',
    data: { envelopeId: state.envelopeId, clientId: state.clientId, recipient: checked.recipient, at, by },
  });
}

/** A later deadline for the recipient's newest link, unused. */
function decideLinkExtension(
  command: EnvelopeCommandOf<'ExtendSigningLink'>,
  state: EnvelopeState,
): Decision<EnvelopeEvent, EnvelopeError> {
  const { at, by } = command.metadata;
  const refusal = mayAct(state, command.data.recipientId, at);
  if (refusal && refusal.code !== 'LOCKED') return refused(refusal);
  const { recipientId, expiresAt } = command.data;
  const link = state.links.filter((l) => l.recipientId === recipientId).at(-1);
  if (!link || link.used) return refused({ code: 'NOT_FOUND', message: NO_LINK_TO_EXTEND_MESSAGE });
  if (expiresAt <= link.expiresAt) return refused({ code: 'CONFLICT', message: LINK_LASTS_LONGER_MESSAGE });
  return accepted({
    type: 'EnvelopeSigningLinkExtended',
    data: {
      envelopeId: state.envelopeId,
      clientId: state.clientId,
      recipientId,
      linkId: link.linkId,
      expiresAt,
      at,
      by,
    },
  });
}

/** The signing view opened, through a link still valid for its recipient or from the portal. */
function decideOpening(
  command: EnvelopeCommandOf<'OpenSigningView'>,
  state: EnvelopeState,
): Decision<EnvelopeEvent, EnvelopeError> {
  const { at } = command.metadata;
  const { recipientId, lockedUntil, origin } = command.data;
  if (origin.linkId !== null) {
    const link = state.links.find((l) => l.linkId === origin.linkId);
    const signer = state.recipients.find((r) => r.recipientId === recipientId);
    // A link its recipient has signed through says so, not that it expired.
    if (link && link.recipientId === recipientId && signer?.status === 'signed')
      return refused({ code: 'LINK_EXPIRED', message: ALREADY_SIGNED_LINK_MESSAGE });
    if (!link || link.recipientId !== recipientId || link.used || link.expiresAt <= at)
      return refused({ code: 'LINK_EXPIRED', message: LINK_EXPIRED_MESSAGE });
  }
  const refusal = mayAct(state, recipientId, at);
  if (refusal) return refused(refusal);
  return accepted({
    type: 'EnvelopeRecipientViewed',
    data: { envelopeId: state.envelopeId, clientId: state.clientId, recipientId, lockedUntil, ...origin, at },
  });
}

/** A signature on the form as the signer saw it, every text field of theirs filled. */
function decideSigning(
  command: EnvelopeCommandOf<'Sign'>,
  state: EnvelopeState,
): Decision<EnvelopeEvent, EnvelopeError> {
  const { at } = command.metadata;
  const { recipientId, signatureKind, values, documentId, hashBefore, hashAfter, size, origin } =
    command.data;
  const refusal = mayAct(state, recipientId, at);
  if (refusal) return refused(refusal);
  if (hashBefore !== state.sha256) return conflict('The form changed while you were signing. Open it again.');
  const recipient = state.recipients.find((r) => r.recipientId === recipientId)!;
  const problems: Record<string, string> = {};
  for (const field of fieldsOf(state, recipient.recipientId).filter((f) => f.kind === 'text'))
    if ((values[field.fieldId] ?? '').trim() === '')
      problems[`values.${field.fieldId}`] = FIELD_REQUIRED_MESSAGE;
  if (Object.keys(problems).length > 0) return invalid(problems);
  const signed: EnvelopeEvent = {
    type: 'EnvelopeRecipientSigned',
    data: {
      envelopeId: state.envelopeId,
      clientId: state.clientId,
      recipientId,
      signatureKind,
      values,
      documentId,
      hashBefore,
      hashAfter,
      ...(size === undefined ? {} : { size }),
      ...origin,
      at,
    },
  };
  return accepted(...afterSignature(state, signed, at));
}

/** Someone else in a recipient's role, while the recipient has yet to sign (or declined). */
function decideReassignment(
  command: EnvelopeCommandOf<'ReassignRecipient'>,
  state: EnvelopeState,
): Decision<EnvelopeEvent, EnvelopeError> {
  const from = state.recipients.find((r) => r.recipientId === command.data.fromRecipientId);
  if (!from) return refused({ code: 'NOT_FOUND', message: NO_SUCH_RECIPIENT });
  if (from.status !== 'declined' && !isActive(from)) return conflict(RECIPIENT_DONE_MESSAGE);
  const checked = checkedRecipient(state.roles, { ...command.data.recipient, roleId: from.roleId });
  if (!checked.ok) return checked.refusal;
  const { at, by } = command.metadata;
  return accepted({
    type: 'EnvelopeRecipientReassigned',
    data: {
      envelopeId: state.envelopeId,
      clientId: state.clientId,
      fromRecipientId: from.recipientId,
      recipient: checked.recipient,
      at,
      by,
    },
  });
}

function decideEmailChange(
  command: EnvelopeCommandOf<'ChangeRecipientEmail'>,
  state: EnvelopeState,
): Decision<EnvelopeEvent, EnvelopeError> {
  const { recipientId, userId } = command.data;
  const recipient = state.recipients.find((r) => r.recipientId === recipientId);
  if (!recipient) return refused({ code: 'NOT_FOUND', message: NO_SUCH_RECIPIENT });
  const email = command.data.email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return invalid({ email: 'Please enter a valid email' });
  if (recipient.email === email && recipient.userId === userId) return accepted();
  const { at, by } = command.metadata;
  return accepted({
    type: 'EnvelopeRecipientEmailChanged',
    data: { envelopeId: state.envelopeId, clientId: state.clientId, recipientId, email, userId, at, by },
  });
}

export function decideEnvelope(
  command: EnvelopeCommand,
  state: EnvelopeDeciderState,
): Decision<EnvelopeEvent, EnvelopeError> {
  const { at, by } = command.metadata;
  if (command.type === 'CreateEnvelope') {
    if (state) return refused({ code: 'ALREADY_EXISTS', message: 'This onboarding form exists already' });
    return decideCreate(command);
  }
  if (!state || state.clientId !== command.data.clientId)
    return refused({ code: 'NOT_FOUND', message: NO_SUCH_ENVELOPE });
  const ref = { envelopeId: state.envelopeId, clientId: state.clientId };
  const closed = state.status === 'completed' || state.status === 'voided';
  switch (command.type) {
    case 'AddRecipient':
      return closed ? conflict(FORM_CLOSED_MESSAGE) : decideAddRecipient(command, state);
    case 'IssueSigningLink': {
      const refusal = mayAct(state, command.data.recipientId, at);
      if (refusal && refusal.code !== 'LOCKED') return refused(refusal);
      const { recipientId, linkId, expiresAt } = command.data;
      return accepted({
        type: 'EnvelopeSigningLinkIssued',
        data: { ...ref, recipientId, linkId, expiresAt, at },
      });
    }
    case 'ExtendSigningLink':
      return decideLinkExtension(command, state);
    case 'OpenSigningView':
      return decideOpening(command, state);
    case 'Sign':
      return decideSigning(command, state);
    case 'Decline': {
      const { recipientId, reason, origin } = command.data;
      const refusal = mayAct(state, recipientId, at);
      if (refusal) return refused(refusal);
      if (reason.trim() === '') return invalid({ reason: REASON_REQUIRED_MESSAGE });
      return accepted({
        type: 'EnvelopeRecipientDeclined',
        data: { ...ref, recipientId, reason: reason.trim(), ...origin, at },
      });
    }
    case 'FinishLater': {
      const { recipientId, origin } = command.data;
      const refusal = mayAct(state, recipientId, at);
      if (refusal) return refused(refusal);
      return accepted({ type: 'EnvelopeRecipientLeft', data: { ...ref, recipientId, ...origin, at } });
    }
    case 'ReassignRecipient':
      return closed ? conflict(FORM_CLOSED_MESSAGE) : decideReassignment(command, state);
    case 'ChangeRecipientEmail':
      return closed ? conflict(FORM_CLOSED_MESSAGE) : decideEmailChange(command, state);
    case 'VoidEnvelope': {
      if (closed) return conflict(FORM_CLOSED_MESSAGE);
      return accepted({
        type: 'EnvelopeVoided',
        data: { ...ref, reason: command.data.reason.trim(), at, by },
      });
    }
    default:
      return unhandled('command', command);
  }
}

const recipientOf = (r: EnvelopeRecipient, roles: readonly SigningRole[]): EnvelopeRecipientState => ({
  ...r,
  routingOrder: roles.find((role) => role.roleId === r.roleId)?.routingOrder ?? 1,
  status: 'waiting',
  deliveredAt: null,
  signedAt: null,
  declinedAt: null,
  declineReason: null,
  lastEditAt: null,
  releasedAt: null,
});

/** Recipients whose turn it is are 'sent' (the form reached them); later ones wait. */
function withTurns(state: EnvelopeState): EnvelopeState {
  const order = currentRoutingOrder(state);
  return {
    ...state,
    recipients: state.recipients.map((r) =>
      r.status === 'waiting' && order !== null && r.routingOrder <= order ? { ...r, status: 'sent' } : r,
    ),
  };
}

const update = (state: EnvelopeState, recipientId: string, change: Partial<EnvelopeRecipientState>) => ({
  ...state,
  recipients: state.recipients.map((r) => (r.recipientId === recipientId ? { ...r, ...change } : r)),
});

const releaseLock = (state: EnvelopeState, recipientId: string) =>
  state.lock?.recipientId === recipientId ? null : state.lock;

type EnvelopeEventOf<Type extends EnvelopeEvent['type']> = Extract<EnvelopeEvent, { type: Type }>;

/** A form as sent: its first recipients' turn. */
function createdEnvelope(event: EnvelopeEventOf<'EnvelopeCreated'>): EnvelopeState {
  const d = event.data;
  const { at } = d;
  return withTurns({
    envelopeId: d.envelopeId,
    clientId: d.clientId,
    templateId: d.templateId,
    formName: d.formName,
    status: 'sent',
    roles: d.roles,
    fields: d.fields,
    pages: d.pages,
    recipients: d.recipients.map((r) => recipientOf(r, d.roles)),
    documentId: d.documentId,
    sha256: d.sha256,
    documentIds: [d.documentId],
    lock: null,
    links: [],
    createdAt: at,
    lastActionAt: at,
    declinedAt: null,
    voidedAt: null,
    completedAt: null,
    voidReason: null,
    version: 1,
  });
}

/** Opened: the recipient holds the form (locked) and the link used. */
function afterViewing(s: EnvelopeState, event: EnvelopeEventOf<'EnvelopeRecipientViewed'>): EnvelopeState {
  const { recipientId, linkId, lockedUntil, at } = event.data;
  const recipient = s.recipients.find((r) => r.recipientId === recipientId);
  const viewed = update(s, recipientId, {
    status: 'delivered',
    deliveredAt: recipient?.deliveredAt ?? at,
    lastEditAt: at,
  });
  return {
    ...viewed,
    lock: { recipientId, until: lockedUntil },
    links: s.links.map((l) => (l.linkId === linkId ? { ...l, used: true } : l)),
    lastActionAt: at,
  };
}

/** Declined: the form stops unless the role's quorum can still be reached by the others. */
function afterDecline(s: EnvelopeState, event: EnvelopeEventOf<'EnvelopeRecipientDeclined'>): EnvelopeState {
  const { recipientId, reason, at } = event.data;
  const declined = update(s, recipientId, {
    status: 'declined',
    declinedAt: at,
    declineReason: reason,
    lastEditAt: at,
  });
  const recipient = declined.recipients.find((r) => r.recipientId === recipientId)!;
  const role = s.roles.find((r) => r.roleId === recipient.roleId);
  // A quorum that the others can still reach carries on; otherwise the form waits for a reassignment.
  const reachable =
    role?.quorum != null &&
    membersOf(declined, role.roleId).filter((r) => r.status === 'signed' || isActive(r)).length >=
      role.quorum;
  return {
    ...declined,
    status: reachable ? s.status : 'declined',
    declinedAt: reachable ? s.declinedAt : at,
    lock: releaseLock(s, recipientId),
    lastActionAt: at,
  };
}

/** Reassigned: the new recipient takes the role; a form declined only by the one replaced carries on. */
function afterReassignment(
  s: EnvelopeState,
  event: EnvelopeEventOf<'EnvelopeRecipientReassigned'>,
): EnvelopeState {
  const { fromRecipientId, recipient, at } = event.data;
  const replaced = update(s, fromRecipientId, { status: 'replaced', lastEditAt: at });
  const stillDeclined = replaced.recipients.some((r) => r.status === 'declined' && blocks(replaced, r));
  return withTurns({
    ...replaced,
    recipients: [...replaced.recipients, recipientOf(recipient, s.roles)],
    status: s.status === 'declined' && !stillDeclined ? 'sent' : s.status,
    lock: releaseLock(s, fromRecipientId),
    lastActionAt: at,
  });
}

export function evolveEnvelope(state: EnvelopeDeciderState, event: EnvelopeEvent): EnvelopeDeciderState {
  const { at } = event.data;
  if (event.type === 'EnvelopeCreated') return createdEnvelope(event);
  if (!state) return state;
  const s = { ...state, version: state.version + 1 };
  switch (event.type) {
    case 'EnvelopeRecipientAdded':
      return withTurns({ ...s, recipients: [...s.recipients, recipientOf(event.data.recipient, s.roles)] });
    case 'EnvelopeSigningLinkIssued': {
      const { linkId, recipientId, expiresAt } = event.data;
      return { ...s, links: [...s.links, { linkId, recipientId, expiresAt, used: false }] };
    }
    case 'EnvelopeSigningLinkExtended': {
      const { linkId, expiresAt } = event.data;
      return { ...s, links: s.links.map((l) => (l.linkId === linkId ? { ...l, expiresAt } : l)) };
    }
    case 'EnvelopeRecipientViewed':
      return afterViewing(s, event);
    case 'EnvelopeRecipientSigned': {
      const { recipientId, documentId, hashAfter, size } = event.data;
      const signed = update(s, recipientId, { status: 'signed', signedAt: at, lastEditAt: at });
      return withTurns({
        ...signed,
        documentId,
        sha256: hashAfter,
        documentSize: size ?? null,
        documentIds: [...s.documentIds, documentId],
        lock: releaseLock(s, recipientId),
        lastActionAt: at,
      });
    }
    case 'EnvelopeRecipientDeclined':
      return afterDecline(s, event);
    case 'EnvelopeRecipientLeft': {
      const { recipientId } = event.data;
      return {
        ...update(s, recipientId, { lastEditAt: at }),
        lock: releaseLock(s, recipientId),
        lastActionAt: at,
      };
    }
    case 'EnvelopeRecipientReassigned':
      return afterReassignment(s, event);
    case 'EnvelopeRecipientEmailChanged': {
      const { recipientId, email, userId } = event.data;
      return update(s, recipientId, { email, userId });
    }
    case 'EnvelopeRoleCompleted': {
      const released = new Set(event.data.releasedRecipientIds);
      return withTurns({
        ...s,
        recipients: s.recipients.map((r) =>
          released.has(r.recipientId) ? { ...r, status: 'released', releasedAt: at } : r,
        ),
        lastActionAt: at,
      });
    }
    case 'EnvelopeCompleted':
      return { ...s, status: 'completed', completedAt: at, lock: null, lastActionAt: at };
    case 'EnvelopeVoided':
      return {
        ...s,
        status: 'voided',
        voidedAt: at,
        voidReason: event.data.reason,
        lock: null,
        lastActionAt: at,
      };
    default:
      return unhandled('event', event);
  }
}

/** Whether a declined recipient still holds the form back (their role cannot complete without them). */
function blocks(state: EnvelopeState, declined: EnvelopeRecipientState): boolean {
  const role = state.roles.find((r) => r.roleId === declined.roleId);
  if (!role || role.quorum === null) return true;
  return (
    membersOf(state, role.roleId).filter((r) => r.status === 'signed' || isActive(r)).length < role.quorum
  );
}

export const envelopeDecider: Decider<EnvelopeDeciderState, EnvelopeCommand, EnvelopeEvent, EnvelopeError> = {
  initialState: () => null,
  decide: decideEnvelope,
  evolve: evolveEnvelope,
};

/** Who acted in what order, for the evidence and the hub: a recipient's state in words. */
export const RECIPIENT_STATUS_LABELS: Record<RecipientStatus, string> = {
  waiting: 'Waiting for others',
  sent: 'Sent',
  delivered: 'Viewed',
  signed: 'Signed',
  declined: 'Declined',
  released: 'No longer needed',
  replaced: 'Reassigned',
};

export const ENVELOPE_STATUS_LABELS: Record<EnvelopeStatus, string> = {
  sent: 'Waiting for signatures',
  declined: 'Declined',
  completed: 'Completed',
  voided: 'Voided',
};
