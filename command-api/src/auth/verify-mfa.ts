import { addressOf } from '../http/throttle.ts';
import { isLocked, readCredentials } from './credentials.ts';
import type { verifyMfa } from './routes.contract.ts';
import type { RouteHandler } from '@onboard/api-contract/express';
import { InvalidPassCodeError, LOCKED_OUT, type SignInSteps, mfaKeys } from './sign-in-steps.ts';
import { claimTotpStep, isStateTokenUsed, useStateToken } from './replay.ts';
import { InvalidStateTokenError, verifyStateToken } from './tokens.ts';
import { verifyTotp } from './totp.ts';

/** The second factor's code checked, once per step, and the sign-in passed. */
export const verifyStep =
  (steps: SignInSteps): RouteHandler<typeof verifyMfa> =>
  async (req, res, input) => {
    const { deps, keys, openTotpSecret, activeUser, succeed, fail, passed } = steps;
    const body = input.body();
    const now = deps.now();
    await deps.throttle.consume(res, ['mfaAddress', addressOf(req)]);
    const userId = await verifyStateToken(keys.state, body.stateToken, 'MFA_CHALLENGE', now);
    const throttled = mfaKeys(req, userId);
    await deps.throttle.consume(res, throttled[1]!);
    if (await isStateTokenUsed(deps.pool, body.stateToken)) throw new InvalidStateTokenError();
    await activeUser(userId);
    const credentials = await readCredentials(deps.pool, userId);
    if (isLocked(credentials, now)) {
      res.json(LOCKED_OUT);
      return;
    }
    const secret = credentials.totpSecret;
    // A code is single-use per step and user (RFC 6238 §5.2), on every replica: a replayed one is wrong.
    const step = secret
      ? await verifyTotp(await openTotpSecret('totp_secret', secret, userId), body.passCode, now)
      : null;
    if (step === null || !(await claimTotpStep(deps.pool, userId, step, now))) {
      await fail(userId, new InvalidPassCodeError(), res);
      return;
    }
    // A state token leads to one session at most.
    if (!(await useStateToken(deps.pool, body.stateToken, now))) throw new InvalidStateTokenError();
    await passed(throttled);
    res.json(await succeed(userId, body.rememberDevice));
  };
