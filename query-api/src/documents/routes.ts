import { Router, type Response } from 'express';
import archiver from 'archiver';
import {
  AppError,
  DOCUMENT_MESSAGES,
  NotFoundError,
  ForbiddenError,
  ValidationError,
  contentDisposition,
  documentCategories,
  documentCategoryLabel,
  isInternal,
  type Actor,
  type DocumentFile,
  type DocumentStore,
  summaryDocumentsByBenefitType,
  type BenefitType,
} from '@onboard/domain';
import { CENSUS_MESSAGES } from '@onboard/domain/census';
import { mount } from '@onboard/api-contract/express';
import { requireActor, requirePermission, type QueryDeps } from '../http/context.ts';
import {
  countDocuments,
  downloadClientDocument,
  downloadDocument,
  getClientDocumentNotice,
  getClientVideo,
  lastTouchedDocument,
  listDocumentCategories,
  listDocumentsMeta,
  associationSummaryDocuments,
  listAssociationExplorerSites,
  manyOf,
  zipDocuments,
} from './routes.contract.ts';
import type { EventStore } from '@onboard/events';
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

const MAX_ZIPPED_DOCUMENTS = 100;
const STAFF_ROLES = ['SLF_ADMIN', 'SLF_OWNER'];

type Source = 'upload' | 'census' | 'onboarding-form';

