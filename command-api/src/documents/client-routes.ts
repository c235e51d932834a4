import { Router } from 'express';
import { mount } from '@onboard/api-contract/express';
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
  const router = Router();

  const documents = clientDocuments(deps);

  mount(router, uploadClientDocuments, uploadDocuments(documents));

  mount(router, renameClientDocument, renameDocument(documents));

  mount(router, deleteClientDocument, deleteDocument(documents));

  mount(router, changeClientDocumentsMeta, changeFiling(documents));

  mount(router, uploadClientVideo, uploadVideo(documents));

  mount(router, deleteClientVideo, deleteVideo(documents));

  mount(router, setClientDocumentNotice, setClientNotice(documents));

  mount(router, setUserDocumentNotice, setUserNotice(documents));

  return router;
}
