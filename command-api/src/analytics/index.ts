export { analyticsBodyParser, analyticsCommandRoutes, type AnalyticsCommandDeps } from './routes.ts';
