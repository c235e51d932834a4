import { readCredentials } from './credentials.ts';
import type { AuthDeps } from './deps.ts';
import { encryptSecret, keyRingFor } from './secrets.ts';
import { executeUserCommand, loadUser } from './users.ts';

/**
 * Enrols a user's authenticator with a given TOTP secret, as if they had scanned it: only for the demo
 * users of the embedded default, whose secrets are printed at start. A user already enrolled keeps their
 * own authenticator.
 */
export async function enrolTotpSecret(deps: AuthDeps, userId: string, secret: string): Promise<boolean> {
  if ((await readCredentials(deps.pool, userId)).totpSecret) return false;
  const { state } = await loadUser(deps.store, userId);
  // A demo user staff deleted stays deleted, without an authenticator.
  if (state.status !== 'active') return false;
  const keys = keyRingFor(deps.sessionSecret);
  const { rowCount } = await deps.pool.query(
    `update auth_credentials set totp_secret = $2, totp_pending_secret = null
      where user_id = $1 and totp_secret is null`,
    [userId, encryptSecret(keys.current.totp, secret, userId)],
  );
  if (!rowCount) return false;
  await executeUserCommand(deps, { userId, role: state.user.role }, userId, {
    type: 'RecordMfaEnrolled',
    data: {},
  });
  return true;
}
