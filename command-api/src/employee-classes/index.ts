export { employeeClassCommandRoutes } from './routes.ts';
