export {
  analyticsIntake,
  analyticsCommandRoutes,
  type AnalyticsCommandDeps,
  type AnalyticsEvent,
} from './routes.ts';
