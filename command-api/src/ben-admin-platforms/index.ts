export { benAdminPlatformCommandRoutes } from './routes.ts';
