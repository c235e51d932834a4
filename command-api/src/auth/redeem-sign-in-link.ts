import { addressOf } from '../http/throttle.ts';
import { isLocked, readCredentials } from './credentials.ts';
import { ExpiredLinkError, redeemSignInLink as spendSignInLink } from './links.ts';
import type { redeemSignInLink } from './routes.contract.ts';
import { TOTP_FACTOR } from './routes.contract.ts';
import type { RouteHandler } from '@onboard/api-contract/express';
import { LOCKED_OUT, type SignInSteps, PASSWORD_EXPIRED, isPasswordStale } from './sign-in-steps.ts';

/** A sign-in link stands in for the password: the second factor comes next. */
export const redeemLink =
  (steps: SignInSteps): RouteHandler<typeof redeemSignInLink> =>
  async (req, res, input) => {
    const { deps, stateToken } = steps;
    const { token } = input.body();
    await deps.throttle.consume(res, ['activationAddress', addressOf(req)]);
    const user = await spendSignInLink(deps, token);
    const now = deps.now();
    const credentials = await readCredentials(deps.pool, user.userId);
    deps.logger.info({ event: 'sign-in-link-used', userId: user.userId }, 'sign-in link used');
    if (isLocked(credentials, now)) {
      res.json(LOCKED_OUT);
      return;
    }
    if (isPasswordStale(credentials, now, deps.passwordMaxAgeDays)) {
      res.json(PASSWORD_EXPIRED);
      return;
    }
    // Always the second factor, even on a remembered browser: the link stands in for the password only.
    if (!credentials.totpSecret) throw new ExpiredLinkError();
    res.json({
      status: 'MFA_REQUIRED',
      stateToken: await stateToken(user.userId, 'MFA_REQUIRED'),
      factors: [TOTP_FACTOR],
    });
  };
