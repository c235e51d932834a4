import type { challengeMfa } from './routes.contract.ts';
import { TOTP_FACTOR } from './routes.contract.ts';
import type { RouteHandler } from '@onboard/api-contract/express';
import { type SignInSteps } from './sign-in-steps.ts';
import { verifyStateToken } from './tokens.ts';

/** The second factor asked for. */
export const challengeStep =
  (steps: SignInSteps): RouteHandler<typeof challengeMfa> =>
  async (req, res, input) => {
    const { deps, keys, activeUser, stateToken } = steps;
    const body = input.body();
    const userId = await verifyStateToken(keys.state, body.stateToken, 'MFA_REQUIRED', deps.now());
    await activeUser(userId);
    res.json({
      status: 'MFA_CHALLENGE',
      stateToken: await stateToken(userId, 'MFA_CHALLENGE'),
      factor: TOTP_FACTOR,
    });
  };
