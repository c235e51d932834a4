export { portalChatQueryRoutes } from './routes.ts';
