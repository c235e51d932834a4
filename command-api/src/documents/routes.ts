import express, { Router, type RequestHandler } from 'express';
import {
  AppError,
  EMPTY_FILE_MESSAGE,
  FILE_NAME_MISSING_MESSAGE,
  FILE_TOO_LARGE_MESSAGE,
  ForbiddenError,
  MAX_UPLOAD_BYTES,
  RuleError,
  UNSUPPORTED_TYPE_MESSAGE,
  ValidationError,
  contentMismatchMessage,
  hasSignatureOf,
  isInternal,
  safeFilename,
  uploadMimeType,
  type Actor,
  type DocumentStore,
} from '@onboard/domain';
import { mount } from '@onboard/api-contract/express';
import { requireActor, type Authenticate } from '../http/context.ts';
import { uploadDocument } from './routes.contract.ts';

export type DocumentCommandDeps = {
  authenticate: Authenticate;
  documents: Pick<DocumentStore, 'put'>;
  newId: () => string;
};

export const FILE_NAME_HEADER = 'x-file-name';
export const UPLOADS_OFF_MESSAGE =
  'This server only reads documents from the external document store; upload the file there'; // chosen

const invalid = (message: string) => new ValidationError({ 'body.file': message }, message);

/** The file name as the browser sends it: URI-encoded, since header values are Latin-1 only. */
function fileName(header: string | undefined): string | null {
  if (header === undefined || header.trim() === '') return null;
  try {
    return safeFilename(decodeURIComponent(header));
  } catch {
    return safeFilename(header);
  }
}

/**
 * The body is the file itself (no multipart parser is a dependency), read only for staff and for an
 * accepted type; the app's 1 MB JSON limit does not apply since only this route reads raw bodies.
 */
const readRaw = express.raw({ type: () => true, limit: MAX_UPLOAD_BYTES });
const readFile: RequestHandler = (req, res, next) =>
  readRaw(req, res, (error?: unknown) => {
    const isTooLarge = (error as { type?: string } | undefined)?.type === 'entity.too.large';
    next(isTooLarge ? new AppError(413, 'FILE_TOO_LARGE', FILE_TOO_LARGE_MESSAGE) : error);
  });

/** POST /api/documents: staff upload a file to the document store and get its id to attach to a site. */
export function documentCommandRoutes(deps: DocumentCommandDeps): Router {
  const router = Router();

  const checkRequest: RequestHandler = async (req, res, next) => {
    const actor = await requireActor(deps.authenticate, req);
    if (!isInternal(actor)) throw new ForbiddenError('Only internal staff upload documents');
    if (!deps.documents.put) throw new RuleError('UPLOADS_OFF', UPLOADS_OFF_MESSAGE);
    if (!uploadMimeType(req.get('content-type'))) throw invalid(UNSUPPORTED_TYPE_MESSAGE);
    if (Number(req.get('content-length') ?? 0) > MAX_UPLOAD_BYTES)
      throw new AppError(413, 'FILE_TOO_LARGE', FILE_TOO_LARGE_MESSAGE);
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
      if (!Buffer.isBuffer(bytes) || bytes.length === 0) throw invalid(EMPTY_FILE_MESSAGE);
      if (!hasSignatureOf(mimeType, bytes)) throw invalid(contentMismatchMessage(mimeType));
      const name = fileName(req.get(FILE_NAME_HEADER));
      if (name === null)
        throw new ValidationError({ [`header.${FILE_NAME_HEADER}`]: FILE_NAME_MISSING_MESSAGE });
      const stored = await deps.documents.put!({
        documentId: deps.newId(),
        bytes,
        mimeType,
        name,
        uploadedBy: actor.userId,
      });
      res.status(201).json(stored);
    },
    { before: [checkRequest, readFile] },
  );

  return router;
}
