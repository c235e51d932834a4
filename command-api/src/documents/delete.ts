import type { deleteClientDocument } from './client-routes.contract.ts';
import type { RouteHandler } from '@onboard/api-contract/express';
import { type ClientDocuments } from './client-documents.ts';

/** A document deleted; a census file by the census rules; a signed form never. */
export const deleteDocument =
  (documents: ClientDocuments): RouteHandler<typeof deleteClientDocument> =>
  async (req, res) => {
    const { requireClient, execute, refuseSignedForm, censusChange } = documents;
    const { actor, clientId } = await requireClient(req, 'delete');
    const documentId = String(req.params.documentId);
    const census = await censusChange(req, actor, clientId, documentId, (policyId) => ({
      type: 'DeleteCensusFile',
      data: { clientId, policyId, documentId },
    }));
    if (census) {
      res.status(204).end();
      return;
    }
    await refuseSignedForm(clientId, documentId);
    await execute(req, actor, clientId, {
      type: 'DeleteDocument',
      data: { clientId, documentId: String(req.params.documentId) },
    });
    res.status(204).end();
  };
