import type { signOut } from './routes.contract.ts';
import { clearSessionCookies, revokeSession } from './sessions.ts';
import type { RouteHandler } from '@onboard/api-contract/express';
import { type SignInSteps } from './sign-in-steps.ts';

/** The session revoked and its cookies cleared. */
export const signOutHandler =
  (steps: SignInSteps): RouteHandler<typeof signOut> =>
  async (req, res) => {
    const { deps } = steps;
    const userId = await revokeSession(deps, req);
    if (userId) deps.logger.info({ event: 'signed-out', userId }, 'signed out');
    clearSessionCookies(res, req.secure);
    res.status(204).end();
  };
