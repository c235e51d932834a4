export { documentQueryRoutes } from './routes.ts';
export { uniqueZipNames } from './zip.ts';
export type { DocumentQueryDeps } from './context.ts';