type Row = {
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
const ALL_DOCUMENTS = `(
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

const SELECT = `select d.*, trim(u.first_name || ' ' || u.last_name) as uploaded_by_name,
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

const viewOf = (actor: Actor) => (row: Row) => ({
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

const bufferOf = (file: DocumentFile) =>
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

/** `a.pdf`, `a (2).pdf`, ...: names inside one zip are unique. */
export function uniqueZipNames(names: readonly string[]): string[] {
  const used = new Set<string>();
  return names.map((name) => {
    let candidate = name;
    const dot = name.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    for (let n = 2; used.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${ext}`;
    used.add(candidate.toLowerCase());
    return candidate;
  });
}

/**
 * The documents read model (projections/src/documents.ts) for the client's own people and staff, and the
 * files behind it: one at a time, or several in a zip streamed as it is built.
 */
export function documentQueryRoutes(deps: DocumentQueryDeps): Router {
  const router = Router();

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

  mount(router, listDocumentCategories, async (req, res) => {
    await requireActor(deps.authenticate, req);
    res.json(documentCategories.map((c) => ({ id: c.id, label: c.label, taskIds: [...c.taskIds] })));
  });

  mount(router, listDocumentsMeta, async (req, res, input) => {
    const { actor, clientId } = await requireClient(req);
    const query = input.query() as Record<string, unknown>;
    const categories = manyOf(query, 'categories');
    const ids = manyOf(query, 'documentIds');
    const one = typeof query.documentId === 'string' && query.documentId !== '' ? query.documentId : null;
    if (one) ids.push(one);
    const { rows } = await deps.pool.query<Row>(
      `${SELECT} where d.client_id = $1 and d.deleted_at is null
         and (cardinality($2::text[]) = 0 or d.category = any($2))
         and ($3::text is null or d.policy_id = $3)
         and (cardinality($4::text[]) = 0 or d.document_id = any($4))
         and ($5::text is null or d.language = $5)
       order by d.created_at desc, d.document_id`,
      [clientId, categories, query.policyId || null, ids, query.language || null],
    );
    res.set('cache-control', 'no-store').json(rows.map(viewOf(actor)));
  });

  mount(router, countDocuments, async (req, res, input) => {
    const { clientId } = await requireClient(req);
    const categories = manyOf(input.query() as Record<string, unknown>, 'categories');
    const { rows } = await deps.pool.query<{ category: string; n: string }>(
      `select category, count(*) as n from ${ALL_DOCUMENTS} d
       where client_id = $1 and deleted_at is null and (cardinality($2::text[]) = 0 or category = any($2))
       group by category`,
      [clientId, categories],
    );
    const byCategory = Object.fromEntries(rows.map((r) => [r.category, Number(r.n)]));
    res.set('cache-control', 'no-store').json({
      count: rows.reduce((sum, r) => sum + Number(r.n), 0),
      byCategory,
    });
  });

  mount(router, lastTouchedDocument, async (req, res, input) => {
    const { actor, clientId } = await requireClient(req);
    const policyId = input.query().policyId || null;
    const { rows } = await deps.pool.query<Row>(
      `${SELECT} where d.client_id = $1 and d.category = $2 and d.deleted_at is null
         and ($3::text is null or d.policy_id = $3)
       order by d.updated_at desc limit 1`,
      [clientId, String(req.params.category), policyId],
    );
    res.set('cache-control', 'no-store').json(rows[0] ? viewOf(actor)(rows[0]) : null);
  });

  mount(router, getClientDocumentNotice, async (req, res) => {
    const { actor, clientId } = await requireClient(req);
    const { rows } = await deps.pool.query<{ status: 'NEW_AND_SEEN' | 'OLD' | null; n: string }>(
      `select (select status from rm_document_notices where client_id = $1 and user_id = $2) as status,
         (select count(*) from rm_documents d
          where d.client_id = $1 and d.deleted_at is null and d.uploaded_by_role = any($3)
            and d.uploaded_by <> $2
            and d.created_at > coalesce(
              (select set_at from rm_document_notices where client_id = $1 and user_id = $2), '-infinity')
         ) as n`,
      [clientId, actor.userId, STAFF_ROLES],
    );
    const n = Number(rows[0]?.n ?? 0);
    res.set('cache-control', 'no-store').json({
      newDocumentNoticeStatus: rows[0]?.status ?? null,
      hasNewDocuments: n > 0,
      newDocumentCount: n,
    });
  });

  mount(router, getClientVideo, async (req, res) => {
    const { clientId } = await requireClient(req);
    const { rows } = await deps.pool.query<{ document_key: string; name: string }>(
      `select document_key, name from rm_document_videos
       where client_id = $1 and video_id = $2 and deleted_at is null`,
      [clientId, String(req.params.vidyardId)],
    );
    if (!rows[0]) throw new NotFoundError('Video not found');
    const file = await deps.videos.get(rows[0].document_key);
    if (!file) throw new NotFoundError('Video not found');
    res
      .status(200)
      .set('content-type', 'video/mp4')
      .set('cache-control', 'private, no-store')
      .set('content-disposition', contentDisposition(rows[0].name).replace(/^attachment/, 'inline'))
      .send(bufferOf(file));
  });

  mount(router, zipDocuments, async (req, res, input) => {
    const { clientId } = await requireClient(req);
    const ids = manyOf(input.query() as Record<string, unknown>, 'documentIds');
    if (ids.length === 0)
      throw new ValidationError(
        { 'query.documentIds': DOCUMENT_MESSAGES.zipNone },
        DOCUMENT_MESSAGES.zipNone,
      );
    if (ids.length > MAX_ZIPPED_DOCUMENTS)
      throw new ValidationError(
        { 'query.documentIds': DOCUMENT_MESSAGES.zipTooMany },
        DOCUMENT_MESSAGES.zipTooMany,
      );
    const { rows } = await deps.pool.query<Row>(
      `${SELECT} where d.client_id = $1 and d.document_id = any($2) and d.deleted_at is null`,
      [clientId, ids],
    );
    if (rows.length !== ids.length) throw new NotFoundError(DOCUMENT_MESSAGES.notFound);
    const ordered = ids.map((id) => rows.find((r) => r.document_id === id)!);
    // The files are gathered first, within the limit, so a timeout is still an answer of its own.
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new AppError(422, 'FILE_ZIPPING_TIMEOUT', DOCUMENT_MESSAGES.zipTimeout)),
        deps.zipTimeoutMs,
      );
    });
    let files: Buffer[];
    try {
      files = await Promise.race([
        Promise.all(
          ordered.map(async (r) => {
            const file = await deps.documents.get(r.document_key);
            if (!file) throw new NotFoundError('A document is not available for download');
            return bytesOf(r, file);
          }),
        ),
        timeout,
      ]);
    } finally {
      clearTimeout(timer);
    }
    const names = uniqueZipNames(ordered.map((r) => r.name));
    const archive = archiver('zip', { zlib: { level: 6 } });
    res
      .status(200)
      .set('content-type', 'application/zip')
      .set('cache-control', 'private, no-store')
      .set(
        'content-disposition',
        contentDisposition(`documents-${new Date().toISOString().slice(0, 10)}.zip`),
      );
    archive.on('error', () => res.destroy());
    archive.pipe(res);
    files.forEach((file, i) => archive.append(file, { name: names[i]! }));
    await archive.finalize();
  });

  const requireStaff = async (req: Parameters<typeof deps.authenticate>[0]) => {
    const actor = await requireActor(deps.authenticate, req);
    if (!isInternal(actor)) throw new ForbiddenError('Only internal staff manage Explorer sites');
  };

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

  // platform §7 Explorer pages: the sites of one association, and their summary documents per benefit
  // type (explorer §7, onboarding §5: at most 15 per type, one per document key, newest site first).
  mount(router, listAssociationExplorerSites, async (req, res) => {
    await requireStaff(req);
    const associationId = String(req.params.associationId);
    const sites = await associationSites(String(req.params.clientId), associationId);
    res.json(
      sites.map((s) => ({
        explorerPageId: s.explorer_page_id,
        name: s.name,
        vanitySlug: s.vanity_slug,
        startsAt: s.starts_at?.toISOString() ?? null,
        associationId,
      })),
    );
  });

  mount(router, associationSummaryDocuments, async (req, res, input) => {
    await requireStaff(req);
    const wanted = new Set(manyOf(input.query() as Record<string, unknown>, 'benefitTypes'));
    const sites = await associationSites(String(req.params.clientId), String(req.params.associationId));
    const documents = sites.flatMap((site) =>
      (site.documents ?? [])
        .filter((d) => d.benefitType !== null && (wanted.size === 0 || wanted.has(d.benefitType)))
        .map((d) => ({
          documentId: d.documentId,
          documentKey: d.documentKey,
          name: d.name,
          benefitType: d.benefitType as BenefitType,
          language: d.language,
          explorerPageId: site.explorer_page_id,
        })),
    );
    res.json(summaryDocumentsByBenefitType(documents));
  });

  mount(router, downloadClientDocument, async (req, res) => {
    const { clientId } = await requireClient(req);
    await serveDocument(res, await findDocument(clientId, String(req.params.documentId)));
  });

  mount(router, downloadDocument, async (req, res) => {
    const actor = await requireActor(deps.authenticate, req);
    const row = await findDocument(null, String(req.params.documentId));
    if (row) requirePermission(actor, 'documents', 'read', { clientId: row.client_id });
    await serveDocument(res, row);
  });

  return router;
}
