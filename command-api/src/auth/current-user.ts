import { readAuthenticatedUser } from './authenticated-user.ts';
import type { getAuthenticatedUser } from './routes.contract.ts';
import type { RouteHandler } from '@onboard/api-contract/express';
import { type SignInSteps } from './sign-in-steps.ts';

/** The signed-in user, or null. */
export const currentUser =
  (steps: SignInSteps): RouteHandler<typeof getAuthenticatedUser> =>
  async (req, res) => {
    const { deps, authenticate } = steps;
    const actor = await authenticate(req);
    res.json(actor ? await readAuthenticatedUser(deps.pool, actor.userId) : null);
  };
