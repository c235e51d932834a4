export { benAdminPlatformQueryRoutes } from './routes.ts';
