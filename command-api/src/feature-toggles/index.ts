export { featureToggleCommandRoutes, type FeatureToggleCommandDeps } from './routes.ts';
