import { addressOf } from '../http/throttle.ts';
import { isLocked, readCredentials } from './credentials.ts';
import type { activateMfa } from './routes.contract.ts';
import type { RouteHandler } from '@onboard/api-contract/express';
import {
  InvalidPassCodeError,
  MfaAlreadyEnrolledError,
  LOCKED_OUT,
  type SignInSteps,
  mfaKeys,
} from './sign-in-steps.ts';
import { claimTotpStep, isStateTokenUsed, useStateToken } from './replay.ts';
import { InvalidStateTokenError, verifyStateToken } from './tokens.ts';
import { verifyTotp } from './totp.ts';
import { executeUserCommand } from './users.ts';

/** The first code from a new factor activates it and signs in. */
export const activateStep =
  (steps: SignInSteps): RouteHandler<typeof activateMfa> =>
  async (req, res, input) => {
    const { deps, keys, openTotpSecret, activeUser, succeed, fail, passed } = steps;
    const body = input.body();
    const now = deps.now();
    await deps.throttle.consume(res, ['mfaAddress', addressOf(req)]);
    const userId = await verifyStateToken(keys.state, body.stateToken, 'MFA_ENROLL_ACTIVATE', now);
    const throttled = mfaKeys(req, userId);
    await deps.throttle.consume(res, throttled[1]!);
    if (await isStateTokenUsed(deps.pool, body.stateToken)) throw new InvalidStateTokenError();
    const user = await activeUser(userId);
    const credentials = await readCredentials(deps.pool, userId);
    if (isLocked(credentials, now)) {
      res.json(LOCKED_OUT);
      return;
    }
    if (credentials.totpSecret) throw new MfaAlreadyEnrolledError();
    const pending = credentials.totpPendingSecret;
    const step = pending
      ? await verifyTotp(await openTotpSecret('totp_pending_secret', pending, userId), body.passCode, now)
      : null;
    if (step === null || !(await claimTotpStep(deps.pool, userId, step, now))) {
      await fail(userId, new InvalidPassCodeError(), res);
      return;
    }
    if (!(await useStateToken(deps.pool, body.stateToken, now))) throw new InvalidStateTokenError();
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
    await passed(throttled);
    res.json(await succeed(userId, body.rememberDevice));
  };
