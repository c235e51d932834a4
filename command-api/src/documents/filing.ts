import type { changeClientDocumentsMeta } from './client-routes.contract.ts';
import type { RouteHandler } from '@onboard/api-contract/express';
import { view, type ClientDocuments } from './client-documents.ts';

/** The filing of one or more documents changed. */
export const changeFiling =
  (documents: ClientDocuments): RouteHandler<typeof changeClientDocumentsMeta> =>
  async (req, res, input) => {
    const { requireClient, execute } = documents;
    const { actor, clientId } = await requireClient(req, 'update');
    const body = input.body();
    const filing = {
      category: body.category,
      policyId: body.policyId ?? null,
      language: body.language ?? null,
    };
    let after = null;
    for (const documentId of body.documentIds) {
      after = await execute(req, actor, clientId, {
        type: 'ChangeDocumentMeta',
        data: { clientId, documentId, ...filing },
      });
    }
    res.json(body.documentIds.map((id) => view(after!.documents.get(id)!)));
  };
