import type { UserKind } from '@onboard/domain';
import type { RouteHandler } from '@onboard/api-contract/express';
import type { USER_KIND_COMMANDS } from './routes.contract.ts';
import { loadToChange, type UserAdmin } from './context.ts';

/** A user's activation e-mail sent (again). */
export const sendActivation =
  (
    { deps, accounts, callerOn }: UserAdmin,
    kind: UserKind,
  ): RouteHandler<(typeof USER_KIND_COMMANDS)[UserKind]['sendActivation']> =>
  async (req, res) => {
    const { actor, userId } = await callerOn(req);
    await loadToChange(deps, kind, actor, userId, 'update');
    await accounts.sendActivationEmail(userId, actor);
    res.status(204).end();
  };
