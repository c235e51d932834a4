import { NotFoundError, SAME_SIGN_IN_MS } from '@onboard/domain';
import type { RouteHandler } from '@onboard/api-contract/express';
import { executeUserCommand } from '../auth/index.ts';
import type { recordLoggedIn } from './routes.contract.ts';
import type { UserAdmin } from './context.ts';

/** The caller's sign-in recorded: their first and last sign-in. */
export const loggedIn =
  ({ deps, callerOn }: UserAdmin): RouteHandler<typeof recordLoggedIn> =>
  async (req, res) => {
    const { actor } = await callerOn(req);
    // The sign-in itself was stamped when the session was exchanged, moments ago: that is this sign-in.
    const sameSignInSince = new Date(deps.now().getTime() - SAME_SIGN_IN_MS).toISOString();
    const { state } = await executeUserCommand(deps, actor, actor.userId, {
      type: 'RecordLoggedIn',
      data: { sameSignInSince },
    });
    if (state.status !== 'active') throw new NotFoundError('User not found');
    res.json({ firstLogin: state.user.firstLogin, lastLogin: state.user.lastLogin });
  };
