import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_THROTTLE_LIMITS } from '@onboard/command-api/throttle';
import { seededDatabase } from '@onboard/testing/db';
import { startApp, type RunningApp } from './app.ts';
import { embeddedTestConfig } from './config.ts';
import { DEMO_EXPLORER_PAGE_ID } from './seed.ts';
import { apiClient, eventually, type ApiResponse } from './testing/http-client.ts';
import { registeredUser } from './testing/users.ts';

const PASSWORD = 'Correct-Horse-42!';
const WRONG = 'Wrong-Password-1!';
const LOCKED = 'Your account is locked for security reasons. Please, try again in about 60 minutes';

/**
 * The throttle with its real limits (the defaults), over HTTP, on two app instances sharing one
 * database. The server trusts its loopback proxy, so each test speaks from its own X-Forwarded-For
 * address, the way a client behind the edge does.
 */
describe('throttling: sign-in, MFA, reset, activation and the anonymous Explorer writes', () => {
  let app: RunningApp;
  let replica: RunningApp;
  const logLines: string[] = [];

  beforeAll(async () => {
    const databaseUrl = await seededDatabase('throttle');
    app = await startApp(embeddedTestConfig(databaseUrl, { webDist: null, logLevel: 'info' }), {
      logDestination: { write: (line: string) => void logLines.push(line) },
      printEmail: () => undefined,
    });
    // A second replica of the write side on the same database.
    replica = await startApp(
      embeddedTestConfig(databaseUrl, { webDist: null, services: ['command-api'], seedDemoData: false }),
      { printEmail: () => undefined },
    );
  }, 60_000);
  afterAll(async () => {
    await replica?.stop();
    await app?.stop();
  });

  let counter = 0;
  const createUser = async () => {
    counter += 1;
    const userId = `throttle-user-${counter}`;
    const email = `throttled${counter}@example.com`;
    return registeredUser(app, { userId, firstName: `First${counter}`, lastName: 'Tester', email }, PASSWORD);
  };

  let addresses = 0;
  /** A client speaking from its own address (through the trusted loopback proxy). */
  const clientAt = async (url: string, address = `203.0.113.${++addresses}`) => {
    const api = apiClient(url);
    const headers = { 'x-forwarded-for': address };
    await api.request('GET', '/api/auth/csrf', undefined, headers);
    return {
      api,
      address,
      post: (path: string, body?: unknown) => api.post(path, body, headers),
    };
  };
  const signInAttempt = (client: Awaited<ReturnType<typeof clientAt>>, username: string, password: string) =>
    client.post('/api/auth/sign-in', { username, password });

  const expectTooMany = (res: ApiResponse, maxSeconds: number) => {
    expect(res.status).toBe(429);
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
    const minutes = Math.ceil(retryAfter / 60);
    expect(res.body).toMatchObject({
      status: 429,
      code: 'TOO_MANY_ATTEMPTS',
      message: `Too many attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
    });
  };

  it('answers 429 with Retry-After once an account has had its wrong passwords, before any password check', async () => {
    const { email } = await createUser();
    const limit = DEFAULT_THROTTLE_LIMITS.signInAccount;
    // From many addresses: the account's own count stops them.
    for (let i = 0; i < limit.points; i++) {
      const res = await signInAttempt(await clientAt(app.url), email, WRONG);
      expect(res.status).toBe(401);
    }
    const refusalsBefore = logLines.filter((l) => l.includes('"event":"sign-in-failed"')).length;
    const throttled = await signInAttempt(await clientAt(app.url), email, PASSWORD);
    expectTooMany(throttled, limit.seconds);
    expect(throttled.body.message).toBe('Too many attempts. Try again in 15 minutes.');
    // Nothing was looked up or verified for the throttled try: it logged no refusal of its own.
    expect(logLines.filter((l) => l.includes('"event":"sign-in-failed"')).length).toBe(refusalsBefore);
  });

  it('lets the owner in from a remembered device while a stranger holds the account at its limit', async () => {
    const { email } = await createUser();
    const owner = await clientAt(app.url);
    await owner.api.signIn(email, PASSWORD, { rememberDevice: true });
    expect(owner.api.cookies.get('onboard_device')).toBeTruthy();
    for (let i = 0; i < DEFAULT_THROTTLE_LIMITS.signInAccount.points; i++)
      expect((await signInAttempt(await clientAt(app.url), email, WRONG)).status).toBe(401);
    // Without the device: held up like the stranger.
    expect((await signInAttempt(await clientAt(app.url), email, PASSWORD)).status).toBe(429);
    // With it (on either replica): only the owner's address counts, and the device skips the code.
    expect((await signInAttempt(owner, email, PASSWORD)).body.status).toBe('SUCCESS');
    const sameBrowserOnReplica = await clientAt(replica.url, owner.address);
    for (const [k, v] of owner.api.cookies) sameBrowserOnReplica.api.cookies.set(k, v);
    expect((await signInAttempt(sameBrowserOnReplica, email, PASSWORD)).body.status).toBe('SUCCESS');
    // The owner's device cookie does not lift another account's count.
    const other = await createUser();
    const mixed = await clientAt(app.url);
    mixed.api.cookies.set('onboard_device', owner.api.cookies.get('onboard_device')!);
    for (let i = 0; i < DEFAULT_THROTTLE_LIMITS.signInAccountAddress.points; i++)
      expect((await signInAttempt(mixed, other.email, WRONG)).status).toBe(401);
    expect((await signInAttempt(mixed, other.email, WRONG)).status).toBe(429);
  });

  it('holds one address’s wrong passwords for an account there, not the owner signing in elsewhere', async () => {
    const { email } = await createUser();
    const guesser = await clientAt(app.url);
    const limit = DEFAULT_THROTTLE_LIMITS.signInAccountAddress;
    for (let i = 0; i < limit.points; i++)
      expect((await signInAttempt(guesser, email, WRONG)).status).toBe(401);
    expectTooMany(await signInAttempt(guesser, email, PASSWORD), limit.seconds);
    // The owner, from their own address (either replica), goes on to the second factor.
    expect((await signInAttempt(await clientAt(app.url), email, PASSWORD)).body.status).toBe('MFA_ENROLL');
    expect((await signInAttempt(await clientAt(replica.url), email, PASSWORD)).body.status).toBe(
      'MFA_ENROLL',
    );
  });

  it('lets the owner past the account’s slow-down with an e-mailed single-use sign-in link, which still asks the code', async () => {
    const { email } = await createUser();
    const owner = await clientAt(app.url);
    await owner.api.signIn(email, PASSWORD); // enrols the authenticator
    const limit = DEFAULT_THROTTLE_LIMITS.signInAccount;
    // Guessers from many addresses run up the account's count.
    for (let i = 0; i < limit.points; i++)
      expect((await signInAttempt(await clientAt(app.url), email, WRONG)).status).toBe(401);
    const held = await signInAttempt(owner, email, PASSWORD);
    expectTooMany(held, limit.seconds);
    expect(held.body).toMatchObject({ signInLink: true });

    expect((await owner.post('/api/auth/sign-in-link', { username: email })).status).toBe(204);
    // An unknown address is answered alike, and sends nothing.
    expect((await owner.post('/api/auth/sign-in-link', { username: 'nobody@example.com' })).status).toBe(204);
    const mail = await eventually(async () => {
      const { rows } = await app.pool.query<{ subject: string; body: string }>(
        'select subject, body from rm_emails where "to" = $1 order by created_at desc limit 1',
        [email],
      );
      expect(rows[0]?.subject).toBe('Your Onboard sign-in link');
      return rows[0]!;
    });
    const token = decodeURIComponent(/\/login\?signInLink=([^\s]+)/.exec(mail.body)![1]!);

    // The link leads to the second factor, never past it (on either replica), and works once.
    const onReplica = await clientAt(replica.url, owner.address);
    const step = await onReplica.post('/api/auth/sign-in-link/redeem', { token });
    expect(step.status).toBe(200);
    expect(step.body.status).toBe('MFA_REQUIRED');
    const again = await owner.post('/api/auth/sign-in-link/redeem', { token });
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ code: 'EXPIRED_LINK' });
    const challenge = await onReplica.post('/api/auth/mfa/challenge', {
      stateToken: step.body.stateToken,
      factorId: 'totp',
    });
    const wrongCode = await onReplica.post('/api/auth/mfa/verify', {
      stateToken: challenge.body.stateToken,
      passCode: (await owner.api.totpFor(email)) === '111111' ? '222222' : '111111',
    });
    expect(wrongCode.status).toBe(401);
    const verified = await onReplica.post('/api/auth/mfa/verify', {
      stateToken: challenge.body.stateToken,
      passCode: await owner.api.totpFor(email, new Date(Date.now() + 30_000)),
    });
    expect(verified.body.status).toBe('SUCCESS');
    expect(
      (await onReplica.post('/api/users/authenticated', { sessionToken: verified.body.sessionToken })).status,
    ).toBe(200);
    // A password link is never a sign-in link, nor the other way round.
    expect((await owner.post('/api/users/password-upsert', { token, password: PASSWORD })).status).toBe(404);
  }, 60_000);

  it('counts per address across accounts, and a second replica shares the count', async () => {
    const limit = DEFAULT_THROTTLE_LIMITS.signInAddress;
    const address = '198.51.100.7';
    const onApp = await clientAt(app.url, address);
    const onReplica = await clientAt(replica.url, address);
    for (let i = 0; i < limit.points; i++) {
      // Alternating replicas, each guess for another unknown account.
      const res = await signInAttempt(i % 2 ? onReplica : onApp, `nobody${i}@example.com`, WRONG);
      expect(res.status).toBe(401);
    }
    expectTooMany(await signInAttempt(onApp, 'nobody-else@example.com', WRONG), limit.seconds);
    expectTooMany(await signInAttempt(onReplica, 'nobody-else@example.com', WRONG), limit.seconds);
    // Another address is not concerned.
    expect((await signInAttempt(await clientAt(replica.url), 'nobody-else@example.com', WRONG)).status).toBe(
      401,
    );
  }, 120_000);

  it('gives an account’s count back when its password is right: people who sign in often are never throttled', async () => {
    const { email } = await createUser();
    const client = await clientAt(app.url);
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < DEFAULT_THROTTLE_LIMITS.signInAccountAddress.points - 1; i++)
        expect((await signInAttempt(client, email, WRONG)).status).toBe(401);
      // Nine wrong passwords neither lock nor throttle: the right one goes on to the second factor.
      expect((await signInAttempt(client, email, PASSWORD)).body.status).toBe('MFA_ENROLL');
    }
  });

  it('answers an unknown, a wrong-password and a locked account alike, in about the same time', async () => {
    const wrong = await createUser();
    const locked = await createUser();
    // Lock the second account the one way there is: wrong codes after the right password.
    const owner = await clientAt(app.url);
    await owner.api.signIn(locked.email, PASSWORD);
    let lockAnswer: ApiResponse | undefined;
    for (let i = 0; i < 5; i++) {
      const step = await signInAttempt(owner, locked.email, PASSWORD);
      const challenge = await owner.post('/api/auth/mfa/challenge', {
        stateToken: step.body.stateToken,
        factorId: 'totp',
      });
      const good = await owner.api.totpFor(locked.email);
      lockAnswer = await owner.post('/api/auth/mfa/verify', {
        stateToken: challenge.body.stateToken,
        passCode: good === '111111' ? '222222' : '111111',
      });
    }
    expect(lockAnswer!.body).toEqual({ status: 'LOCKED_OUT', message: LOCKED });
    // The owner learns it by e-mail, with a link to choose a new password.
    const mail = await eventually(async () => {
      const { rows } = await app.pool.query<{ subject: string; body: string }>(
        'select subject, body from rm_emails where "to" = $1 order by created_at desc limit 1',
        [locked.email],
      );
      expect(rows[0]?.subject).toBe('Your Onboard account is locked');
      return rows[0]!;
    });
    expect(mail.body).toMatch(/locked for 60 minutes/);
    expect(mail.body).toMatch(/\/reset\?token=/);

    const guesser = await clientAt(app.url);
    const answers: Record<'unknown' | 'wrong' | 'locked', { text: string; status: number; ms: number }[]> = {
      unknown: [],
      wrong: [],
      locked: [],
    };
    const targets = { unknown: 'nobody-at-all@example.com', wrong: wrong.email, locked: locked.email };
    for (let round = 0; round < 4; round++) {
      for (const kind of ['unknown', 'wrong', 'locked'] as const) {
        const started = performance.now();
        const res = await signInAttempt(guesser, targets[kind], WRONG);
        answers[kind].push({ text: res.text, status: res.status, ms: performance.now() - started });
        expect(res.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
      }
    }
    const reference = answers.unknown[0]!;
    expect(reference.status).toBe(401);
    expect(JSON.parse(reference.text)).toMatchObject({
      code: 'INVALID_CREDENTIALS',
      message: 'The username or password you entered is incorrect.',
    });
    for (const kind of ['unknown', 'wrong', 'locked'] as const)
      for (const answer of answers[kind]) {
        expect(answer.status).toBe(reference.status);
        expect(answer.text).toBe(reference.text);
      }
    // Every path runs one argon2 verify: the medians stay within a factor of two of each other.
    const median = (kind: keyof typeof answers) => answers[kind].map((a) => a.ms).sort((a, b) => a - b)[2]!;
    const medians = [median('unknown'), median('wrong'), median('locked')];
    expect(Math.max(...medians) / Math.min(...medians)).toBeLessThan(2);

    // Only the right password learns of the lock (platform §4 LOCKED_OUT).
    expect((await signInAttempt(guesser, locked.email, PASSWORD)).body).toEqual({
      status: 'LOCKED_OUT',
      message: LOCKED,
    });
  }, 60_000);

  it('throttles password-reset requests and activation tries per address and per account', async () => {
    const { email } = await createUser();
    const reset = await clientAt(app.url);
    const perAccount = DEFAULT_THROTTLE_LIMITS.passwordResetAccount;
    for (let i = 0; i < perAccount.points; i++)
      expect((await reset.post(`/api/users/reset-password/${encodeURIComponent(email)}`)).status).toBe(204);
    expectTooMany(
      await (await clientAt(replica.url)).post(`/api/users/reset-password/${encodeURIComponent(email)}`),
      perAccount.seconds,
    );

    const activation = await clientAt(app.url);
    const perAddress = DEFAULT_THROTTLE_LIMITS.activationAddress;
    for (let i = 0; i < perAddress.points; i++) {
      const res = await activation.post('/api/users/password-upsert', {
        token: `guessed-token-${i}`,
        password: PASSWORD,
      });
      expect(res.status).toBe(404);
    }
    expectTooMany(
      await activation.post('/api/users/password-upsert', { token: 'one-more', password: PASSWORD }),
      perAddress.seconds,
    );
  });

  it('throttles anonymous Explorer writes per address: chats, messages, leads and e-mails together', async () => {
    const visitor = await clientAt(app.url);
    const limit = DEFAULT_THROTTLE_LIMITS.explorerWriteAddress;
    const conversations = `/api/explorer-pages/${DEMO_EXPLORER_PAGE_ID}/support/conversations`;
    const first = await visitor.post(conversations, { language: 'en' });
    expect(first.status).toBe(201);
    const messages = `${conversations}/${first.body.conversationId}/messages`;
    for (let i = 1; i < limit.points; i++) {
      const res = await (i % 2
        ? visitor.post(messages, { text: `Hello ${i}` })
        : visitor.post(conversations, {}));
      expect(res.status).toBe(201);
    }
    expectTooMany(await visitor.post(conversations, { language: 'en' }), limit.seconds);
    expectTooMany(await visitor.post(messages, { text: 'Still there?' }), limit.seconds);
    expectTooMany(
      await visitor.post('/api/explorer-pages/lead-generation/send', {
        explorerPageId: DEMO_EXPLORER_PAGE_ID,
        email: 'lead@example.com',
      }),
      limit.seconds,
    );
    expectTooMany(
      await visitor.post(`/api/explorer-pages/${DEMO_EXPLORER_PAGE_ID}/email-benefits`, {
        email: 'me@example.com',
      }),
      limit.seconds,
    );
    // The same address on the second replica is over the limit too.
    const sameAddress = await clientAt(replica.url, visitor.address);
    expectTooMany(await sameAddress.post(conversations, {}), limit.seconds);
    // Another visitor still chats.
    expect((await (await clientAt(replica.url)).post(conversations, {})).status).toBe(201);
  });

  it('refuses an anonymous lead whose fields are longer than any real one, before it is kept', async () => {
    const visitor = await clientAt(app.url);
    const lead = {
      explorerPageId: DEMO_EXPLORER_PAGE_ID,
      email: 'lead@example.com',
      firstName: 'Lee',
      lastName: 'Dunn',
      city: 'Austin',
      state: 'TX',
      phone: '5125550100',
      externalUser: 'employer',
      employerName: 'Acme',
    };
    const huge = await visitor.post('/api/explorer-pages/lead-generation/send', {
      ...lead,
      explorerPageId: 'x'.repeat(500_000),
    });
    expect(huge.status).toBe(400);
    const tooMany = await visitor.post(`/api/explorer-pages/${DEMO_EXPLORER_PAGE_ID}/email-benefits`, {
      email: 'me@example.com',
      benefits: Array.from({ length: 5_000 }, (_, i) => `plan-${i}`),
    });
    expect(tooMany.status).toBe(400);
    expect((await visitor.post('/api/explorer-pages/lead-generation/send', lead)).status).toBe(201);
  });
});
