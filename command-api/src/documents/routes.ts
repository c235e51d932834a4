import { Router, type RequestHandler } from 'express';
import {
  EMPTY_FILE_MESSAGE,
  ForbiddenError,
  RuleError,
  UNSUPPORTED_TYPE_MESSAGE,
  contentMismatchMessage,
  hasSignatureOf,
  isInternal,
  uploadMimeType,
  type Actor,
  type DocumentStore,
} from '@onboard/domain';
import { mount } from '@onboard/api-contract/express';
import { invalidFile, readRawFile, requireFileName, refuseDeclaredOversize } from '../http/raw-upload.ts';
import { requireActor, type Authenticate } from '../http/context.ts';
import { uploadDocument } from './routes.contract.ts';

export type DocumentCommandDeps = {
  authenticate: Authenticate;
  documents: Pick<DocumentStore, 'put'>;
  newId: () => string;
};

export const UPLOADS_OFF_MESSAGE =
  'This server only reads documents from the external document store; upload the file there'; // chosen

/** POST /api/documents: staff upload a file to the document store and get its id to attach to a site. */
export function documentCommandRoutes(deps: DocumentCommandDeps): Router {
  const router = Router();

  const checkRequest: RequestHandler = async (req, res, next) => {
    const actor = await requireActor(deps.authenticate, req);
    if (!isInternal(actor)) throw new ForbiddenError('Only internal staff upload documents');
    if (!deps.documents.put) throw new RuleError('UPLOADS_OFF', UPLOADS_OFF_MESSAGE);
    if (!uploadMimeType(req.get('content-type'))) throw invalidFile(UNSUPPORTED_TYPE_MESSAGE);
    refuseDeclaredOversize(req);
    res.locals.actor = actor;
    next();
  };

  mount(
    router,
    uploadDocument,
    async (req, res) => {
      const actor = res.locals.actor as Actor;
      const mimeType = uploadMimeType(req.get('content-type'))!;
      const bytes: unknown = req.body;
      if (!Buffer.isBuffer(bytes) || bytes.length === 0) throw invalidFile(EMPTY_FILE_MESSAGE);
      if (!hasSignatureOf(mimeType, bytes)) throw invalidFile(contentMismatchMessage(mimeType));
      const name = requireFileName(req);
      const stored = await deps.documents.put!({
        documentId: deps.newId(),
        bytes,
        mimeType,
        name,
        uploadedBy: actor.userId,
      });
      // The store keeps the media type it is given: one of the upload types checked above.
      res.status(201).json({ ...stored, mimeType });
    },
    { before: [checkRequest, readRawFile] },
  );

  return router;
}
