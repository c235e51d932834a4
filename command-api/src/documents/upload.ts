import {
  DOCUMENT_MESSAGES,
  DOCUMENTS_LANGUAGE_SET,
  RuleError,
  ValidationError,
  clientDocumentKey,
  isDocumentCategory,
} from '@onboard/domain';
import { type StoredUpload } from '@onboard/domain';
import { UPLOADS_OFF_MESSAGE } from './routes.ts';
import type { uploadClientDocuments } from './client-routes.contract.ts';
import type { RouteHandler } from '@onboard/api-contract/express';
import { readMultipart, checkFiles, view, nullable, type ClientDocuments } from './client-documents.ts';

/** Every file checked, the filing checked, the bytes kept, then one event per file. */
export const uploadDocuments =
  (documents: ClientDocuments): RouteHandler<typeof uploadClientDocuments> =>
  async (req, res) => {
    const { deps, requireClient, execute } = documents;
    const { actor, clientId } = await requireClient(req, 'create');
    if (!deps.documents.put) throw new RuleError('UPLOADS_OFF', UPLOADS_OFF_MESSAGE);
    const received = await readMultipart(req);
    const files = await checkFiles(received.files);
    const filing = {
      category: received.fields.category ?? '',
      policyId: nullable(received.fields.policyId),
      language: nullable(received.fields.language),
    };
    // The filing is checked before any byte is kept, so a refused upload leaves nothing in the store.
    if (!isDocumentCategory(filing.category))
      throw new ValidationError(
        { 'body.category': DOCUMENT_MESSAGES.unknownCategory },
        DOCUMENT_MESSAGES.unknownCategory,
      );
    if (filing.language !== null && !DOCUMENTS_LANGUAGE_SET.has(filing.language))
      throw new ValidationError(
        { 'body.language': DOCUMENT_MESSAGES.unknownLanguage },
        DOCUMENT_MESSAGES.unknownLanguage,
      );
    const stored: StoredUpload[] = [];
    for (const file of files) {
      const documentId = deps.newId();
      const documentKey = clientDocumentKey(clientId, documentId);
      await deps.documents.put!({
        documentId: documentKey,
        bytes: file.bytes,
        mimeType: file.mimeType,
        name: file.fileName,
        uploadedBy: actor.userId,
      });
      stored.push({
        documentId,
        documentKey,
        name: file.fileName,
        mimeType: file.mimeType,
        size: file.bytes.length,
      });
    }
    const after = await execute(req, actor, clientId, {
      type: 'UploadDocuments',
      data: { clientId, files: stored, ...filing },
    });
    res.status(201).json(stored.map((file) => view(after.documents.get(file.documentId)!)));
  };
