import { addMinutes } from 'date-fns';
import { Router, type Request, type Response } from 'express';
import { AppError, UnauthorizedError, type UserProfile, isPasswordExpired } from '@onboard/domain';
import { mount } from '@onboard/api-contract/express';
import { requireActor } from '../http/context.ts';
import { readAuthenticatedUser } from './authenticated-user.ts';
import { addressOf, accountKey, TooManyAttemptsError, type ThrottleKey } from '../http/throttle.ts';
import { isLocked, readCredentials, recordFailure, resetFailures, verifyPassword } from './credentials.ts';
import {
  EXCHANGE_TOKEN_MINUTES,
  INVALID_CREDENTIALS_MESSAGE,
  INVALID_PASSCODE_MESSAGE,
  LOCKED_OUT_MESSAGE,
  PASSWORD_EXPIRED_MESSAGE,
  type AuthDeps,
} from './deps.ts';
import {
  ExpiredLinkError,
  describeLink,
  redeemSignInLink as spendSignInLink,
  requestPasswordReset,
  requestSignInLink as sendSignInLink,
  sendLockedEmail,
  upsertPassword,
} from './links.ts';
import {
  TOTP_FACTOR,
  acceptTermsOfUse,
  activateMfa,
  challengeMfa,
  describeAuthLink,
  enrollMfa,
  exchangeSessionToken,
  getAuthenticatedUser,
  getCsrfCookie,
  redeemSignInLink,
  refreshSession,
  requestPasswordResetEmail,
  requestSignInLink,
  signIn,
  signOut,
  upsertPasswordFromLink,
  verifyMfa,
} from './routes.contract.ts';
import { decryptSecretWithAny, encryptSecret, keyRingFor, randomToken, sha256 } from './secrets.ts';
import {
  DEVICE_COOKIE,
  clearSessionCookies,
  cookieOf,
  createAuthenticate,
  isRememberedDevice,
  rememberedDeviceUser,
  revokeSession,
  rotateRefreshToken,
  setCsrfCookie,
  startSession,
  CSRF_COOKIE,
} from './sessions.ts';
import { claimTotpStep, isStateTokenUsed, useStateToken } from './replay.ts';
import {
  InvalidStateTokenError,
  InvalidTokenError,
  signStateToken,
  verifyStateToken,
  type StateStep,
} from './tokens.ts';
import { newTotpSecret, otpauthUri, qrCodeDataUri, verifyTotp } from './totp.ts';
import { awaitUserProjected, executeUserCommand, findActiveUserByEmail, loadUser } from './users.ts';

class InvalidCredentialsError extends AppError {
  constructor() {
    super(401, 'INVALID_CREDENTIALS', INVALID_CREDENTIALS_MESSAGE);
  }
}
class InvalidPassCodeError extends AppError {
  constructor() {
    super(401, 'INVALID_PASSCODE', INVALID_PASSCODE_MESSAGE);
  }
}
/** Enrolment is for a user without a factor; replacing one takes an MFA reset by an administrator. */
export const MFA_ALREADY_ENROLLED_MESSAGE =
  'A second factor is already set up for this account. Ask an administrator to reset it.';
class MfaAlreadyEnrolledError extends AppError {
  constructor() {
    super(409, 'MFA_ALREADY_ENROLLED', MFA_ALREADY_ENROLLED_MESSAGE);
  }
}
class InvalidSessionTokenError extends AppError {
  constructor() {
    super(401, 'INVALID_SESSION_TOKEN', 'Your sign-in has expired. Please sign in again.');
  }
}

const LOCKED_OUT = { status: 'LOCKED_OUT', message: LOCKED_OUT_MESSAGE } as const;

/**
 * The sign-in step machine (platform §4) and the session calls. Onboard is its own identity provider:
 * password -> (enrol or challenge) TOTP -> a one-time session token -> the exchange that sets cookies.
 */
