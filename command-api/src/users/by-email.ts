import { ForbiddenError, NotFoundError, type Actor } from '@onboard/domain';
import type { RouteContract } from '@onboard/api-contract';
import type { RouteHandler } from '@onboard/api-contract/express';
import { findActiveUserByEmail } from '../auth/index.ts';
import { requireActor } from '../http/context.ts';
import { OWN_MFA_RESET_MESSAGE, allow, gateAdministration, type UserAdmin } from './context.ts';

/** An account action on the user the path's e-mail address names. */
export const byEmail =
  <C extends RouteContract>(
    { deps }: UserAdmin,
    run: (userId: string, actor: Actor) => Promise<unknown>,
  ): RouteHandler<C> =>
  async (req, res) => {
    const actor = await requireActor(deps.authenticate, req);
    gateAdministration(actor, 'update');
    const found = await findActiveUserByEmail(deps.store, String(req.params.email));
    if (!found) throw new NotFoundError('User not found');
    const { user } = found;
    allow(actor, 'update', { userId: user.userId, role: user.role });
    await run(user.userId, actor);
    res.status(204).end();
  };

/**
 * Nobody resets their own second factor: whoever holds a session (or just the password) would otherwise
 * enrol an authenticator of their own at the next sign-in. Another administrator resets it.
 */
export const resetMfa =
  ({ accounts }: UserAdmin) =>
  (userId: string, actor: Actor) => {
    if (userId === actor.userId) throw new ForbiddenError(OWN_MFA_RESET_MESSAGE);
    return accounts.resetMfa(userId, actor);
  };
