import { registerUser, setPassword, SYSTEM_ACTOR } from '@onboard/command-api/auth';
import type { RunningApp } from '../app.ts';
import type { apiClient } from './http-client.ts';

type Registration = Parameters<typeof registerUser>[2];

/**
 * Registers a user through the app's identity, by the system: an SLF admin of no client, with no phone,
 * unless `user` says otherwise; then sets its password, unless `password` is null.
 */
export async function registeredUser(
  app: RunningApp,
  user: Pick<Registration, 'userId' | 'email' | 'firstName' | 'lastName'> & Partial<Registration>,
  password: string | null,
) {
  await registerUser(app.identity.deps, SYSTEM_ACTOR, {
    role: 'SLF_ADMIN',
    phoneNumber: null,
    clientIds: [],
    ...user,
  });
  if (password !== null) await setPassword(app.identity.deps, user.userId, password);
  return { userId: user.userId, email: user.email };
}

/**
 * Walks the TOTP enrolment by hand after the password (`api` holds the CSRF cookie): enrols the factor and
 * activates it with the code `passCode` gives for the shared secret. Returns the sign-in step, the
 * activation's answer and the secret the authenticator keeps.
 */
export async function enrolledTotp(
  api: ReturnType<typeof apiClient>,
  credentials: { username: string; password: string },
  passCode: (secret: string) => Promise<string>,
  activation: { rememberDevice?: boolean } = {},
) {
  const signIn = await api.post('/api/auth/sign-in', credentials);
  const enroll = await api.post('/api/auth/mfa/enroll', {
    stateToken: signIn.body.stateToken,
    factorId: 'totp',
  });
  const secret = String(enroll.body.activation.sharedSecret);
  const activated = await api.post('/api/auth/mfa/activate', {
    stateToken: enroll.body.stateToken,
    passCode: await passCode(secret),
    ...activation,
  });
  return { signIn, activated, secret };
}
