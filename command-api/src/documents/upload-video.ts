import { fileTypeFromBuffer } from 'file-type';
import { documentStream } from '@onboard/events';
import { DOCUMENT_MESSAGES, RuleError } from '@onboard/domain';
import { documentsDecider } from '@onboard/domain/documents/decider';
import { UPLOADS_OFF_MESSAGE } from './routes.ts';
import { decideOnStream, requestContext } from '../http/decide.ts';
import type { uploadClientVideo } from './client-routes.contract.ts';
import type { RouteHandler } from '@onboard/api-contract/express';
import { readMultipart, invalidFile, type ClientDocuments } from './client-documents.ts';

/** One MP4 video kept by the video port, then recorded. */
export const uploadVideo =
  (documents: ClientDocuments): RouteHandler<typeof uploadClientVideo> =>
  async (req, res) => {
    const { deps, requireClient } = documents;
    const { actor, clientId } = await requireClient(req, 'create');
    if (!deps.videos.put) throw new RuleError('UPLOADS_OFF', UPLOADS_OFF_MESSAGE);
    const received = await readMultipart(req);
    const file = received.files[0];
    if (!file || received.files.length !== 1) throw invalidFile(DOCUMENT_MESSAGES.noFile);
    if ((await fileTypeFromBuffer(file.bytes))?.mime !== 'video/mp4')
      throw invalidFile(`${file.fileName}: not an MP4 video`);
    const videoId = deps.newId();
    const documentKey = `clients/${clientId}/videos/${videoId}`;
    await deps.videos.put!({
      documentId: documentKey,
      bytes: file.bytes,
      mimeType: 'video/mp4',
      name: file.fileName,
      uploadedBy: actor.userId,
    });
    // A video only adds up: appended at any revision.
    await decideOnStream(deps, {
      request: { ...requestContext(req, deps.newId), ifMatch: null },
      actor,
      stream: documentStream(clientId),
      decider: documentsDecider,
      appendAt: 'any',
      build: (_state, metadata) => ({
        type: 'UploadVideo' as const,
        data: {
          clientId,
          videoId,
          documentKey,
          name: file.fileName,
          mimeType: 'video/mp4',
          size: file.bytes.length,
        },
        metadata,
      }),
    });
    res.status(201).json({ vidyardId: videoId, name: file.fileName, size: file.bytes.length });
  };
