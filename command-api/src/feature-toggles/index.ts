export { featureToggleCommandRoutes } from './routes.ts';
