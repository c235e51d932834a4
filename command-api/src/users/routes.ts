import { Router } from 'express';
import { USER_KINDS, type UserKind } from '@onboard/domain';
import { mount } from '@onboard/api-contract/express';
import {
  USER_KIND_COMMANDS,
  bulkUpdateEmails,
  changeBenAdminToBroker,
  copyActivationLink,
  recordLoggedIn,
  resetMfaByEmail,
  sendActivationByEmail,
  sendPasswordResetById,
} from './routes.contract.ts';
import { CLIENT_USER_KINDS, userAdmin, type UserAdminCommandDeps } from './context.ts';
import { loggedIn } from './logged-in.ts';
import { createUser } from './create-user.ts';
import { updateUser } from './update-user.ts';
import { deleteUser } from './delete-user.ts';
import { sendActivation } from './send-activation.ts';
import { assignment } from './assignment.ts';
import { benAdminToBroker } from './ben-admin-to-broker.ts';
import { activationLink, passwordReset } from './account-links.ts';
import { byEmail, resetMfa } from './by-email.ts';
import { bulkEmails } from './bulk-emails.ts';

/** User administration, onboarding §6-§7: internal users, brokers and ben-admins. */
export function createUserAdminCommands(deps: UserAdminCommandDeps): Router {
  const router = Router();
  const users = userAdmin(deps);

  // Registered first, so its fixed segments are never read as a kind or a user id.
  mount(router, recordLoggedIn, loggedIn(users));

  for (const kind of Object.keys(USER_KINDS) as UserKind[]) {
    const routes = USER_KIND_COMMANDS[kind];
    mount(router, routes.create, createUser(users, kind));
    mount(router, routes.update, updateUser(users, kind));
    mount(router, routes.remove, deleteUser(users, kind));
    mount(router, routes.sendActivation, sendActivation(users, kind));
  }

  for (const kind of CLIENT_USER_KINDS)
    for (const verb of ['assign', 'unassign'] as const)
      mount(router, USER_KIND_COMMANDS[kind][verb], assignment(users, kind, verb));

  mount(router, changeBenAdminToBroker, benAdminToBroker(users));
  mount(router, copyActivationLink, activationLink(users));
  mount(router, sendPasswordResetById, passwordReset(users));
  mount(router, resetMfaByEmail, byEmail(users, resetMfa(users)));
  mount(
    router,
    sendActivationByEmail,
    byEmail(users, (userId, actor) => deps.accounts.sendActivationEmail(userId, actor)),
  );
  mount(router, bulkUpdateEmails, bulkEmails(users));

  return router;
}
