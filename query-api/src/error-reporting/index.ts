export { errorReportingQueryRoutes } from './routes.ts';
