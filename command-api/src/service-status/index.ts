export { serviceStatusCommandRoutes, type ServiceStatusCommandDeps } from './routes.ts';
