import { CSV_MIME_TYPE, XLSX_MIME_TYPE } from '../census/file.ts';
import type { renameClientDocument } from './client-routes.contract.ts';
import type { RouteHandler } from '@onboard/api-contract/express';
import { view, type ClientDocuments } from './client-documents.ts';

/** A document renamed; a census file by the census rules. */
export const renameDocument =
  (documents: ClientDocuments): RouteHandler<typeof renameClientDocument> =>
  async (req, res, input) => {
    const { requireClient, execute, refuseSignedForm, censusChange } = documents;
    const { actor, clientId } = await requireClient(req, 'update');
    const documentId = String(req.params.documentId);
    const name = input.body().name;
    const census = await censusChange(req, actor, clientId, documentId, (policyId) => ({
      type: 'RenameCensusFile',
      data: { clientId, policyId, documentId, fileName: name },
    }));
    if (census) {
      const file = census.after.documents.get(documentId)!;
      res.json({
        documentId,
        name: file.fileName,
        mimeType: file.format === 'CSV' ? CSV_MIME_TYPE : XLSX_MIME_TYPE,
        size: file.size,
        category: 'census',
        policyId: census.policyId,
        language: null,
        createdAt: file.uploadedAt,
        deletedAt: null,
      });
      return;
    }
    await refuseSignedForm(clientId, documentId);
    const after = await execute(req, actor, clientId, {
      type: 'RenameDocument',
      data: { clientId, documentId, name: input.body().name },
    });
    res.json(view(after.documents.get(documentId)!));
  };
