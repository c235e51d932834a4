import type { deleteClientVideo } from './client-routes.contract.ts';
import type { RouteHandler } from '@onboard/api-contract/express';
import { type ClientDocuments } from './client-documents.ts';

/** A video deleted. */
export const deleteVideo =
  (documents: ClientDocuments): RouteHandler<typeof deleteClientVideo> =>
  async (req, res) => {
    const { requireClient, recordVideo } = documents;
    const { actor, clientId } = await requireClient(req, 'delete');
    const videoId = String(req.params.vidyardId);
    await recordVideo(req, actor, clientId, { type: 'DeleteVideo', data: { clientId, videoId } });
    res.status(204).end();
  };
