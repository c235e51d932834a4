import type { RouteHandler } from '@onboard/api-contract/express';
import type { downloadClientDocument } from './routes.contract.ts';
import type { DocumentQueries } from './context.ts';

/** One document of a client, as it downloads (a census file masked). */
export const downloadOfClient =
  ({
    requireClient,
    findDocument,
    serveDocument,
  }: DocumentQueries): RouteHandler<typeof downloadClientDocument> =>
  async (req, res) => {
    const { clientId } = await requireClient(req);
    await serveDocument(res, await findDocument(clientId, String(req.params.documentId)));
  };
