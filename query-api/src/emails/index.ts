export { emailQueryRoutes } from './routes.ts';
