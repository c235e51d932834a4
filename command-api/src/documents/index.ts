export {
  FILE_NAME_HEADER,
  UPLOADS_OFF_MESSAGE,
  documentCommandRoutes,
  type DocumentCommandDeps,
} from './routes.ts';
export { clientDocumentCommandRoutes, type ClientDocumentCommandDeps } from './client-routes.ts';
