export { createUserAdminCommands } from './routes.ts';
export { OWN_ACCOUNT_DELETE_MESSAGE, userView, type UserAdminCommandDeps } from './context.ts';
export type { UserAccountPort } from './ports.ts';
// For the published OpenAPI document (platform/src/http/openapi.ts): the bodies exactly as validated.
export {
  BulkEmailUpdateBody,
  CreateClientUserBody,
  CreateInternalUserBody,
  EditUserBody,
} from './routes.contract.ts';
