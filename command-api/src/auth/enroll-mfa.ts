import { isLocked, readCredentials } from './credentials.ts';
import type { enrollMfa } from './routes.contract.ts';
import { TOTP_FACTOR } from './routes.contract.ts';
import { encryptSecret } from './secrets.ts';
import type { RouteHandler } from '@onboard/api-contract/express';
import { MfaAlreadyEnrolledError, LOCKED_OUT, type SignInSteps } from './sign-in-steps.ts';
import { verifyStateToken } from './tokens.ts';
import { newTotpSecret, otpauthUri, qrCodeDataUri } from './totp.ts';

/** A user without a factor gets a TOTP secret to activate. */
export const enrolStep =
  (steps: SignInSteps): RouteHandler<typeof enrollMfa> =>
  async (req, res, input) => {
    const { deps, keys, activeUser, stateToken } = steps;
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
  };
