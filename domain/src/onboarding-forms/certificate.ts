import type { EnvelopeEvent } from '@onboard/events';

/** One step of a recipient's audit trail: what they did, when, and from where. */
export type CertificateStep = {
  action: string;
  at: string;
  ipAddress: string | null;
  userAgent: string | null;
};

/** A recipient of the trail: their name, role and e-mail, and every step of theirs in order. */
export type TrailRecipient = {
  recipientId: string;
  name: string;
  role: string;
  email: string;
  steps: CertificateStep[];
};

/**
 * An envelope's audit trail as its events build it, one event at a time (the task page shows it as it
 * grows, the completed PDF's certificate page prints it).
 */
export type AuditTrail = {
  formName: string;
  /** The template's PDF, before anyone signed. */
  hashBefore: string;
  roleNames: Record<string, string>;
  recipients: TrailRecipient[];
};

/** The audit certificate appended to a completed form: every recipient's trail and the document's hashes. */
export type AuditCertificate = {
  formName: string;
  /** The template's PDF, before anyone signed. */
  hashBefore: string;
  /** The signed PDF, before this certificate was added to it. */
  hashAfter: string;
  recipients: TrailRecipient[];
};

export const EMPTY_AUDIT_TRAIL: AuditTrail = { formName: '', hashBefore: '', roleNames: {}, recipients: [] };

/**
 * The trail after one more event of the envelope (pure): each recipient with their name, role and e-mail
 * as they joined, and every step of theirs with its time, IP address and user agent.
 */
export function evolveAuditTrail(trail: AuditTrail, event: EnvelopeEvent): AuditTrail {
  const step = (
    t: AuditTrail,
    recipientId: string,
    action: string,
    at: string,
    ipAddress: string | null = null,
    userAgent: string | null = null,
  ): AuditTrail => ({
    ...t,
    recipients: t.recipients.map((r) =>
      r.recipientId === recipientId ? { ...r, steps: [...r.steps, { action, at, ipAddress, userAgent }] } : r,
    ),
  });
  const add = (
    t: AuditTrail,
    r: { recipientId: string; roleId: string; name: string; email: string },
    at: string,
  ): AuditTrail =>
    step(
      {
        ...t,
        recipients: [
          ...t.recipients,
          {
            recipientId: r.recipientId,
            name: r.name,
            role: t.roleNames[r.roleId] ?? r.roleId,
            email: r.email,
            steps: [],
          },
        ],
      },
      r.recipientId,
      'Sent',
      at,
    );
  const d = event.data;
  switch (event.type) {
    case 'EnvelopeCreated': {
      const roleNames = Object.fromEntries(event.data.roles.map((role) => [role.roleId, role.name]));
      const created: AuditTrail = {
        formName: event.data.formName,
        hashBefore: event.data.sha256,
        roleNames,
        recipients: [],
      };
      return event.data.recipients.reduce((t, r) => add(t, r, d.at), created);
    }
    case 'EnvelopeRecipientAdded':
      return add(trail, event.data.recipient, d.at);
    case 'EnvelopeRecipientReassigned':
      return add(step(trail, event.data.fromRecipientId, 'Reassigned', d.at), event.data.recipient, d.at);
    case 'EnvelopeRecipientViewed':
      return step(trail, event.data.recipientId, 'Viewed', d.at, event.data.ipAddress, event.data.userAgent);
    case 'EnvelopeRecipientSigned':
      return step(trail, event.data.recipientId, 'Signed', d.at, event.data.ipAddress, event.data.userAgent);
    case 'EnvelopeRecipientDeclined':
      return step(
        trail,
        event.data.recipientId,
        'Declined',
        d.at,
        event.data.ipAddress,
        event.data.userAgent,
      );
    case 'EnvelopeRecipientLeft':
      return step(
        trail,
        event.data.recipientId,
        'Left to finish later',
        d.at,
        event.data.ipAddress,
        event.data.userAgent,
      );
    case 'EnvelopeRoleCompleted':
      return event.data.releasedRecipientIds.reduce(
        (t, recipientId) => step(t, recipientId, 'No longer needed', d.at),
        trail,
      );
    case 'EnvelopeRecipientEmailChanged': {
      const { recipientId, email } = event.data;
      return {
        ...trail,
        recipients: trail.recipients.map((r) => (r.recipientId === recipientId ? { ...r, email } : r)),
      };
    }
    default:
      return trail;
  }
}

/** The audit certificate of an envelope, from its events (pure), with the signed PDF's hash. */
export function auditCertificate(events: readonly EnvelopeEvent[], hashAfter: string): AuditCertificate {
  const trail = events.reduce(evolveAuditTrail, EMPTY_AUDIT_TRAIL);
  return { formName: trail.formName, hashBefore: trail.hashBefore, hashAfter, recipients: trail.recipients };
}
