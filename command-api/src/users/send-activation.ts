import type { UserKind } from '@onboard/domain';
import type { RouteHandler } from '@onboard/api-contract/express';
import type { USER_KIND_COMMANDS } from './routes.contract.ts';
import { allow, gateById, loadOfKind, type UserAdmin } from './context.ts';

/** A user's activation e-mail sent (again). */
export const sendActivation =
  (
    { deps, accounts, callerOn }: UserAdmin,
    kind: UserKind,
  ): RouteHandler<(typeof USER_KIND_COMMANDS)[UserKind]['sendActivation']> =>
  async (req, res) => {
    const { actor, userId } = await callerOn(req);
    gateById(actor, userId, 'update');
    const { user } = await loadOfKind(deps, kind, userId);
    allow(actor, 'update', { userId, role: user.role });
    await accounts.sendActivationEmail(userId, actor);
    res.status(204).end();
  };
