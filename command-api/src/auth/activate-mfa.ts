import type { activateMfa } from './routes.contract.ts';
import type { RouteHandler } from '@onboard/api-contract/express';
import { MfaAlreadyEnrolledError, type SignInSteps } from './sign-in-steps.ts';
import { executeUserCommand } from './users.ts';
import { passedCode } from './code-step.ts';

/** The first code from a new factor activates it and signs in. */
export const activateStep =
  (steps: SignInSteps): RouteHandler<typeof activateMfa> =>
  async (req, res, input) => {
    const { deps, succeed } = steps;
    const body = input.body();
    const passed = await passedCode(steps, req, res, body, 'MFA_ENROLL_ACTIVATE', (credentials) => {
      if (credentials.totpSecret) throw new MfaAlreadyEnrolledError();
      return { column: 'totp_pending_secret', sealed: credentials.totpPendingSecret };
    });
    if (!passed) return;
    const { userId, user, throttled } = passed;
    // Only while no factor is set: two activations at once cannot replace a factor either.
    const { rowCount } = await deps.pool.query(
      `update auth_credentials set totp_secret = totp_pending_secret, totp_pending_secret = null
        where user_id = $1 and totp_secret is null and totp_pending_secret is not null`,
      [userId],
    );
    if (!rowCount) throw new MfaAlreadyEnrolledError();
    await executeUserCommand(deps, { userId, role: user.role }, userId, {
      type: 'RecordMfaEnrolled',
      data: {},
    });
    await steps.passed(throttled);
    res.json(await succeed(userId, body.rememberDevice));
  };
