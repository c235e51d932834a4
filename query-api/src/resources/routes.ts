import { Router } from 'express';
import {
  NotFoundError,
  downloadName,
  type DocumentStore,
  RESOURCE_BENEFIT_TYPES,
  orderedAudiences,
  resourceAudienceLabel,
  resourceBenefitTypeLabel,
  type ResourceAudience,
  type ResourceBenefitType,
} from '@onboard/domain';
import { mount, sendDownload } from '@onboard/api-contract/express';
import { type QueryDeps, requireClientReader } from '../http/context.ts';
import { downloadResourceDocument, listClientResources } from './routes.contract.ts';

export type ResourceQueryDeps = QueryDeps & {
  /** Where document resources' files are kept (platform/src/documents). */
  documents: Pick<DocumentStore, 'get'>;
};

type Row = {
  resource_id: string;
  title: string;
  description: string;
  benefit_type: ResourceBenefitType;
  audiences: ResourceAudience[];
  kind: 'link' | 'document';
  url: string | null;
  document_id: string | null;
  file_name: string | null;
  mime_type: string | null;
  size: string | null;
  version: number;
  updated_at: Date;
};

const resourceDocumentPath = (clientId: string, resourceId: string) =>
  `/api/clients/${encodeURIComponent(clientId)}/resources/${encodeURIComponent(resourceId)}/document`;

/**
 * The resources read model (projections/src/resources.ts) for the client's own people and staff, with
 * each group in words; a document resource's file is served only through its resource, so the store
 * serves nothing to someone guessing document ids.
 */
export function resourceQueryRoutes(deps: ResourceQueryDeps): Router {
  const router = Router();

  const requireClient = async (clientId: string) => {
    const { rowCount } = await deps.pool.query('select 1 from rm_clients where client_id = $1', [clientId]);
    if (!rowCount) throw new NotFoundError('Client not found');
  };

  mount(router, listClientResources, async (req, res) => {
    const { clientId } = await requireClientReader(deps.authenticate, req);
    await requireClient(clientId);
    const { rows } = await deps.pool.query<Row>(
      `select resource_id, title, description, benefit_type, audiences, kind, url, document_id, file_name,
              mime_type, size, version, updated_at
       from rm_resources where client_id = $1`,
      [clientId],
    );
    const order = (row: Row) => RESOURCE_BENEFIT_TYPES.indexOf(row.benefit_type);
    const sorted = rows.sort(
      (a, b) =>
        order(a) - order(b) ||
        a.title.localeCompare(b.title, 'en', { sensitivity: 'base' }) ||
        a.resource_id.localeCompare(b.resource_id),
    );
    res.set('cache-control', 'no-store').json(
      sorted.map((row) => {
        const audiences = orderedAudiences(row.audiences);
        return {
          resourceId: row.resource_id,
          title: row.title,
          description: row.description,
          benefitType: row.benefit_type,
          benefitTypeLabel: resourceBenefitTypeLabel(row.benefit_type),
          audiences,
          audienceLabels: audiences.map(resourceAudienceLabel),
          kind: row.kind,
          url: row.kind === 'link' ? row.url : null,
          document:
            row.kind === 'document'
              ? {
                  documentId: row.document_id ?? '',
                  fileName: row.file_name ?? '',
                  mimeType: row.mime_type ?? '',
                  size: Number(row.size ?? 0),
                  downloadPath: resourceDocumentPath(clientId, row.resource_id),
                }
              : null,
          version: row.version,
          updatedAt: row.updated_at.toISOString(),
        };
      }),
    );
  });

  mount(router, downloadResourceDocument, async (req, res) => {
    const { clientId } = await requireClientReader(deps.authenticate, req);
    const { rows } = await deps.pool.query<Pick<Row, 'document_id' | 'file_name'>>(
      `select document_id, file_name from rm_resources
       where client_id = $1 and resource_id = $2 and kind = 'document'`,
      [clientId, String(req.params.resourceId)],
    );
    const row = rows[0];
    if (!row?.document_id) throw new NotFoundError('Document not found');
    const file = await deps.documents.get(row.document_id);
    if (!file) throw new NotFoundError('This document is not available for download yet');
    sendDownload(res, { ...file, name: downloadName(row.file_name ?? file.name, file.mimeType) });
  });

  return router;
}
