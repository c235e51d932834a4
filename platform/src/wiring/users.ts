import {
  createActivationLink,
  resetMfa,
  sendActivationEmail,
  sendPasswordReset,
} from '@onboard/command-api/auth';
import { createUserAdminCommands } from '@onboard/command-api/users';
import { createUserAdminQueries } from '@onboard/query-api/users';
import { commandDepsOf, type Wiring } from './context.ts';

/** User administration: the e-mails and factor resets go through identity, as the acting admin. */
export function wireUsers(w: Wiring) {
  const { app, has, pool, identity } = w;
  if (has('command-api'))
    app.use(
      createUserAdminCommands({
        ...commandDepsOf(w),
        pool,
        accounts: {
          sendActivationEmail: (userId, actor) => sendActivationEmail(identity.deps, userId, actor),
          sendPasswordReset: (userId, actor) => sendPasswordReset(identity.deps, userId, actor),
          resetMfa: (userId, actor) => resetMfa(identity.deps, userId, actor),
          createActivationLink: (userId) => createActivationLink(identity.deps, userId),
        },
      }),
    );
  if (has('query-api')) app.use(createUserAdminQueries({ pool, authenticate: identity.authenticate }));
}
