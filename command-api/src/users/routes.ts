import type { Router } from 'express';
import { USER_KINDS, type UserKind } from '@onboard/domain';
import { handle, routerOf } from '@onboard/api-contract/express';
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
import { CLIENT_USER_KINDS, userAdmin, type UserAdmin, type UserAdminCommandDeps } from './context.ts';
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
  return routerOf(userAdmin(deps), [
    // Registered first, so its fixed segments are never read as a kind or a user id.
    handle(recordLoggedIn, loggedIn),
    ...(Object.keys(USER_KINDS) as UserKind[]).flatMap((kind) => {
      const routes = USER_KIND_COMMANDS[kind];
      return [
        handle(routes.create, (users: UserAdmin) => createUser(users, kind)),
        handle(routes.update, (users: UserAdmin) => updateUser(users, kind)),
        handle(routes.remove, (users: UserAdmin) => deleteUser(users, kind)),
        handle(routes.sendActivation, (users: UserAdmin) => sendActivation(users, kind)),
      ];
    }),
    ...CLIENT_USER_KINDS.flatMap((kind) =>
      (['assign', 'unassign'] as const).map((verb) =>
        handle(USER_KIND_COMMANDS[kind][verb], (users: UserAdmin) => assignment(users, kind, verb)),
      ),
    ),
    handle(changeBenAdminToBroker, benAdminToBroker),
    handle(copyActivationLink, activationLink),
    handle(sendPasswordResetById, passwordReset),
    handle(resetMfaByEmail, (users) => byEmail(users, resetMfa(users))),
    handle(sendActivationByEmail, (users) =>
      byEmail(users, (userId, actor) => deps.accounts.sendActivationEmail(userId, actor)),
    ),
    handle(bulkUpdateEmails, bulkEmails),
  ]);
}
