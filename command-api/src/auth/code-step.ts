import type { Request, Response } from 'express';
import { addressOf } from '../http/throttle.ts';
import { isLocked, readCredentials, type Credentials } from './credentials.ts';
import { InvalidPassCodeError, LOCKED_OUT, type SignInSteps, mfaKeys } from './sign-in-steps.ts';
import { claimTotpStep, isStateTokenUsed, useStateToken } from './replay.ts';
import { InvalidStateTokenError, verifyStateToken, type StateStep } from './tokens.ts';
import { verifyTotp } from './totp.ts';

/** Which sealed secret a code is checked against, read from the user's credentials (null: none). */
export type SecretOf = (credentials: Credentials) => {
  column: 'totp_secret' | 'totp_pending_secret';
  sealed: string | null;
};

/**
 * A step that takes a TOTP code: throttled by address and then by user, its state token of `status` and
 * not used before, the user active and not locked out, the code checked once per step (RFC 6238 §5.2, on
 * every replica: a replayed one is wrong) against the secret `secretOf` picks, and the state token used
 * (it leads to one session at most). Null when it has answered: locked out, or a wrong code counted.
 */
export async function passedCode(
  steps: SignInSteps,
  req: Request,
  res: Response,
  body: { stateToken: string; passCode: string },
  status: StateStep,
  secretOf: SecretOf,
) {
  const { deps, keys, openTotpSecret, activeUser, fail } = steps;
  const now = deps.now();
  await deps.throttle.consume(res, ['mfaAddress', addressOf(req)]);
  const userId = await verifyStateToken(keys.state, body.stateToken, status, now);
  const throttled = mfaKeys(req, userId);
  await deps.throttle.consume(res, throttled[1]!);
  if (await isStateTokenUsed(deps.pool, body.stateToken)) throw new InvalidStateTokenError();
  const user = await activeUser(userId);
  const credentials = await readCredentials(deps.pool, userId);
  if (isLocked(credentials, now)) {
    res.json(LOCKED_OUT);
    return null;
  }
  const { column, sealed } = secretOf(credentials);
  const step = sealed
    ? await verifyTotp(await openTotpSecret(column, sealed, userId), body.passCode, now)
    : null;
  if (step === null || !(await claimTotpStep(deps.pool, userId, step, now))) {
    await fail(userId, new InvalidPassCodeError(), res);
    return null;
  }
  if (!(await useStateToken(deps.pool, body.stateToken, now))) throw new InvalidStateTokenError();
  return { userId, user, throttled };
}