export function createAuthApi(deps: AuthDeps): Router {
  const router = Router();
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

  /**
   * The keys of a password try, counted before the check: the address; the account from this address
   * (what holds a guesser); the account from everywhere (a slow-down the owner gets past with an e-mailed
   * sign-in link). The address gets its point back when the password is right, the accounts start again.
   */
  const signInKeys = (req: Request, account: string): ThrottleKey[] => [
    ['signInAddress', addressOf(req)],
    ['signInAccountAddress', accountKey(`${accountKey(account)}|${addressOf(req)}`)],
    ['signInAccount', accountKey(account)],
  ];
  const mfaKeys = (req: Request, userId: string): ThrottleKey[] => [
    ['mfaAddress', addressOf(req)],
    ['mfaAccount', accountKey(userId)],
  ];
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

  mount(router, getCsrfCookie, async (req, res) => {
    if (!cookieOf(req, CSRF_COOKIE)) setCsrfCookie(res, req.secure);
    res.status(204).end();
  });

  mount(router, signIn, async (req, res, input) => {
    const body = input.body();
    const keys = signInKeys(req, body.username);
    // The account's own browser counts by its address only.
    if (await isAccountsOwnDevice(req, body.username)) keys.splice(1);
    // Before anything is looked up or hashed: a guesser over the limit costs no argon2. Held by the
    // account's count, the answer offers 'Email me a sign-in link', which the owner can use and a
    // guesser cannot (it still asks the second factor).
    await deps.throttle.consume(res, ...keys).catch((error: unknown) => {
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
    await passed(keys);
    // Only the right password learns of the lock (platform §4 LOCKED_OUT): it reveals nothing new.
    if (isLocked(credentials, now)) {
      deps.logger.info({ event: 'sign-in-locked', userId }, 'sign-in refused: locked');
      res.json(LOCKED_OUT);
      return;
    }
    if (
      !credentials.passwordSetAt ||
      isPasswordExpired(credentials.passwordSetAt.getTime(), now.getTime(), deps.passwordMaxAgeDays)
    ) {
      res.json({ status: 'PASSWORD_EXPIRED', message: PASSWORD_EXPIRED_MESSAGE });
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
  });

  mount(router, enrollMfa, async (req, res, input) => {
    const body = input.body();
    const userId = await verifyStateToken(keys.state, body.stateToken, 'MFA_ENROLL', deps.now());
    const user = await activeUser(userId);
    const credentials = await readCredentials(deps.pool, userId);
    if (isLocked(credentials, deps.now())) {
      res.json(LOCKED_OUT);
      return;
    }
    if (credentials.totpSecret) throw new MfaAlreadyEnrolledError();
    const sharedSecret = newTotpSecret();
    await deps.pool.query('update auth_credentials set totp_pending_secret = $2 where user_id = $1', [
      userId,
      encryptSecret(keys.current.totp, sharedSecret, userId),
    ]);
    const uri = otpauthUri(user.email, sharedSecret);
    res.json({
      status: 'MFA_ENROLL_ACTIVATE',
      stateToken: await stateToken(userId, 'MFA_ENROLL_ACTIVATE'),
      factor: TOTP_FACTOR,
      activation: { otpauthUri: uri, sharedSecret, qrCodeDataUri: await qrCodeDataUri(uri) },
    });
  });

  mount(router, activateMfa, async (req, res, input) => {
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
  });

  mount(router, challengeMfa, async (req, res, input) => {
    const body = input.body();
    const userId = await verifyStateToken(keys.state, body.stateToken, 'MFA_REQUIRED', deps.now());
    await activeUser(userId);
    res.json({
      status: 'MFA_CHALLENGE',
      stateToken: await stateToken(userId, 'MFA_CHALLENGE'),
      factor: TOTP_FACTOR,
    });
  });

  mount(router, verifyMfa, async (req, res, input) => {
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
  });

  mount(router, exchangeSessionToken, async (req, res, input) => {
    const body = input.body();
    const now = deps.now();
    const { rows } = await deps.pool.query<{ user_id: string; remember_device: boolean }>(
      `update auth_exchange_tokens set used_at = $2 where token_hash = $1 and used_at is null and expires_at > $2
         returning user_id, remember_device`,
      [sha256(body.sessionToken), now],
    );
    const exchange = rows[0];
    if (!exchange) throw new InvalidSessionTokenError();
    const user = await activeUser(exchange.user_id);
    await startSession(deps, res, user.userId, {
      rememberDevice: exchange.remember_device,
      secure: req.secure,
    });
    const { revision } = await executeUserCommand(
      deps,
      { userId: user.userId, role: user.role },
      user.userId,
      {
        type: 'RecordSignIn',
        data: {},
      },
    );
    // The session check reads rm_users: wait for this user's row so the very next call is signed in.
    await awaitUserProjected(deps.pool, user.userId, revision);
    deps.logger.info({ event: 'signed-in', userId: user.userId }, 'signed in');
    res.json(await readAuthenticatedUser(deps.pool, user.userId));
  });

  mount(router, getAuthenticatedUser, async (req, res) => {
    const actor = await authenticate(req);
    res.json(actor ? await readAuthenticatedUser(deps.pool, actor.userId) : null);
  });

  mount(router, refreshSession, async (req, res) => {
    const outcome = await rotateRefreshToken(deps, req, res);
    if (outcome === 'ROTATED') {
      res.status(204).end();
      return;
    }
    if (outcome === 'REUSED')
      deps.logger.warn({ event: 'refresh-token-reuse' }, 'refresh token reused: session revoked');
    clearSessionCookies(res, req.secure);
    throw new InvalidTokenError();
  });

  mount(router, signOut, async (req, res) => {
    const userId = await revokeSession(deps, req);
    if (userId) deps.logger.info({ event: 'signed-out', userId }, 'signed out');
    clearSessionCookies(res, req.secure);
    res.status(204).end();
  });

  mount(router, acceptTermsOfUse, async (req, res) => {
    const actor = await requireActor(authenticate, req);
    const { revision } = await executeUserCommand(deps, actor, actor.userId, {
      type: 'AcceptTermsOfUse',
      data: {},
    });
    await awaitUserProjected(deps.pool, actor.userId, revision);
    res.status(204).end();
  });

  mount(router, describeAuthLink, async (req, res) => {
    res.json(await describeLink(deps, String(req.params.token)));
  });

  mount(router, upsertPasswordFromLink, async (req, res, input) => {
    const body = input.body();
    // Per address, and per link (each link belongs to one account); a password set gives the point back.
    const throttled: ThrottleKey[] = [
      ['activationAddress', addressOf(req)],
      ['activationAccount', accountKey(body.token)],
    ];
    await deps.throttle.consume(res, ...throttled);
    await upsertPassword(deps, body.token, body.password);
    await passed(throttled);
    res.status(204).end();
  });

  mount(router, requestSignInLink, async (req, res, input) => {
    const { username } = input.body();
    // Each request sends an e-mail (or would): per address and per address asked for.
    await deps.throttle.consume(
      res,
      ['signInLinkAddress', addressOf(req)],
      ['signInLinkAccount', accountKey(username)],
    );
    // Always 204: nothing tells whether the account exists.
    await sendSignInLink(deps, username).catch((error: unknown) => {
      deps.logger.warn({ err: error, event: 'sign-in-link-failed' }, 'sign-in link e-mail failed');
    });
    res.status(204).end();
  });

  mount(router, redeemSignInLink, async (req, res, input) => {
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
    if (
      !credentials.passwordSetAt ||
      isPasswordExpired(credentials.passwordSetAt.getTime(), now.getTime(), deps.passwordMaxAgeDays)
    ) {
      res.json({ status: 'PASSWORD_EXPIRED', message: PASSWORD_EXPIRED_MESSAGE });
      return;
    }
    // Always the second factor, even on a remembered browser: the link stands in for the password only.
    if (!credentials.totpSecret) throw new ExpiredLinkError();
    res.json({
      status: 'MFA_REQUIRED',
      stateToken: await stateToken(user.userId, 'MFA_REQUIRED'),
      factors: [TOTP_FACTOR],
    });
  });

  mount(router, requestPasswordResetEmail, async (req, res) => {
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
  });

  return router;
}
