export { employeeClassQueryRoutes } from './routes.ts';
