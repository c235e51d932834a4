export { analyticsQueryRoutes, type AnalyticsQueryDeps } from './routes.ts';
