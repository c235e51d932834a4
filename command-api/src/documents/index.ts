export { FILE_NAME_HEADER } from '../http/raw-upload.ts';
export { UPLOADS_OFF_MESSAGE, documentCommandRoutes, type DocumentCommandDeps } from './routes.ts';
export { clientDocumentCommandRoutes } from './client-routes.ts';
export type { ClientDocumentCommandDeps } from './client-documents.ts';
