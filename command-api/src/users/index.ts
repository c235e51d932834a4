export { createUserAdminCommands, userView, type UserAdminCommandDeps } from './routes.ts';
export type { UserAccountPort } from './ports.ts';
export { EmailTakenError } from './store.ts';
