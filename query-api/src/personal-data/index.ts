export { personalDataAccessRoutes } from './routes.ts';
