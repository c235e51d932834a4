import type { RouteHandler } from '@onboard/api-contract/express';
import { requireActor, requirePermission } from '../http/context.ts';
import type { downloadDocument } from './routes.contract.ts';
import type { DocumentQueries } from './context.ts';

/** One document by its id alone, for whoever may read its client's documents. */
export const download =
  ({ deps, findDocument, serveDocument }: DocumentQueries): RouteHandler<typeof downloadDocument> =>
  async (req, res) => {
    const actor = await requireActor(deps.authenticate, req);
    const row = await findDocument(null, String(req.params.documentId));
    if (row) requirePermission(actor, 'documents', 'read', { clientId: row.client_id });
    await serveDocument(res, row);
  };
