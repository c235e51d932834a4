export { portalChatCommandRoutes } from './routes.ts';
