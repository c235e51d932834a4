import type { ChainLink } from '@onboard/domain';

/** One action on a signed onboarding form, as the e-signature audit trail records it. */
export type SignatureAuditEntry = {
  recipientName: string;
  recipientEmail: string;
  role: string;
  action: 'sent' | 'viewed' | 'signed' | 'declined' | 'reassigned' | 'voided' | 'completed';
  at: string;
  ipAddress: string | null;
  userAgent: string | null;
  /** Hex SHA-256 of the document before and after the action (null where the action left it alone). */
  hashBefore: string | null;
  hashAfter: string | null;
};

/** A completed onboarding form of a client: the signed PDF and its audit trail. */
export type SignedFormEvidence = {
  envelopeId: string;
  formName: string;
  completedAt: string;
  pdf: Uint8Array;
  audit: SignatureAuditEntry[];
};

/** The signed forms of a client, completed ones only, oldest first. */
export type SignedFormsProvider = (clientId: string) => Promise<SignedFormEvidence[]>;

/** Pages of the pack a part occupies (1-based first page). */
export type PageSpan = { first: number; count: number };

export const EVIDENCE_FORMAT = 'onboard-evidence-pack/1';
export const EVIDENCE_RECORD_NAME = 'evidence.json';

/**
 * The pack's machine-readable record, attached as `evidence.json`: what a verifier recomputes. The
 * attachments it names sit beside it in the PDF; the PAdES signature covers all of them.
 */
export type EvidenceRecord = {
  format: typeof EVIDENCE_FORMAT;
  clientId: string;
  clientName: string;
  generatedAt: string;
  forms: Array<{
    envelopeId: string;
    formName: string;
    completedAt: string;
    attachment: string;
    sha256: string;
    pages: PageSpan;
    audit: SignatureAuditEntry[];
  }>;
  eifSummary: { attachment: string; sha256: string; pages: PageSpan };
  chain: {
    rule: string;
    genesis: string;
    head: string;
    streams: string[];
    links: ChainLink[];
  };
};
