import { addMinutes } from 'date-fns';
import { type Request, type Response } from 'express';
import { AppError, UnauthorizedError, type UserProfile } from '@onboard/domain';
import { isPasswordExpired } from '@onboard/domain';
import { addressOf, accountKey, type ThrottleKey } from '../http/throttle.ts';
import { recordFailure, resetFailures, type readCredentials } from './credentials.ts';
import {
  EXCHANGE_TOKEN_MINUTES,
  INVALID_CREDENTIALS_MESSAGE,
  INVALID_PASSCODE_MESSAGE,
  LOCKED_OUT_MESSAGE,
  PASSWORD_EXPIRED_MESSAGE,
  type AuthDeps,
} from './deps.ts';
import { sendLockedEmail } from './links.ts';
import { decryptSecretWithAny, encryptSecret, keyRingFor, randomToken, sha256 } from './secrets.ts';
import { DEVICE_COOKIE, cookieOf, createAuthenticate, rememberedDeviceUser } from './sessions.ts';
import { signStateToken, type StateStep } from './tokens.ts';
import { findActiveUserByEmail, loadUser } from './users.ts';

export class InvalidCredentialsError extends AppError {
  constructor() {
    super(401, 'INVALID_CREDENTIALS', INVALID_CREDENTIALS_MESSAGE);
  }
}
export class InvalidPassCodeError extends AppError {
  constructor() {
    super(401, 'INVALID_PASSCODE', INVALID_PASSCODE_MESSAGE);
  }
}
/** Enrolment is for a user without a factor; replacing one takes an MFA reset by an administrator. */
export const MFA_ALREADY_ENROLLED_MESSAGE =
  'A second factor is already set up for this account. Ask an administrator to reset it.';
export class MfaAlreadyEnrolledError extends AppError {
  constructor() {
    super(409, 'MFA_ALREADY_ENROLLED', MFA_ALREADY_ENROLLED_MESSAGE);
  }
}
export class InvalidSessionTokenError extends AppError {
  constructor() {
    super(401, 'INVALID_SESSION_TOKEN', 'Your sign-in has expired. Please sign in again.');
  }
}

export const LOCKED_OUT = { status: 'LOCKED_OUT', message: LOCKED_OUT_MESSAGE } as const;

/**
 * The keys of a password try, counted before the check: the address; the account from this address
 * (what holds a guesser); the account from everywhere (a slow-down the owner gets past with an e-mailed
 * sign-in link). The address gets its point back when the password is right, the accounts start again.
 */
export const signInKeys = (req: Request, account: string): ThrottleKey[] => [
  ['signInAddress', addressOf(req)],
  ['signInAccountAddress', accountKey(`${accountKey(account)}|${addressOf(req)}`)],
  ['signInAccount', accountKey(account)],
];
export const mfaKeys = (req: Request, userId: string): ThrottleKey[] => [
  ['mfaAddress', addressOf(req)],
  ['mfaAccount', accountKey(userId)],
];

export const PASSWORD_EXPIRED = { status: 'PASSWORD_EXPIRED', message: PASSWORD_EXPIRED_MESSAGE } as const;

/** A password never set, or older than the maximum age: the user must choose a new one. */
export const isPasswordStale = (
  credentials: Pick<Awaited<ReturnType<typeof readCredentials>>, 'passwordSetAt'>,
  now: Date,
  maxAgeDays: number,
) =>
  !credentials.passwordSetAt ||
  isPasswordExpired(credentials.passwordSetAt.getTime(), now.getTime(), maxAgeDays);

/** What the sign-in steps share: the keys, the checks of a user and a step, the throttle's keys, success and failure. */
export type SignInSteps = ReturnType<typeof signInSteps>;

export function signInSteps(deps: AuthDeps) {
  const keys = keyRingFor(deps.sessionSecret);
  /** A TOTP secret sealed with an older key is sealed again with the newest, so old keys can be retired. */
  const openTotpSecret = async (
    column: 'totp_secret' | 'totp_pending_secret',
    sealed: string,
    userId: string,
  ) => {
    const { plaintext, index } = decryptSecretWithAny(keys.totp, sealed, userId);
    if (index > 0)
      await deps.pool.query(
        `update auth_credentials set ${column} = $2 where user_id = $1 and ${column} = $3`,
        [userId, encryptSecret(keys.current.totp, plaintext, userId), sealed],
      );
    return plaintext;
  };
  const authenticate = createAuthenticate(deps);

  const activeUser = async (userId: string): Promise<UserProfile> => {
    const { state } = await loadUser(deps.store, userId);
    if (state.status !== 'active') throw new UnauthorizedError();
    return state.user;
  };

  /** The last step of every path to SUCCESS: a single-use token the web exchanges within 2 minutes. */
  const succeed = async (userId: string, rememberDevice: boolean) => {
    const now = deps.now();
    await resetFailures(deps.pool, userId);
    const sessionToken = randomToken();
    await deps.pool.query(
      `insert into auth_exchange_tokens (token_hash, user_id, remember_device, expires_at) values ($1, $2, $3, $4)`,
      [sha256(sessionToken), userId, rememberDevice, addMinutes(now, EXCHANGE_TOKEN_MINUTES)],
    );
    deps.logger.info({ event: 'sign-in-factors-passed', userId }, 'sign-in factors passed');
    return { status: 'SUCCESS' as const, sessionToken };
  };

  /**
   * A wrong code after the right password: counted, and the failure that reaches five locks the account
   * for an hour and tells its owner by e-mail (someone knows the password). Wrong passwords never lock:
   * the throttle slows them, so nobody can lock out a user whose password they do not know.
   */
  const fail = async (userId: string, error: AppError, res: Response) => {
    const locked = await recordFailure(deps.pool, userId, deps.now());
    deps.logger.info(
      { event: locked ? 'account-locked' : 'sign-in-failed', userId, code: error.code },
      'sign-in refused',
    );
    if (locked) {
      await sendLockedEmail(deps, userId).catch((err: unknown) => {
        deps.logger.warn({ err, event: 'locked-email-failed', userId }, 'lock e-mail failed');
      });
      res.json(LOCKED_OUT);
      return;
    }
    throw error;
  };

  /** A step passed: the address gets its point back and the account's count starts again. */
  const passed = async ([address, ...accounts]: ThrottleKey[]) => {
    await Promise.all([deps.throttle.reward(address!), deps.throttle.forget(...accounts)]);
  };

  /**
   * A browser this account remembered (it once passed the second factor) is not held up by the account's
   * count, which a stranger can run up: only its address counts. One lookup by the cookie, the same
   * whatever the e-mail, before the store is read.
   */
  const isAccountsOwnDevice = async (req: Request, username: string) => {
    const token = cookieOf(req, DEVICE_COOKIE);
    if (!token) return false;
    const userId = await rememberedDeviceUser(deps.pool, token, deps.now());
    if (!userId) return false;
    const found = await findActiveUserByEmail(deps.store, username);
    return found?.user.userId === userId;
  };

  const stateToken = (userId: string, step: StateStep) =>
    signStateToken(keys.current.state, userId, step, deps.now());

  return {
    deps,
    keys,
    openTotpSecret,
    authenticate,
    activeUser,
    succeed,
    fail,
    passed,
    isAccountsOwnDevice,
    stateToken,
  };
}
