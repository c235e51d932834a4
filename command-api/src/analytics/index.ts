export {
  analyticsBodyParser,
  analyticsCommandRoutes,
  type AnalyticsCommandDeps,
  type AnalyticsEvent,
} from './routes.ts';
