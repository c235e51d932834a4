import type { setClientDocumentNotice } from './client-routes.contract.ts';
import type { RouteHandler } from '@onboard/api-contract/express';
import { type ClientDocuments } from './client-documents.ts';

/** The new-document notice of one client seen or dismissed. */
export const setClientNotice =
  (documents: ClientDocuments): RouteHandler<typeof setClientDocumentNotice> =>
  async (req, res, input) => {
    const { requireClient, execute } = documents;
    const { actor, clientId } = await requireClient(req, 'read');
    const status = input.body().newDocumentNoticeStatus;
    await execute(req, actor, clientId, { type: 'SetNewDocumentNotice', data: { clientId, status } });
    res.json({ newDocumentNoticeStatus: status });
  };
