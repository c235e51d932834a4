export { qpsQueryRoutes, type ApiJobView } from './routes.ts';
