export { dataFeedQueryRoutes, type DataFeedQueryDeps } from './routes.ts';
