import { addressOf, accountKey } from '../http/throttle.ts';
import { requestPasswordReset } from './links.ts';
import type { requestPasswordResetEmail } from './routes.contract.ts';
import type { RouteHandler } from '@onboard/api-contract/express';
import { type SignInSteps } from './sign-in-steps.ts';

/** A password reset e-mailed, whether or not the account exists. */
export const emailPasswordReset =
  (steps: SignInSteps): RouteHandler<typeof requestPasswordResetEmail> =>
  async (req, res) => {
    const { deps } = steps;
    const email = String(req.params.email);
    // Every request sends an e-mail (or would): each one counts, per address and per address asked for.
    await deps.throttle.consume(
      res,
      ['passwordResetAddress', addressOf(req)],
      ['passwordResetAccount', accountKey(email)],
    );
    // Always 204, and the same work either way as far as the caller can see: no account enumeration.
    await requestPasswordReset(deps, email).catch((error: unknown) => {
      deps.logger.warn({ err: error, event: 'password-reset-failed' }, 'password reset e-mail failed');
    });
    res.status(204).end();
  };
