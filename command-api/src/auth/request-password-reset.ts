import { requestPasswordReset } from './links.ts';
import type { requestPasswordResetEmail } from './routes.contract.ts';
import type { RouteHandler } from '@onboard/api-contract/express';
import { type SignInSteps } from './sign-in-steps.ts';
import { emailOnRequest } from './request-email.ts';

/** A password reset e-mailed, whether or not the account exists. */
export const emailPasswordReset =
  ({ deps }: SignInSteps): RouteHandler<typeof requestPasswordResetEmail> =>
  (req, res) =>
    emailOnRequest(deps, req, res, {
      email: String(req.params.email),
      counts: ['passwordResetAddress', 'passwordResetAccount'],
      send: requestPasswordReset,
      event: 'password-reset-failed',
      failure: 'password reset e-mail failed',
    });
