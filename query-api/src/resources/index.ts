export { resourceQueryRoutes, type ResourceQueryDeps } from './routes.ts';
