import type { EnvelopeEvent } from '@onboard/events';

/** One step of a recipient's audit trail: what they did, when, and from where. */
export type CertificateStep = {
  action: string;
  at: string;
  ipAddress: string | null;
  userAgent: string | null;
};

/** The audit certificate appended to a completed form: every recipient's trail and the document's hashes. */
export type AuditCertificate = {
  formName: string;
  /** The template's PDF, before anyone signed. */
  hashBefore: string;
  /** The signed PDF, before this certificate was added to it. */
  hashAfter: string;
  recipients: { name: string; role: string; email: string; steps: CertificateStep[] }[];
};

/**
 * The audit certificate of an envelope, from its events (pure): each recipient with their name, role and
 * e-mail, and every event of theirs with its time, IP address and user agent.
 */
export function auditCertificate(events: readonly EnvelopeEvent[], hashAfter: string): AuditCertificate {
  const certificate: AuditCertificate = { formName: '', hashBefore: '', hashAfter, recipients: [] };
  const byId = new Map<string, AuditCertificate['recipients'][number]>();
  const roleNames = new Map<string, string>();
  const add = (r: { recipientId: string; roleId: string; name: string; email: string }, at: string) => {
    const entry = { name: r.name, role: roleNames.get(r.roleId) ?? r.roleId, email: r.email, steps: [] };
    byId.set(r.recipientId, entry);
    certificate.recipients.push(entry);
    step(r.recipientId, 'Sent', at, null, null);
  };
  const step = (id: string, action: string, at: string, ipAddress: string | null, userAgent: string | null) =>
    byId.get(id)?.steps.push({ action, at, ipAddress, userAgent });
  for (const event of events) {
    switch (event.type) {
      case 'EnvelopeCreated':
        certificate.formName = event.data.formName;
        certificate.hashBefore = event.data.sha256;
        event.data.roles.forEach((role) => roleNames.set(role.roleId, role.name));
        event.data.recipients.forEach((r) => add(r, event.data.at));
        break;
      case 'EnvelopeRecipientAdded':
        add(event.data.recipient, event.data.at);
        break;
      case 'EnvelopeRecipientReassigned':
        step(event.data.fromRecipientId, 'Reassigned', event.data.at, null, null);
        add(event.data.recipient, event.data.at);
        break;
      case 'EnvelopeRecipientViewed':
        step(event.data.recipientId, 'Viewed', event.data.at, event.data.ipAddress, event.data.userAgent);
        break;
      case 'EnvelopeRecipientSigned':
        step(event.data.recipientId, 'Signed', event.data.at, event.data.ipAddress, event.data.userAgent);
        break;
      case 'EnvelopeRecipientDeclined':
        step(event.data.recipientId, 'Declined', event.data.at, event.data.ipAddress, event.data.userAgent);
        break;
      case 'EnvelopeRecipientLeft':
        step(
          event.data.recipientId,
          'Left to finish later',
          event.data.at,
          event.data.ipAddress,
          event.data.userAgent,
        );
        break;
      case 'EnvelopeRecipientEmailChanged': {
        const entry = byId.get(event.data.recipientId);
        if (entry) entry.email = event.data.email;
        break;
      }
      default:
        break;
    }
  }
  return certificate;
}
