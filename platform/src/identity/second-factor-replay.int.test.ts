import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedDatabase } from '@onboard/testing/db';
import { startApp, type RunningApp } from '../app.ts';
import { embeddedTestConfig } from '../config.ts';
import { apiClient, totpCode } from '../testing/http-client.ts';
import { enrolledTotp, registeredUser } from '../testing/users.ts';

const PASSWORD = 'Replay-Guard-2026!';

// Two replicas on one database: what one accepted, the other refuses (RFC 6238 §5.2).
describe('the second factor is single-use, across replicas', () => {
  let first: RunningApp;
  let second: RunningApp;
  beforeAll(async () => {
    const databaseUrl = await migratedDatabase('second_factor_replay');
    first = await startApp(embeddedTestConfig(databaseUrl, { webDist: null, seedDemoData: false }));
    second = await startApp(
      embeddedTestConfig(databaseUrl, { webDist: null, seedDemoData: false, services: ['command-api'] }),
    );
  });
  afterAll(async () => {
    await second?.stop();
    await first?.stop();
  });

  let counter = 0;
  /** A user enrolled through the first replica; answers the shared secret. */
  const enrolledUser = async () => {
    counter += 1;
    const userId = `replay-user-${counter}`;
    const email = `replay${counter}@example.com`;
    await registeredUser(first, { userId, firstName: 'Rita', lastName: `Replay${counter}`, email }, PASSWORD);
    const api = apiClient(first.url);
    await api.get('/api/auth/csrf');
    // Enrolled with the previous step's code, so the current one is still unused.
    const { activated, secret } = await enrolledTotp(api, { username: email, password: PASSWORD }, (shared) =>
      totpCode(shared, new Date(Date.now() - 30_000)),
    );
    expect(activated.body.status).toBe('SUCCESS');
    return { email, secret };
  };

  /** Password, then the challenge, on a replica: answers the state token the code goes with. */
  const challenge = async (url: string, email: string) => {
    const api = apiClient(url);
    await api.get('/api/auth/csrf');
    const signIn = await api.post('/api/auth/sign-in', { username: email, password: PASSWORD });
    expect(signIn.body.status).toBe('MFA_REQUIRED');
    const challenged = await api.post('/api/auth/mfa/challenge', {
      stateToken: signIn.body.stateToken,
      factorId: 'totp',
    });
    return { api, stateToken: String(challenged.body.stateToken) };
  };

  it('refuses a TOTP code a second time within its step, on the other replica too', async () => {
    const { email, secret } = await enrolledUser();
    const code = await totpCode(secret);

    const once = await challenge(first.url, email);
    const accepted = await once.api.post('/api/auth/mfa/verify', {
      stateToken: once.stateToken,
      passCode: code,
    });
    expect(accepted.body).toEqual({ status: 'SUCCESS', sessionToken: expect.any(String) });

    for (const url of [first.url, second.url]) {
      const again = await challenge(url, email);
      const replayed = await again.api.post('/api/auth/mfa/verify', {
        stateToken: again.stateToken,
        passCode: code,
      });
      expect(replayed.status).toBe(401);
      expect(replayed.body).toMatchObject({
        code: 'INVALID_PASSCODE',
        message: "Your code doesn't match our records. Please try again.",
      });
    }

    // The next step's code (accepted for drift) is a new code and signs in.
    const next = await challenge(second.url, email);
    const fresh = await next.api.post('/api/auth/mfa/verify', {
      stateToken: next.stateToken,
      passCode: await totpCode(secret, new Date(Date.now() + 30_000)),
    });
    expect(fresh.body.status).toBe('SUCCESS');
  });

  it('refuses a state token posted again after SUCCESS, on the other replica too', async () => {
    const { email, secret } = await enrolledUser();
    const { api, stateToken } = await challenge(first.url, email);
    const accepted = await api.post('/api/auth/mfa/verify', {
      stateToken,
      passCode: await totpCode(secret),
    });
    expect(accepted.body.status).toBe('SUCCESS');

    // Even with a code the server has not seen yet.
    const other = apiClient(second.url);
    await other.get('/api/auth/csrf');
    for (const [client, at] of [
      [api, Date.now() + 30_000],
      [other, Date.now() + 30_000],
    ] as const) {
      const replayed = await client.post('/api/auth/mfa/verify', {
        stateToken,
        passCode: await totpCode(secret, new Date(at)),
      });
      expect(replayed.status).toBe(401);
      expect(replayed.body).toMatchObject({
        code: 'INVALID_STATE_TOKEN',
        message: 'Your sign-in has expired. Please sign in again.',
      });
    }
  });
});
