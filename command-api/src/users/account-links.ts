import type { RouteHandler } from '@onboard/api-contract/express';
import { requirePermission } from '../http/context.ts';
import type { copyActivationLink, sendPasswordResetById } from './routes.contract.ts';
import { allow, gateAdministration, loadActiveUser, type UserAdmin } from './context.ts';

/** A user's activation link, to copy. */
export const activationLink =
  ({ deps, accounts, callerOn }: UserAdmin): RouteHandler<typeof copyActivationLink> =>
  async (req, res) => {
    const { actor, userId } = await callerOn(req);
    requirePermission(actor, 'activation-link', 'create');
    const { user } = await loadActiveUser(deps, userId);
    // A link signs its holder in as the user: only for users the actor may administer.
    allow(actor, 'update', { userId, role: user.role });
    res.json({ link: await accounts.createActivationLink(userId, actor) });
  };

/** A user's password reset e-mail sent. */
export const passwordReset =
  ({ deps, accounts, callerOn }: UserAdmin): RouteHandler<typeof sendPasswordResetById> =>
  async (req, res) => {
    const { actor, userId } = await callerOn(req);
    gateAdministration(actor, 'update');
    const { user } = await loadActiveUser(deps, userId);
    allow(actor, 'update', { userId, role: user.role });
    await accounts.sendPasswordReset(userId, actor);
    res.status(204).end();
  };
