import { type Response } from 'express';
import {
  DOCUMENT_MESSAGES,
  NotFoundError,
  ForbiddenError,
  contentDisposition,
  documentCategoryLabel,
  isInternal,
  type Actor,
  type DocumentFile,
  type DocumentStore,
} from '@onboard/domain';
import { CENSUS_MESSAGES } from '@onboard/domain/census';
import type { EventStore } from '@onboard/events';
import { requireActor, requirePermission, type QueryDeps } from '../http/context.ts';
import { maskedCensusFile, readCensusState } from '../census/masked-files.ts';

export type DocumentQueryDeps = QueryDeps & {
  documents: Pick<DocumentStore, 'get'>;
  /** Where a census file's census is read: it downloads masked by its confirmed columns. */
  store: Pick<EventStore, 'readStream'>;
  /** The video port (the embedded default keeps videos in the document store). */
  videos: Pick<DocumentStore, 'get'>;
  /** How long gathering the files of one zip may take before FILE_ZIPPING_TIMEOUT. */
  zipTimeoutMs: number;
};

export const STAFF_ROLES = ['SLF_ADMIN', 'SLF_OWNER'];

type Source = 'upload' | 'census' | 'onboarding-form';

export type Row = {
  source: Source;
  client_id: string;
  document_id: string;
  document_key: string;
  name: string;
  mime_type: string;
  size: string | null;
  category: string;
  policy_id: string | null;
  language: string | null;
  uploaded_by: string;
  uploaded_by_role: string;
  uploaded_by_name: string | null;
  updated_by_name: string | null;
  process_status: string;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
  submitted_at: Date | null;
};

/**
 * Every document of a client: the documents read model's rows (uploads and census files) and each completed
 * onboarding form from the onboarding forms read model, filed under signed forms and named by form,
 * client and the day it was completed (as `signedFormFileName` names the download). A voided or declined form is never completed, so never listed; the PDF served is the completed
 * one (the envelope's document after the last signature, the same the onboarding forms download serves).
 */
export const ALL_DOCUMENTS = `(
  select source, client_id, document_id, document_key, name, mime_type, size, category, policy_id, language,
    uploaded_by, uploaded_by_role, updated_by, process_status, created_at, updated_at, deleted_at, submitted_at
  from rm_documents
  union all
  select 'onboarding-form', f.client_id, f.envelope_id, f.state->>'documentId', n.name, 'application/pdf',
    (f.state->>'documentSize')::bigint,
    'signed-forms', null, null, '', 'SYSTEM', '', 'PROCESSED', (f.state->>'completedAt')::timestamptz,
    (f.state->>'completedAt')::timestamptz, null, null
  from rm_onboarding_forms f
  left join rm_clients c on c.client_id = f.client_id
  cross join lateral (
    select (f.state->>'formName') || ' - ' || coalesce(c.name, f.client_id) || ' - signed '
      || to_char((f.state->>'completedAt')::timestamptz at time zone 'UTC', 'YYYY-MM-DD') || '.pdf' as name) n
  where f.status = 'completed'
)`;

export const SELECT = `select d.*, trim(u.first_name || ' ' || u.last_name) as uploaded_by_name,
    trim(w.first_name || ' ' || w.last_name) as updated_by_name
  from ${ALL_DOCUMENTS} d
  left join rm_users u on u.user_id = d.uploaded_by
  left join rm_users w on w.user_id = d.updated_by`;

const clientDocumentPath = (clientId: string, documentId: string) =>
  `/api/clients/${encodeURIComponent(clientId)}/documents/${encodeURIComponent(documentId)}`;

/** Why the document is kept whoever asks: a completed form is the signed record; a submitted census too. */
const keptReasonOf = (row: Row) =>
  row.source === 'onboarding-form'
    ? DOCUMENT_MESSAGES.signedFormKept
    : row.submitted_at
      ? CENSUS_MESSAGES.submittedKept
      : null;

const canDeleteRow = (actor: Actor, row: Row) =>
  keptReasonOf(row) === null && (isInternal(actor) || row.uploaded_by === actor.userId);

