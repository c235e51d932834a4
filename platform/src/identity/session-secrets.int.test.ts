import { afterEach, describe, expect, it } from 'vitest';
import {
  MFA_ALREADY_ENROLLED_MESSAGE,
  keyRingFor,
  resetMfa,
  signStateToken,
} from '@onboard/command-api/auth';
import { seededDatabase } from '@onboard/testing/db';
import { startApp, type RunningApp } from '../app.ts';
import { embeddedTestConfig } from '../config.ts';
import { apiClient, unusedTotpCode } from '../testing/http-client.ts';
import { enrolledTotp, registeredUser } from '../testing/users.ts';

const PASSWORD = 'Correct-Horse-42!';
const OLD = 'old-Qm7rT2vXk9LpZs4WnB8cYd1HfJ6gEa3u';
const NEW = 'new-u3aE6gJf1dYc8BnW4sZpL9kXv2Tr7mQh';

describe('session secrets: rotation, and enrolment only without a factor', () => {
  const running: RunningApp[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((app) => app.stop()));
  });
  const start = async (url: string, sessionSecrets: string[]) => {
    const app = await startApp(embeddedTestConfig(url, { webDist: null, sessionSecrets }));
    running.push(app);
    return app;
  };
  const stop = async (app: RunningApp) => {
    running.splice(running.indexOf(app), 1);
    await app.stop();
  };
  const createUser = async (app: RunningApp, n: number) => {
    const email = `rotation${n}@example.com`;
    return registeredUser(
      app,
      { userId: `rotation-${n}`, firstName: 'Rita', lastName: 'Rotation', email },
      PASSWORD,
    );
  };
  /** Walks the TOTP enrolment by hand and returns the shared secret the authenticator keeps. */
  const enrol = async (api: ReturnType<typeof apiClient>, email: string) => {
    await api.get('/api/auth/csrf');
    const {
      signIn: step,
      activated: done,
      secret,
    } = await enrolledTotp(
      api,
      { username: email, password: PASSWORD },
      (shared) => unusedTotpCode(email, shared),
      { rememberDevice: false },
    );
    expect(step.body.status).toBe('MFA_ENROLL');
    expect(done.body.status).toBe('SUCCESS');
    expect(
      (await api.post('/api/users/authenticated', { sessionToken: done.body.sessionToken })).status,
    ).toBe(200);
    return secret;
  };

  it('the newest secret signs, every listed one verifies; TOTP secrets move to the newest key', async () => {
    const url = await seededDatabase('session_rotation');
    const before = await start(url, [OLD]);
    const user = await createUser(before, 1);
    const oldApi = apiClient(before.url);
    const secret = await enrol(oldApi, user.email);
    const sealedBefore = (
      await before.pool.query<{ totp_secret: string }>(
        'select totp_secret from auth_credentials where user_id = $1',
        [user.userId],
      )
    ).rows[0]!.totp_secret;
    await stop(before);

    // Rotated: the session of the old key still works, and the old TOTP secret still opens.
    const rotated = await start(url, [NEW, OLD]);
    const carried = apiClient(rotated.url);
    for (const [name, value] of oldApi.cookies) carried.cookies.set(name, value);
    expect((await carried.get('/api/users/authenticated')).body).toMatchObject({ userId: user.userId });
    const api = apiClient(rotated.url);
    api.rememberSecret(user.email, secret);
    expect(await api.signIn(user.email, PASSWORD)).toMatchObject({ userId: user.userId });
    const sealedAfter = (
      await rotated.pool.query<{ totp_secret: string }>(
        'select totp_secret from auth_credentials where user_id = $1',
        [user.userId],
      )
    ).rows[0]!.totp_secret;
    expect(sealedAfter).not.toBe(sealedBefore);
    await stop(rotated);

    // The old secret retired: its tokens are refused; the factor, sealed again with the new key, works.
    const retired = await start(url, [NEW]);
    const stale = apiClient(retired.url);
    for (const [name, value] of oldApi.cookies) stale.cookies.set(name, value);
    expect((await stale.get('/api/users/authenticated')).status).toBe(401);
    const fresh = apiClient(retired.url);
    fresh.rememberSecret(user.email, secret);
    expect(await fresh.signIn(user.email, PASSWORD)).toMatchObject({ userId: user.userId });
    const forged = await signStateToken(
      keyRingFor(OLD).current.state,
      user.userId,
      'MFA_REQUIRED',
      new Date(),
    );
    const challenge = await fresh.post('/api/auth/mfa/challenge', { stateToken: forged, factorId: 'totp' });
    expect(challenge.status).toBe(401);
  });

  it('refuses enrolment to a user who already has a factor, even with a valid state token; a reset allows it', async () => {
    const app = await start(await seededDatabase('mfa_enrolled'), [NEW]);
    const user = await createUser(app, 2);
    const api = apiClient(app.url);
    const secret = await enrol(api, user.email);
    const sealed = async () =>
      (
        await app.pool.query<{ totp_secret: string; totp_pending_secret: string | null }>(
          'select totp_secret, totp_pending_secret from auth_credentials where user_id = $1',
          [user.userId],
        )
      ).rows[0]!;
    const factorBefore = await sealed();

    // Whoever holds the key can sign an enrolment step: the server still refuses to replace the factor.
    const attacker = apiClient(app.url);
    await attacker.get('/api/auth/csrf');
    const forged = await signStateToken(keyRingFor(NEW).current.state, user.userId, 'MFA_ENROLL', new Date());
    const enroll = await attacker.post('/api/auth/mfa/enroll', { stateToken: forged, factorId: 'totp' });
    expect(enroll.status).toBe(409);
    expect(enroll.body).toMatchObject({
      code: 'MFA_ALREADY_ENROLLED',
      message: MFA_ALREADY_ENROLLED_MESSAGE,
    });
    const activateStep = await signStateToken(
      keyRingFor(NEW).current.state,
      user.userId,
      'MFA_ENROLL_ACTIVATE',
      new Date(),
    );
    const activate = await attacker.post('/api/auth/mfa/activate', {
      stateToken: activateStep,
      passCode: '123456',
      rememberDevice: false,
    });
    expect(activate.status).toBe(409);
    expect(await sealed()).toEqual(factorBefore);
    // The enrolled factor is untouched: its codes still sign in.
    const again = apiClient(app.url);
    again.rememberSecret(user.email, secret);
    expect(await again.signIn(user.email, PASSWORD)).toMatchObject({ userId: user.userId });

    // Resetting MFA is the way to a new factor.
    await resetMfa(app.identity.deps, user.userId);
    await enrol(apiClient(app.url), user.email);
  });
});
