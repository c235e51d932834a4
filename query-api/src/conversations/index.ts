export { conversationQueryRoutes } from './routes.ts';