export const viewOf = (actor: Actor) => (row: Row) => ({
  id: row.document_id,
  source: row.source,
  documentId: row.document_id,
  name: row.name,
  mimeType: row.mime_type,
  size: row.size === null ? null : Number(row.size),
  documentKey: row.document_key,
  category: row.category,
  categoryLabel: documentCategoryLabel(row.category),
  policyId: row.policy_id,
  language: row.language,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
  deletedAt: row.deleted_at?.toISOString() ?? null,
  updatedBy: byName(row, row.updated_by_name),
  uploadedBy: byName(row, row.uploaded_by_name),
  uploadedByStaff: STAFF_ROLES.includes(row.uploaded_by_role),
  canDelete: canDeleteRow(actor, row),
  canRename: row.source !== 'onboarding-form',
  keptReason: keptReasonOf(row),
  processStatus: row.process_status,
  downloadPath: clientDocumentPath(row.client_id, row.document_id),
});

const byName = (row: Row, name: string | null) =>
  row.source === 'onboarding-form' ? 'Onboard e-signature' : name || 'Someone no longer on the team';

export const bufferOf = (file: DocumentFile) =>
  Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength);

function sendFile(res: Response, bytes: Buffer, name: string, mimeType: string) {
  res
    .status(200)
    .set('content-type', mimeType)
    .set('cache-control', 'private, no-store')
    .set('x-content-type-options', 'nosniff')
    .set('content-disposition', contentDisposition(name))
    .send(bytes);
}

type SiteRow = {
  explorer_page_id: string;
  name: string;
  vanity_slug: string | null;
  starts_at: Date | null;
  documents:
    | {
        documentId: string;
        documentKey: string;
        name: string;
        benefitType: string | null;
        language: string | null;
      }[]
    | null;
};

/** What every handler of the documents shares: the dependencies, the caller's check, a document read and sent. */
export type DocumentQueries = ReturnType<typeof documentQueries>;

/** The caller's access to a client's documents, a document found and served, an association's sites. */
export function documentQueries(deps: DocumentQueryDeps) {
  const requireClient = async (req: Parameters<typeof deps.authenticate>[0]) => {
    const actor = await requireActor(deps.authenticate, req);
    const clientId = String(req.params.clientId);
    requirePermission(actor, 'documents', 'read', { clientId });
    const { rowCount } = await deps.pool.query('select 1 from rm_clients where client_id = $1', [clientId]);
    if (!rowCount) throw new NotFoundError('Client not found');
    return { actor, clientId };
  };

  const findDocument = async (clientId: string | null, documentId: string) => {
    const { rows } = await deps.pool.query<Row>(
      `${SELECT} where d.document_id = $1 and ($2::text is null or d.client_id = $2) and d.deleted_at is null`,
      [documentId, clientId],
    );
    return rows[0] ?? null;
  };

  /** A document's bytes as they download: a census file masked, as the census screens give it. */
  const bytesOf = async (row: Row, file: DocumentFile): Promise<Buffer> => {
    if (row.source !== 'census' || row.policy_id === null) return bufferOf(file);
    const census = await readCensusState(deps.store, row.client_id, row.policy_id);
    const document = census.documents.get(row.document_id);
    if (!document) throw new NotFoundError(DOCUMENT_MESSAGES.notFound);
    return maskedCensusFile(file.bytes, document);
  };

  const serveDocument = async (res: Response, row: Row | null) => {
    if (!row) throw new NotFoundError(DOCUMENT_MESSAGES.notFound);
    const file = await deps.documents.get(row.document_key);
    if (!file) throw new NotFoundError('This document is not available for download');
    sendFile(res, await bytesOf(row, file), row.name, row.mime_type);
  };

  const requireStaff = async (req: Parameters<typeof deps.authenticate>[0]) => {
    const actor = await requireActor(deps.authenticate, req);
    if (!isInternal(actor)) throw new ForbiddenError('Only internal staff manage Explorer sites');
  };

  const associationSites = async (clientId: string, associationId: string) =>
    (
      await deps.pool.query<SiteRow>(
        `select explorer_page_id, name, vanity_slug, starts_at, page->'documents' as documents
         from rm_explorer_pages
         where client_id = $1 and page->'site'->>'associationId' = $2 and not is_deleted
         order by starts_at desc nulls last, created_at desc`,
        [clientId, associationId],
      )
    ).rows;

  return { deps, requireClient, findDocument, bytesOf, serveDocument, requireStaff, associationSites };
}
