import type pg from 'pg';
import type { DocumentStore, EnvelopeState } from '@onboard/domain';
import type { SignatureAuditEntry, SignedFormEvidence } from '../evidence-pack/types.ts';

export type EvidenceDeps = { pool: Pick<pg.Pool, 'query'>; documents: Pick<DocumentStore, 'get'> };

/**
 * The client's completed onboarding forms for the evidence pack: each completed PDF (every signature
 * flattened into it) with its audit trail in order (who, when, from which address and browser, and the
 * PDF's SHA-256 before and after each signature), from the onboarding-forms read model.
 */
export async function completedFormsForEvidence(
  deps: EvidenceDeps,
  clientId: string,
): Promise<SignedFormEvidence[]> {
  const { rows } = await deps.pool.query<{ envelope_id: string; state: EnvelopeState }>(
    `select envelope_id, state from rm_onboarding_forms
     where client_id = $1 and status = 'completed' order by created_at, envelope_id`,
    [clientId],
  );
  const forms: SignedFormEvidence[] = [];
  for (const { envelope_id: envelopeId, state } of rows) {
    const file = await deps.documents.get(state.documentId);
    if (!file)
      throw new Error(
        `The completed PDF of onboarding form ${envelopeId} is missing from the document store`,
      );
    const audit = await deps.pool.query<{
      recipient_name: string;
      recipient_email: string;
      role: string;
      action: SignatureAuditEntry['action'];
      at: Date;
      ip_address: string | null;
      user_agent: string | null;
      hash_before: string | null;
      hash_after: string | null;
    }>(
      `select recipient_name, recipient_email, role, action, at, ip_address, user_agent, hash_before, hash_after
       from rm_onboarding_form_audit where envelope_id = $1 order by seq`,
      [envelopeId],
    );
    forms.push({
      envelopeId,
      formName: state.formName,
      completedAt: state.completedAt ?? state.lastActionAt,
      pdf: file.bytes,
      audit: audit.rows.map((r) => ({
        recipientName: r.recipient_name,
        recipientEmail: r.recipient_email,
        role: r.role,
        action: r.action,
        at: r.at.toISOString(),
        ipAddress: r.ip_address,
        userAgent: r.user_agent,
        hashBefore: r.hash_before,
        hashAfter: r.hash_after,
      })),
    });
  }
  return forms;
}
