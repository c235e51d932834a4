import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { userStream } from '@onboard/events';
import { resetMfa, sendActivationEmail, executeUserCommand, SYSTEM_ACTOR } from '@onboard/command-api/auth';
import type { Role } from '@onboard/domain';
import { seededDatabase } from '@onboard/testing/db';
import { startApp, type RunningApp } from '../app.ts';
import { embeddedTestConfig } from '../config.ts';
import { apiClient, eventually, totpCode, type ApiResponse } from '../testing/http-client.ts';
import { registeredUser } from '../testing/users.ts';

const PASSWORD = 'Correct-Horse-42!';
const LOCKED = 'Your account is locked for security reasons. Please, try again in about 60 minutes';
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe('identity: sign-in, sessions and links over HTTP', () => {
  let app: RunningApp;
  let offset = 0;
  const now = () => new Date(Date.now() + offset);
  const logLines: string[] = [];
  const responses: ApiResponse[] = [];
  const client = () => apiClient(app.url, { onResponse: (r) => responses.push(r) });
  /** The password step of the sign-in, with the right password. */
  const signInWithPassword = (api: ReturnType<typeof client>, email: string) =>
    api.post('/api/auth/sign-in', { username: email, password: PASSWORD });

  beforeAll(async () => {
    app = await startApp(
      embeddedTestConfig(await seededDatabase('identity'), { webDist: null, logLevel: 'debug' }),
      {
        now,
        logDestination: { write: (line: string) => void logLines.push(line) },
        printEmail: (line) => logLines.push(line),
      },
    );
  });
  afterAll(async () => {
    await app?.stop();
  });
  afterEach(() => {
    offset = 0;
  });

  let counter = 0;
  const createUser = async (role: Role = 'SLF_ADMIN', options: { password?: string | null } = {}) => {
    counter += 1;
    const userId = `it-user-${counter}`;
    const email = `person${counter}.${role.toLowerCase()}@example.com`;
    const clientIds = role === 'BROKER' || role === 'BEN_ADMIN' ? ['lakeside-manufacturing'] : [];
    const password = options.password === null ? null : (options.password ?? PASSWORD);
    return registeredUser(
      app,
      { userId, role, firstName: `First${counter}`, lastName: 'Tester', email, clientIds },
      password,
    );
  };

  const eventTypes = async (userId: string) =>
    (await app.store.readStream(userStream(userId))).map((e) => e.type);

  const lastEmailTo = (email: string) =>
    eventually(async () => {
      const { rows } = await app.pool.query<{ subject: string; body: string }>(
        'select subject, body from rm_emails where lower("to") = lower($1) order by created_at desc limit 1',
        [email],
      );
      expect(rows[0]).toBeDefined();
      return rows[0]!;
    });
  const tokenIn = (body: string) => new URL(/https?:\/\/\S+/.exec(body)![0]).searchParams.get('token')!;

  it('enrols TOTP from a QR code, refuses a wrong code, activates, exchanges and is signed in', async () => {
    const { userId, email } = await createUser('SLF_ADMIN');
    const api = client();
    await api.get('/api/auth/csrf');
    const step = await api.post('/api/auth/sign-in', { username: email.toUpperCase(), password: PASSWORD });
    expect(step.status).toBe(200);
    expect(step.body).toMatchObject({
      status: 'MFA_ENROLL',
      factors: [{ id: 'totp', factorType: 'token:software:totp' }],
    });

    const enroll = await api.post('/api/auth/mfa/enroll', {
      stateToken: step.body.stateToken,
      factorId: 'totp',
    });
    expect(enroll.body.status).toBe('MFA_ENROLL_ACTIVATE');
    const { otpauthUri, sharedSecret, qrCodeDataUri } = enroll.body.activation;
    expect(qrCodeDataUri).toMatch(/^data:image\/png;base64,/);
    const uri = new URL(otpauthUri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('issuer')).toBe('Onboard');
    expect(uri.searchParams.get('secret')).toBe(sharedSecret);
    expect(decodeURIComponent(uri.pathname)).toContain(email);

    // The enrol state token is not an activate state token.
    const wrongStep = await api.post('/api/auth/mfa/activate', {
      stateToken: step.body.stateToken,
      passCode: '000000',
    });
    expect(wrongStep.status).toBe(401);
    expect(wrongStep.body.code).toBe('INVALID_STATE_TOKEN');

    const goodCode = await totpCode(sharedSecret);
    const badCode = goodCode === '123456' ? '654321' : '123456';
    const wrong = await api.post('/api/auth/mfa/activate', {
      stateToken: enroll.body.stateToken,
      passCode: badCode,
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({
      code: 'INVALID_PASSCODE',
      message: "Your code doesn't match our records. Please try again.",
    });

    const success = await api.post('/api/auth/mfa/activate', {
      stateToken: enroll.body.stateToken,
      passCode: goodCode,
    });
    expect(success.body).toEqual({ status: 'SUCCESS', sessionToken: expect.any(String) });

    expect((await api.get('/api/users/authenticated')).body).toBeNull();
    const exchange = await api.post('/api/users/authenticated', { sessionToken: success.body.sessionToken });
    expect(exchange.status).toBe(200);
    expect(exchange.body).toMatchObject({
      id: userId,
      userId,
      email,
      role: 'SLF_ADMIN',
      termsOfUseDate: null,
    });
    const setCookies = exchange.headers.getSetCookie().join('\n');
    expect(setCookies).toMatch(/onboard_access=[^;]+;.*HttpOnly; SameSite=Lax/);
    expect(setCookies).toMatch(/onboard_refresh=[^;]+;.*Path=\/api\/auth;.*HttpOnly; SameSite=Strict/);
    expect(setCookies).toMatch(/onboard_csrf=[^;]+/);
    expect(setCookies).not.toMatch(/onboard_csrf=[^\n]*HttpOnly/);

    // Single use.
    const again = await api.post('/api/users/authenticated', { sessionToken: success.body.sessionToken });
    expect(again.status).toBe(401);

    const me = await api.get('/api/users/authenticated');
    expect(me.body).toMatchObject({
      userId,
      firstName: expect.any(String),
      clientIds: [],
      clients: expect.any(Array),
    });
    expect(await eventTypes(userId)).toEqual([
      'UserRegistered',
      'UserPasswordSet',
      'UserMfaEnrolled',
      'UserSignedIn',
    ]);

    // The secret is stored sealed, not as the base32 the user scanned.
    const { rows } = await app.pool.query(
      'select totp_secret, password_hash from auth_credentials where user_id = $1',
      [userId],
    );
    expect(rows[0].totp_secret).not.toContain(sharedSecret);
    expect(rows[0].password_hash).toMatch(/^\$argon2id\$/);

    // The next sign-in asks for a code: MFA_REQUIRED -> challenge -> verify.
    api.rememberSecret(email, sharedSecret);
    const next = client();
    await next.get('/api/auth/csrf');
    const required = await next.post('/api/auth/sign-in', { username: email, password: PASSWORD });
    expect(required.body).toMatchObject({ status: 'MFA_REQUIRED', factors: [{ id: 'totp' }] });
    const challenge = await next.post('/api/auth/mfa/challenge', {
      stateToken: required.body.stateToken,
      factorId: 'totp',
    });
    expect(challenge.body).toMatchObject({ status: 'MFA_CHALLENGE', factor: { id: 'totp' } });
    const refused = await next.post('/api/auth/mfa/verify', {
      stateToken: challenge.body.stateToken,
      passCode: badCode,
    });
    expect(refused.body.code).toBe('INVALID_PASSCODE');
    // The activation took this step's code: the next step's (accepted for drift) signs in.
    const verified = await next.post('/api/auth/mfa/verify', {
      stateToken: challenge.body.stateToken,
      passCode: await totpCode(sharedSecret, new Date(Date.now() + 30_000)),
    });
    expect(verified.body.status).toBe('SUCCESS');
  });

  it('accepts a code from one step either side, not two', async () => {
    // The shifts below are steps from now: start early in a step, so that it does not turn midway.
    const intoStep = now().getTime() % 30_000;
    if (intoStep > 15_000) await new Promise((r) => setTimeout(r, 30_000 - intoStep + 100));
    const { email } = await createUser();
    const api = client();
    await api.signIn(email, PASSWORD);
    const secretCheck = async (shiftSeconds: number) => {
      const c = client();
      await c.get('/api/auth/csrf');
      const s = await c.post('/api/auth/sign-in', { username: email, password: PASSWORD });
      const ch = await c.post('/api/auth/mfa/challenge', { stateToken: s.body.stateToken, factorId: 'totp' });
      const code = await api.totpFor(email, new Date(now().getTime() + shiftSeconds * 1000));
      return (await c.post('/api/auth/mfa/verify', { stateToken: ch.body.stateToken, passCode: code })).body;
    };
    expect((await secretCheck(-30)).status).toBe('SUCCESS');
    expect((await secretCheck(30)).status).toBe('SUCCESS');
    expect((await secretCheck(-95)).code).toBe('INVALID_PASSCODE');
  });

  it('skips the code on a remembered device', async () => {
    const { email } = await createUser();
    const api = client();
    await api.signIn(email, PASSWORD, { rememberDevice: true });
    expect(api.cookies.get('onboard_device')).toBeTruthy();
    const step = await signInWithPassword(api, email);
    expect(step.body).toEqual({ status: 'SUCCESS', sessionToken: expect.any(String) });
    // Another browser without the device cookie is still asked.
    const other = client();
    await other.get('/api/auth/csrf');
    expect((await other.post('/api/auth/sign-in', { username: email, password: PASSWORD })).body.status).toBe(
      'MFA_REQUIRED',
    );
  });

  /** A wrong code after the right password (the one kind of failure that counts towards the lock). */
  const wrongCodeFor = (api: ReturnType<typeof client>, email: string) => async () => {
    const s = await signInWithPassword(api, email);
    const ch = await api.post('/api/auth/mfa/challenge', {
      stateToken: s.body.stateToken,
      factorId: 'totp',
    });
    const good = await api.totpFor(email);
    return api.post('/api/auth/mfa/verify', {
      stateToken: ch.body.stateToken,
      passCode: good === '111111' ? '222222' : '111111',
    });
  };

  it('locks the account after five wrong codes, even for the right password, for 60 minutes', async () => {
    const { email } = await createUser();
    const api = client();
    await api.signIn(email, PASSWORD);
    const wrongCode = wrongCodeFor(api, email);
    for (let i = 0; i < 4; i++) {
      const res = await wrongCode();
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({
        code: 'INVALID_PASSCODE',
        message: "Your code doesn't match our records. Please try again.",
      });
    }
    const fifth = await wrongCode();
    expect(fifth.status).toBe(200);
    expect(fifth.body).toEqual({ status: 'LOCKED_OUT', message: LOCKED });
    expect((await lastEmailTo(email)).subject).toBe('Your Onboard account is locked');
    const right = await signInWithPassword(api, email);
    expect(right.body).toEqual({ status: 'LOCKED_OUT', message: LOCKED });
    // A wrong password on a locked account answers like any wrong password.
    const wrong = await api.post('/api/auth/sign-in', { username: email, password: 'Wrong-Password-1!' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe('INVALID_CREDENTIALS');

    offset = 59 * MINUTE;
    expect((await signInWithPassword(api, email)).body.status).toBe('LOCKED_OUT');
    offset = 61 * MINUTE;
    expect((await signInWithPassword(api, email)).body.status).toBe('MFA_REQUIRED');
  });

  it('never locks for wrong passwords, and a success starts the count of wrong codes again', async () => {
    const { email } = await createUser();
    const api = client();
    await api.signIn(email, PASSWORD);
    const wrongPassword = () =>
      api.post('/api/auth/sign-in', { username: email, password: 'Nope-Nope-Nope-1' });
    const wrongCode = wrongCodeFor(api, email);
    for (let i = 0; i < 6; i++) expect((await wrongPassword()).status).toBe(401);
    await wrongCode();
    await wrongCode();
    await api.signIn(email, PASSWORD); // success: the count starts again
    for (let i = 0; i < 4; i++) expect((await wrongCode()).status).toBe(401);
    expect((await wrongCode()).body).toEqual({ status: 'LOCKED_OUT', message: LOCKED });
  });

  it('refuses an unknown user like a wrong password', async () => {
    const api = client();
    await api.get('/api/auth/csrf');
    const res = await api.post('/api/auth/sign-in', { username: 'nobody@example.com', password: PASSWORD });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('INVALID_CREDENTIALS');
  });

  it('answers PASSWORD_EXPIRED once the password is older than the maximum age', async () => {
    const { email } = await createUser();
    const api = client();
    await api.get('/api/auth/csrf');
    offset = 91 * DAY;
    const res = await signInWithPassword(api, email);
    expect(res.body).toEqual({ status: 'PASSWORD_EXPIRED', message: 'Your password has expired.' });
    offset = 89 * DAY;
    expect((await signInWithPassword(api, email)).body.status).toBe('MFA_ENROLL');
  });

  it('rotates the refresh token, and a reused one revokes the whole session', async () => {
    const { email } = await createUser();
    const api = client();
    await api.signIn(email, PASSWORD);
    const firstRefresh = api.cookies.get('onboard_refresh')!;
    const firstAccess = api.cookies.get('onboard_access')!;

    // An expired access token answers 'Invalid token'; the refresh mends it.
    offset = 16 * MINUTE;
    const expired = await api.get('/api/users/authenticated');
    expect(expired.status).toBe(401);
    expect(expired.body).toMatchObject({ code: 'INVALID_TOKEN', message: 'Invalid token' });
    const rotated = await api.post('/api/auth/refresh');
    expect(rotated.status).toBe(204);
    expect(api.cookies.get('onboard_refresh')).not.toBe(firstRefresh);
    expect(api.cookies.get('onboard_access')).not.toBe(firstAccess);
    expect((await api.get('/api/users/authenticated')).body.email).toBe(email);

    // The first refresh token, used again: the family is revoked, the new tokens die with it.
    const thief = client();
    thief.cookies.set('onboard_csrf', 'x');
    thief.cookies.set('onboard_refresh', firstRefresh);
    const reuse = await thief.post('/api/auth/refresh');
    expect(reuse.status).toBe(401);
    expect((await api.get('/api/users/authenticated')).body).toMatchObject({ code: 'INVALID_TOKEN' });
    expect((await api.post('/api/auth/refresh')).status).toBe(401);
  });

  it('logs out: the session is revoked and the cookies cleared', async () => {
    const { email } = await createUser();
    const api = client();
    await api.signIn(email, PASSWORD);
    const access = api.cookies.get('onboard_access')!;
    // A client's call reads its session with the client's standing: the same answer as the session's own.
    const clientCall = () =>
      fetch(`${app.url}/api/clients/${randomUUID()}`, { headers: { cookie: `onboard_access=${access}` } });
    expect((await clientCall()).status).not.toBe(401);
    const out = await api.post('/api/users/authenticated/logout');
    expect(out.status).toBe(204);
    expect(api.cookies.has('onboard_access')).toBe(false);
    expect(api.cookies.has('onboard_refresh')).toBe(false);
    expect((await api.get('/api/users/authenticated')).body).toBeNull();
    const replay = await fetch(`${app.url}/api/users/authenticated`, {
      headers: { cookie: `onboard_access=${access}` },
    });
    expect(replay.status).toBe(401);
    expect((await clientCall()).status).toBe(401);
  });

  it('checks CSRF on every mutation, the unauthenticated sign-in included', async () => {
    const { email } = await createUser();
    const noCookie = await fetch(`${app.url}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: email, password: PASSWORD }),
    });
    expect(noCookie.status).toBe(403);
    expect(await noCookie.json()).toMatchObject({
      code: 'INVALID_CSRF_TOKEN',
      message: 'invalid csrf token',
    });
    const api = client();
    await api.get('/api/auth/csrf');
    expect(api.cookies.get('onboard_csrf')).toBeTruthy();
    const noHeader = await api.post(
      '/api/auth/sign-in',
      { username: email, password: PASSWORD },
      { 'x-csrf-token': '' },
    );
    expect(noHeader.status).toBe(403);
    const wrongHeader = await api.post(
      '/api/users/password-upsert',
      { token: 'x', password: 'y' },
      { 'x-csrf-token': 'other' },
    );
    expect(wrongHeader.status).toBe(403);
  });

  it('activates an account from a single-use e-mailed link', async () => {
    const { userId, email } = await createUser('BROKER', { password: null });
    await sendActivationEmail(app.identity.deps, userId);
    const mail = await lastEmailTo(email);
    expect(mail.subject).toContain('activate');
    expect(mail.body).toContain(`${app.url}/activate?token=`);
    const token = tokenIn(mail.body);
    expect(logLines.some((l) => l.startsWith(`[email] ${email} — `) && l.includes('/activate?token='))).toBe(
      true,
    );

    const api = client();
    await api.get('/api/auth/csrf');
    expect((await api.get(`/api/users/auth-token/${token}`)).body).toEqual({
      email,
      firstName: expect.any(String),
      purpose: 'ACTIVATE',
    });
    const weak = await api.post('/api/users/password-upsert', { token, password: 'short' });
    expect(weak.status).toBe(400);
    expect(weak.body.validationError).toEqual({
      'body.password':
        'Use at least 12 characters with three of: lowercase letters, uppercase letters, digits and symbols. Do not use your e-mail name.',
    });
    expect((await api.post('/api/users/password-upsert', { token, password: PASSWORD })).status).toBe(204);
    const reused = await api.post('/api/users/password-upsert', { token, password: 'Another-Pass-99!' });
    expect(reused.status).toBe(404);
    expect(reused.body).toMatchObject({
      code: 'EXPIRED_LINK',
      message: 'This link has expired or has already been used. Ask for a new one.',
    });
    expect((await api.get(`/api/users/auth-token/${token}`)).status).toBe(404);
    expect(await eventTypes(userId)).toEqual(['UserRegistered', 'UserWelcomeEmailSent', 'UserPasswordSet']);
    expect((await signInWithPassword(api, email)).body.status).toBe('MFA_ENROLL');

    // A second e-mail to a user who has a password is a reactivation; it expires after 7 days.
    await sendActivationEmail(app.identity.deps, userId);
    const second = tokenIn(
      (
        await eventually(async () => {
          const m = await lastEmailTo(email);
          expect(m.body).toContain('/reactivate?token=');
          return m;
        })
      ).body,
    );
    expect((await api.get(`/api/users/auth-token/${second}`)).body.purpose).toBe('REACTIVATE');
    offset = 7 * DAY + MINUTE;
    expect((await api.get(`/api/users/auth-token/${second}`)).status).toBe(404);
    expect((await api.post('/api/users/password-upsert', { token: second, password: PASSWORD })).status).toBe(
      404,
    );
  });

  it('sends a reset link only to a known address, always answering 204; it lasts an hour', async () => {
    const { email } = await createUser();
    const api = client();
    await api.get('/api/auth/csrf');
    const before = (await app.pool.query('select count(*)::int as n from rm_emails')).rows[0].n;
    expect((await api.post('/api/users/reset-password/nobody%40example.com')).status).toBe(204);
    expect((await api.post(`/api/users/reset-password/${encodeURIComponent(email)}`)).status).toBe(204);
    const mail = await lastEmailTo(email);
    expect(mail.body).toContain('/reset?token=');
    expect((await app.pool.query('select count(*)::int as n from rm_emails')).rows[0].n).toBe(before + 1);
    const token = tokenIn(mail.body);
    expect((await api.get(`/api/users/auth-token/${token}`)).body.purpose).toBe('RESET_PASSWORD');
    offset = 61 * MINUTE;
    expect((await api.get(`/api/users/auth-token/${token}`)).status).toBe(404);
    offset = 0;
    expect(
      (await api.post('/api/users/password-upsert', { token, password: 'Brand-New-Pass-7' })).status,
    ).toBe(204);
    expect(
      (await api.post('/api/auth/sign-in', { username: email, password: 'Brand-New-Pass-7' })).body.status,
    ).toBe('MFA_ENROLL');
  });

  it('records the terms of use and shows them on the authenticated user', async () => {
    const { userId, email } = await createUser('BEN_ADMIN');
    const api = client();
    const me = await api.signIn(email, PASSWORD);
    expect(me.termsOfUseDate).toBeNull();
    expect(me.clients).toEqual([
      { id: 'lakeside-manufacturing', name: expect.any(String), completedSetupAt: null },
    ]);
    expect((await api.post('/api/users/terms-of-use')).status).toBe(204);
    expect((await api.get('/api/users/authenticated')).body.termsOfUseDate).toEqual(expect.any(String));
    expect(await eventTypes(userId)).toContain('UserTermsOfUseAccepted');
    expect((await client().post('/api/users/terms-of-use')).status).toBe(403);
  });

  it('signs out a deleted user, and re-enrols after an MFA reset', async () => {
    const a = await createUser();
    const api = client();
    await api.signIn(a.email, PASSWORD);
    await resetMfa(app.identity.deps, a.userId);
    const step = await api.post('/api/auth/sign-in', { username: a.email, password: PASSWORD });
    expect(step.body.status).toBe('MFA_ENROLL');

    await executeUserCommand(app.identity.deps, SYSTEM_ACTOR, a.userId, { type: 'DeleteUser', data: {} });
    await eventually(async () => {
      expect((await api.get('/api/users/authenticated')).status).toBe(401);
    });
    expect((await api.post('/api/auth/sign-in', { username: a.email, password: PASSWORD })).status).toBe(401);
  });

  it('never writes the password, tokens or secrets to the log or a response body', async () => {
    const { email } = await createUser();
    const api = client();
    await api.signIn(email, PASSWORD, { rememberDevice: true });
    await api.post('/api/auth/sign-in', { username: email, password: 'Wrong-Password-1!' });
    await api.post('/api/auth/refresh');
    await api.get('/api/users/authenticated');
    const secrets = ['onboard_access', 'onboard_refresh', 'onboard_device'].map((name) =>
      api.cookies.get(name)!,
    );
    await api.post('/api/users/authenticated/logout');
    const { rows } = await app.pool.query('select password_hash, totp_secret from auth_credentials');
    const hashes = rows.flatMap((r) => [r.password_hash, r.totp_secret]).filter(Boolean);

    const log = logLines.join('\n');
    expect(log).toContain('signed in'); // the log is really captured
    for (const secret of [PASSWORD, 'Wrong-Password-1!', ...secrets, ...hashes]) {
      expect(secret.length).toBeGreaterThan(8);
      expect(log).not.toContain(secret);
      for (const response of responses) expect(response.text).not.toContain(secret);
    }
  });
});
