import { fileTypeFromBuffer } from 'file-type';
import { DOCUMENT_MESSAGES, RuleError } from '@onboard/domain';
import { UPLOADS_OFF_MESSAGE } from './routes.ts';
import type { uploadClientVideo } from './client-routes.contract.ts';
import type { RouteHandler } from '@onboard/api-contract/express';
import { readMultipart, invalidFile, type ClientDocuments } from './client-documents.ts';

/** One MP4 video kept by the video port, then recorded. */
export const uploadVideo =
  (documents: ClientDocuments): RouteHandler<typeof uploadClientVideo> =>
  async (req, res) => {
    const { deps, requireClient, recordVideo } = documents;
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
    await recordVideo(req, actor, clientId, {
      type: 'UploadVideo',
      data: {
        clientId,
        videoId,
        documentKey,
        name: file.fileName,
        mimeType: 'video/mp4',
        size: file.bytes.length,
      },
    });
    res.status(201).json({ vidyardId: videoId, name: file.fileName, size: file.bytes.length });
  };
