import type { SigningTemplateState } from './template.ts';
import {
  ENVELOPE_STATUS_LABELS,
  RECIPIENT_STATUS_LABELS,
  signaturesNeeded,
  type EnvelopeState,
  type EnvelopeStatus,
  type RecipientStatus,
} from './decider.ts';

/** An onboarding form as the hub shows it (platform §3): recipients with their dates, in words. */
export type OnboardingFormView = {
  onboardingFormId: string;
  clientId: string;
  templateId: string;
  formName: string;
  status: EnvelopeStatus;
  statusLabel: string;
  createdAt: string;
  lastActionAt: string;
  /** Someone is in the signing view: a status may change at any moment (the hub refreshes every 6 s). */
  waitingForWebhook: boolean;
  declinedAt: string | null;
  voidedAt: string | null;
  completedAt: string | null;
  voidReason: string | null;
  recipients: {
    recipientId: string;
    roleId: string;
    roleName: string;
    name: string;
    email: string;
    userId: string | null;
    routingOrder: number;
    status: RecipientStatus;
    statusLabel: string;
    lastEditAt: string | null;
    deliveredAt: string | null;
    signedAt: string | null;
    declinedAt: string | null;
    declineReason: string | null;
    /** When the quorum that released this member was reached. */
    releasedAt: string | null;
    /** When the recipient's signing link stops working, while one waits to be used (staff may extend it). */
    linkExpiresAt: string | null;
  }[];
  /** The PDF's versions: the template as sent, then after each signature (the last is the current one). */
  documents: { docId: string; name: string }[];
  lock: { recipientName: string; until: string } | null;
  /**
   * Each role in routing order; a quorum role in words ('Any 2 of 3') with its progress ('1 of 2 signed').
   */
  roles: {
    roleId: string;
    name: string;
    routingOrder: number;
    quorumLabel: string | null;
    progressLabel: string;
  }[];
  /** The PDF's pages in points, to draw it. */
  pages: { width: number; height: number }[];
  version: number;
};

export function onboardingFormView(state: EnvelopeState, now: Date): OnboardingFormView {
  const at = now.toISOString();
  const lock = state.lock && state.lock.until > at ? state.lock : null;
  const nameOf = (recipientId: string) =>
    state.recipients.find((r) => r.recipientId === recipientId)?.name ?? '';
  const signers = state.recipients
    .filter((r) => r.status === 'signed')
    .sort((a, b) => (a.signedAt! < b.signedAt! ? -1 : 1));
  return {
    onboardingFormId: state.envelopeId,
    clientId: state.clientId,
    templateId: state.templateId,
    formName: state.formName,
    status: state.status,
    statusLabel: ENVELOPE_STATUS_LABELS[state.status],
    createdAt: state.createdAt,
    lastActionAt: state.lastActionAt,
    waitingForWebhook: lock !== null,
    declinedAt: state.declinedAt,
    voidedAt: state.voidedAt,
    completedAt: state.completedAt,
    voidReason: state.voidReason,
    recipients: state.recipients.map((r) => ({
      recipientId: r.recipientId,
      roleId: r.roleId,
      roleName: state.roles.find((role) => role.roleId === r.roleId)?.name ?? '',
      name: r.name,
      email: r.email,
      userId: r.userId,
      routingOrder: r.routingOrder,
      status: r.status,
      statusLabel: RECIPIENT_STATUS_LABELS[r.status],
      lastEditAt: r.lastEditAt,
      deliveredAt: r.deliveredAt,
      signedAt: r.signedAt,
      declinedAt: r.declinedAt,
      declineReason: r.declineReason,
      releasedAt: r.releasedAt ?? null,
      linkExpiresAt: waitingLink(state, r.recipientId)?.expiresAt ?? null,
    })),
    documents: state.documentIds.map((docId, i) => ({
      docId,
      name:
        i === 0
          ? `${state.formName} (as sent)`
          : `${state.formName} (signed by ${signers[i - 1]?.name ?? 'a recipient'})`,
    })),
    lock: lock && { recipientName: nameOf(lock.recipientId), until: lock.until },
    roles: [...state.roles]
      .sort((a, b) => a.routingOrder - b.routingOrder)
      .map((role) => {
        const members = state.recipients.filter((r) => r.roleId === role.roleId && r.status !== 'replaced');
        const signed = members.filter((r) => r.status === 'signed').length;
        const needed = signaturesNeeded(state, role);
        return {
          roleId: role.roleId,
          name: role.name,
          routingOrder: role.routingOrder,
          quorumLabel: role.quorum === null ? null : `Any ${role.quorum} of ${members.length}`,
          progressLabel: `${Math.min(signed, needed)} of ${needed} signed`,
        };
      }),
    pages: state.pages,
    version: state.version,
  };
}

export type SigningTemplateView = NonNullable<SigningTemplateState>;

/** The recipient's last signing link, while it waits to be used (expired or not). */
export function waitingLink(state: EnvelopeState, recipientId: string) {
  const link = state.links.filter((l) => l.recipientId === recipientId).at(-1);
  return link && !link.used ? link : null;
}

/**
 * The completed form's file name: by form, client and the day it was completed (UTC), so it never reads
 * like the template or a staff upload of the same name ('Group application - Lakeside Manufacturing Co. -
 * signed 2026-11-29.pdf'). The documents list composes the same name in SQL (query-api's ALL_DOCUMENTS).
 */
export const signedFormFileName = (formName: string, clientName: string, completedAt: string) =>
  `${formName} - ${clientName} - signed ${completedAt.slice(0, 10)}.pdf`;
