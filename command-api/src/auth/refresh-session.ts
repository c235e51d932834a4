import type { refreshSession } from './routes.contract.ts';
import { clearSessionCookies, rotateRefreshToken } from './sessions.ts';
import type { RouteHandler } from '@onboard/api-contract/express';
import { type SignInSteps } from './sign-in-steps.ts';
import { InvalidTokenError } from './tokens.ts';

/** The refresh token rotated; a reused one revokes the session. */
export const refresh =
  (steps: SignInSteps): RouteHandler<typeof refreshSession> =>
  async (req, res) => {
    const { deps } = steps;
    const outcome = await rotateRefreshToken(deps, req, res);
    if (outcome === 'ROTATED') {
      res.status(204).end();
      return;
    }
    if (outcome === 'REUSED')
      deps.logger.warn({ event: 'refresh-token-reuse' }, 'refresh token reused: session revoked');
    clearSessionCookies(res, req.secure);
    throw new InvalidTokenError();
  };
