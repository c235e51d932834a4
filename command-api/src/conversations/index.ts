export { conversationCommandRoutes, type ConversationCommandDeps } from './routes.ts';
