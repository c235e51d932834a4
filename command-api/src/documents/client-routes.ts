import type { Router } from 'express';
import { handle, routerOf } from '@onboard/api-contract/express';
import {
  changeClientDocumentsMeta,
  deleteClientDocument,
  deleteClientVideo,
  renameClientDocument,
  setClientDocumentNotice,
  setUserDocumentNotice,
  uploadClientDocuments,
  uploadClientVideo,
} from './client-routes.contract.ts';
import { clientDocuments, type ClientDocumentCommandDeps } from './client-documents.ts';
import { uploadDocuments } from './upload.ts';
import { renameDocument } from './rename.ts';
import { deleteDocument } from './delete.ts';
import { changeFiling } from './filing.ts';
import { uploadVideo } from './upload-video.ts';
import { deleteVideo } from './delete-video.ts';
import { setClientNotice } from './client-notice.ts';
import { setUserNotice } from './user-notice.ts';

/**
 * A client's documents (onboarding §7): uploads, rename, filing, delete and the new-document notice, all
 * decided on `documents-{clientId}`. An upload checks every file first, then puts the bytes in the store,
 * then appends one event per file; a file whose event was never appended is in no list and never served.
 */
export function clientDocumentCommandRoutes(deps: ClientDocumentCommandDeps): Router {
  return routerOf(clientDocuments(deps), [
    handle(uploadClientDocuments, uploadDocuments),
    handle(renameClientDocument, renameDocument),
    handle(deleteClientDocument, deleteDocument),
    handle(changeClientDocumentsMeta, changeFiling),
    handle(uploadClientVideo, uploadVideo),
    handle(deleteClientVideo, deleteVideo),
    handle(setClientDocumentNotice, setClientNotice),
    handle(setUserDocumentNotice, setUserNotice),
  ]);
}
