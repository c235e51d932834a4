export { resourceCommandRoutes, type ResourceCommandDeps } from './routes.ts';
