import { requireActor } from '../http/context.ts';
import type { setUserDocumentNotice } from './client-routes.contract.ts';
import type { RouteHandler } from '@onboard/api-contract/express';
import { type ClientDocuments } from './client-documents.ts';

/** The new-document notice of every client of the signed-in user. */
export const setUserNotice =
  (documents: ClientDocuments): RouteHandler<typeof setUserDocumentNotice> =>
  async (req, res, input) => {
    const { deps, execute } = documents;
    const actor = await requireActor(deps.authenticate, req);
    const status = input.body().newDocumentNoticeStatus;
    for (const clientId of actor.clientIds) {
      await execute(req, actor, clientId, { type: 'SetNewDocumentNotice', data: { clientId, status } });
    }
    res.json({ newDocumentNoticeStatus: status });
  };
