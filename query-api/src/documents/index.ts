export { documentQueryRoutes, uniqueZipNames, type DocumentQueryDeps } from './routes.ts';
