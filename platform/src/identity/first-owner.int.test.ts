import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '@onboard/testing/db';
import { startApp, type RunningApp } from '../app.ts';
import { embeddedTestConfig } from '../config.ts';
import { DEMO_USERS } from '../seed.ts';
import { apiClient } from '../testing/http-client.ts';

const PASSWORD = 'Correct-Horse-42!';
const FIRST_OWNER = 'first.owner@carrier.example';

// The distributed topology's accounts: no demo user with a published password, a first owner from
// ONBOARD_FIRST_OWNER_EMAIL activated by a single-use link printed once, and no self-service reset of
// one's own second factor.
describe('the first owner, and the second factor of one’s own account', () => {
  const apps: RunningApp[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.stop()));
  });

  it('registers the first owner once, prints a single-use activation link once, and seeds no demo user', async () => {
    const databaseUrl = await freshDatabase('first_owner');
    const printed: string[] = [];
    const start = async () => {
      const app = await startApp(
        embeddedTestConfig(databaseUrl, {
          webDist: null,
          seedDemoData: true,
          // As the distributed topology: the demo clients, never the demo users.
          seedDemoUsers: false,
          firstOwnerEmail: FIRST_OWNER,
          publicUrl: 'https://onboard.carrier.example',
        }),
        { printFirstOwnerLink: (email, link) => printed.push(`${email} ${link}`) },
      );
      apps.push(app);
      return app;
    };
    const app = await start();
    expect(printed).toHaveLength(1);
    const [email, link] = printed[0]!.split(' ');
    expect(email).toBe(FIRST_OWNER);
    expect(link).toMatch(/^https:\/\/onboard\.carrier\.example\/activate\?token=/);
    const token = new URL(link!).searchParams.get('token')!;

    // Not a single demo user, with the published password or any other.
    const api = apiClient(app.url);
    await api.get('/api/auth/csrf');
    for (const user of DEMO_USERS)
      expect((await api.post('/api/auth/sign-in', { username: user.email, password: 'x' })).status).toBe(401);

    expect((await api.get(`/api/users/auth-token/${token}`)).body).toMatchObject({
      email: FIRST_OWNER,
      purpose: 'ACTIVATE',
    });
    expect((await api.post('/api/users/password-upsert', { token, password: PASSWORD })).status).toBe(204);
    expect(
      (await api.post('/api/users/password-upsert', { token, password: 'Another-Pass-99!' })).status,
    ).toBe(404);
    const owner = await apiClient(app.url).signIn(FIRST_OWNER, PASSWORD);
    expect(owner.role).toBe('SLF_OWNER');

    // Started again (or another replica): the owner exists, nothing is registered or printed again.
    await app.stop();
    await start();
    expect(printed).toHaveLength(1);
  });

  it('refuses to reset one’s own second factor, and still resets another user’s', async () => {
    const app = await startApp(embeddedTestConfig(await freshDatabase('own_mfa'), { webDist: null }));
    apps.push(app);
    const owner = apiClient(app.url);
    await owner.signIn('owner@onboard.example');
    const own = await owner.post('/api/users/reset-mfa/owner@onboard.example');
    expect(own.status).toBe(403);
    expect(own.body.message).toBe(
      'You cannot reset your own second factor. Another owner or admin can reset it for you.',
    );
    // Still enrolled: a password-only sign-in asks for the code, it does not enrol a new authenticator.
    const again = apiClient(app.url);
    await again.get('/api/auth/csrf');
    const step = await again.post('/api/auth/sign-in', {
      username: 'owner@onboard.example',
      password: app.config.demoPassword,
    });
    expect(step.body.status).toBe('MFA_REQUIRED');

    // Another user's, as before.
    await apiClient(app.url).signIn('admin@onboard.example');
    expect((await owner.post('/api/users/reset-mfa/admin@onboard.example')).status).toBe(204);
  });
});
