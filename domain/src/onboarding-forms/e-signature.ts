import type { SigningField } from '@onboard/events';
import type { AuditCertificate } from './certificate.ts';

/**
 * The e-signature port. Onboard's own adapter (platform/src/onboarding-forms/built-in-e-signature.ts) reads
 * and stamps PDFs itself and issues its own signing links; a carrier's outside service plugs in here by
 * implementing the same calls, and nothing else changes: the envelope's lifecycle stays the decider's.
 */
export type ESignatureService = {
  /** The pages of an uploaded template (PDF points), or null when the bytes are not a readable PDF. */
  readPdf(bytes: Uint8Array): Promise<{ pages: { width: number; height: number }[] } | null>;
  /** The PDF with one recipient's fields filled in and flattened into the page content. */
  stamp(pdf: Uint8Array, stamps: readonly FieldStamp[]): Promise<Uint8Array>;
  /** The completed PDF with its audit certificate appended as a last page. */
  certify(pdf: Uint8Array, certificate: AuditCertificate): Promise<Uint8Array>;
  /** The hex SHA-256 of a document, as recorded before and after each signature. */
  sha256(bytes: Uint8Array): string;
  /** A signed, short-lived token for a signing link or a signing session; null verifies nothing. */
  issueToken(claims: SigningTokenClaims): string;
  /**
   * The claims of a token signed by this service and not expired at `now`; with `now` null, only the
   * signature is checked (a link's expiry is the envelope's to judge: staff may have extended it).
   */
  verifyToken(token: string, now: Date | null): SigningTokenClaims | null;
};

export type FieldStamp =
  | { field: SigningField; kind: 'image'; png: Uint8Array }
  | { field: SigningField; kind: 'text'; text: string; italic?: boolean }
  | { field: SigningField; kind: 'check'; checked: boolean };

export type SigningTokenClaims = {
  purpose: 'link' | 'session';
  envelopeId: string;
  clientId: string;
  recipientId: string;
  linkId: string;
  expiresAt: string;
};

/** How long a signing link may wait before it is opened, and how long an opened view holds the lock. */
export const SIGNING_LINK_MINUTES = 15;
export const SIGNING_SESSION_MINUTES = 20;

/** Where a signing link leads: the recipient's signing page, carrying the link's token. */
export const signingLinkPath = (clientId: string, envelopeId: string, recipientId: string, token: string) =>
  `/client/${encodeURIComponent(clientId)}/onboarding-forms/${encodeURIComponent(envelopeId)}/action/${encodeURIComponent(recipientId)}?token=${encodeURIComponent(token)}`;
