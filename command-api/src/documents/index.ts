export { FILE_NAME_HEADER } from '../http/raw-upload.ts';
export { UPLOADS_OFF_MESSAGE, documentCommandRoutes, type DocumentCommandDeps } from './routes.ts';
export { clientDocumentCommandRoutes, type ClientDocumentCommandDeps } from './client-routes.ts';
