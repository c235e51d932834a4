import { TooManyAttemptsError } from '../http/throttle.ts';
import { isLocked, readCredentials, verifyPassword } from './credentials.ts';
import type { signIn } from './routes.contract.ts';
import { TOTP_FACTOR } from './routes.contract.ts';
import { DEVICE_COOKIE, cookieOf, isRememberedDevice } from './sessions.ts';
import type { RouteHandler } from '@onboard/api-contract/express';
import {
  InvalidCredentialsError,
  LOCKED_OUT,
  type SignInSteps,
  signInKeys,
  PASSWORD_EXPIRED,
  isPasswordStale,
} from './sign-in-steps.ts';
import { findActiveUserByEmail } from './users.ts';

/** The password step: throttled, one answer for every wrong case, then the second factor's step. */
export const passwordStep =
  (steps: SignInSteps): RouteHandler<typeof signIn> =>
  async (req, res, input) => {
    const { deps, succeed, passed, isAccountsOwnDevice, stateToken } = steps;
    const body = input.body();
    const counted = signInKeys(req, body.username);
    // The account's own browser counts by its address only.
    if (await isAccountsOwnDevice(req, body.username)) counted.splice(1);
    // Before anything is looked up or hashed: a guesser over the limit costs no argon2. Held by the
    // account's count, the answer offers 'Email me a sign-in link', which the owner can use and a
    // guesser cannot (it still asks the second factor).
    await deps.throttle.consume(res, ...counted).catch((error: unknown) => {
      if (error instanceof TooManyAttemptsError && error.scope !== 'signInAddress')
        throw new TooManyAttemptsError(error.retryAfterSeconds, error.scope, { signInLink: true });
      throw error;
    });
    const now = deps.now();
    const found = await findActiveUserByEmail(deps.store, body.username);
    // The same reads and one argon2 verify (a dummy hash when there is no user or password) on every path,
    // and one answer for an unknown user, a wrong password and a locked account: nothing tells whether
    // an account exists.
    const credentials = await readCredentials(deps.pool, found?.user.userId ?? '');
    const passwordOk = await verifyPassword(found ? credentials.passwordHash : null, body.password);
    if (!found || !passwordOk) {
      deps.logger.info(
        {
          event: 'sign-in-failed',
          reason: found ? 'wrong-password' : 'unknown-user',
          ...(found ? { userId: found.user.userId } : {}),
        },
        'sign-in refused',
      );
      throw new InvalidCredentialsError();
    }
    const { userId } = found.user;
    await passed(counted);
    // Only the right password learns of the lock (platform §4 LOCKED_OUT): it reveals nothing new.
    if (isLocked(credentials, now)) {
      deps.logger.info({ event: 'sign-in-locked', userId }, 'sign-in refused: locked');
      res.json(LOCKED_OUT);
      return;
    }
    if (isPasswordStale(credentials, now, deps.passwordMaxAgeDays)) {
      res.json(PASSWORD_EXPIRED);
      return;
    }
    if (!credentials.totpSecret) {
      res.json({
        status: 'MFA_ENROLL',
        stateToken: await stateToken(userId, 'MFA_ENROLL'),
        factors: [TOTP_FACTOR],
      });
      return;
    }
    if (await isRememberedDevice(deps.pool, userId, cookieOf(req, DEVICE_COOKIE), now)) {
      res.json(await succeed(userId, false));
      return;
    }
    res.json({
      status: 'MFA_REQUIRED',
      stateToken: await stateToken(userId, 'MFA_REQUIRED'),
      factors: [TOTP_FACTOR],
    });
  };
