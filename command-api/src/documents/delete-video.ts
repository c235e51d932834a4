import { documentStream } from '@onboard/events';
import { documentsDecider } from '@onboard/domain/documents/decider';
import { decideOnStream, requestContext } from '../http/decide.ts';
import type { deleteClientVideo } from './client-routes.contract.ts';
import type { RouteHandler } from '@onboard/api-contract/express';
import { type ClientDocuments } from './client-documents.ts';

/** A video deleted. */
export const deleteVideo =
  (documents: ClientDocuments): RouteHandler<typeof deleteClientVideo> =>
  async (req, res) => {
    const { deps, requireClient } = documents;
    const { actor, clientId } = await requireClient(req, 'delete');
    const videoId = String(req.params.vidyardId);
    await decideOnStream(deps, {
      request: { ...requestContext(req, deps.newId), ifMatch: null },
      actor,
      stream: documentStream(clientId),
      decider: documentsDecider,
      appendAt: 'any',
      build: (_state, metadata) => ({ type: 'DeleteVideo' as const, data: { clientId, videoId }, metadata }),
    });
    res.status(204).end();
  };
