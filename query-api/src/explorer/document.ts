import { NotFoundError, contentDisposition, downloadName, type ExplorerSite } from '@onboard/domain';
import type { RouteHandler } from '@onboard/api-contract/express';
import type { downloadExplorerDocument } from './routes.contract.ts';
import type { ExplorerReads } from './context.ts';

/**
 * A summary document, the video or the logo of a page (explorer §2, §3). The page vouches that the
 * document is its own, so the store serves no file to someone guessing ids, and the download stays on
 * the Explorer's host (the public host serves nothing else).
 */
export const downloadDocument =
  ({ deps }: ExplorerReads): RouteHandler<typeof downloadExplorerDocument> =>
  async (req, res) => {
    const documentId = String(req.params.documentId);
    const { rows } = await deps.pool.query<{ page: ExplorerSite }>(
      'select page from rm_explorer_pages where explorer_page_id = $1 and not is_deleted',
      [String(req.params.explorerPageId)],
    );
    const page = rows[0]?.page;
    const document = page?.documents.find((d) => d.documentId === documentId);
    const isOwnMedia =
      page !== undefined &&
      (page.site.medicalVideoDocumentId === documentId || page.site.logoDocumentId === documentId);
    if (!document && !isOwnMedia) throw new NotFoundError('Document not found');
    const file = (await deps.documents?.get(documentId)) ?? null;
    // chosen: attached before its file reached the (external) store
    if (!file) throw new NotFoundError('This document is not available for download yet');
    res
      .status(200)
      .set('content-type', file.mimeType)
      .set(
        'content-disposition',
        contentDisposition(downloadName(document?.name ?? file.name, file.mimeType)),
      )
      .send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
  };
