import type { verifyMfa } from './routes.contract.ts';
import type { RouteHandler } from '@onboard/api-contract/express';
import type { SignInSteps } from './sign-in-steps.ts';
import { passedCode } from './code-step.ts';

/** The second factor's code checked, once per step, and the sign-in passed. */
export const verifyStep =
  (steps: SignInSteps): RouteHandler<typeof verifyMfa> =>
  async (req, res, input) => {
    const body = input.body();
    const passed = await passedCode(steps, req, res, body, 'MFA_CHALLENGE', (credentials) => ({
      column: 'totp_secret',
      sealed: credentials.totpSecret,
    }));
    if (!passed) return;
    await steps.passed(passed.throttled);
    res.json(await steps.succeed(passed.userId, body.rememberDevice));
  };
