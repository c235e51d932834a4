import { generate } from 'otplib';
import { checkAnswer } from '@onboard/api-contract';
import { DEFAULT_DEMO_PASSWORD } from '../config.ts';
import { allContracts } from '../http/contracts.ts';

/**
 * Every answer an integration test receives is checked against its route's contract, so the published
 * document cannot drift from what the server answers; an answer from a route without one fails the test.
 */
function assertKeepsContract(method: string, url: URL, response: Response, body: unknown) {
  if (!url.pathname.startsWith('/api/')) return;
  const problem = checkAnswer(allContracts, {
    method,
    pathname: url.pathname,
    status: response.status,
    contentType: response.headers.get('content-type'),
    body,
  });
  if (problem) throw new Error(`The answer breaks its contract: ${problem}`);
}

// The authenticator 'app' of the tests: the secret each user enrolled, per server, shared by every client
// of that server (a user enrolled by one test signs in again in the next one with the same secret).
const enrolled = new Map<string, string>();
const keyOf = (baseUrl: string, email: string) => `${baseUrl}|${email.trim().toLowerCase()}`;

/** A current TOTP code for a secret; `at` follows an app whose clock the test moved. */
export const totpCode = (secret: string, at: Date = new Date()) =>
  generate({ secret, epoch: Math.floor(at.getTime() / 1000) });

// The steps each user (by e-mail) already signed in with: the server takes a code once per step and user
// (RFC 6238 §5.2), so a test signing the same user in again uses a step either side, or waits for the next
// one. Kept by e-mail, not by server or secret: a restarted server on the same database, or a factor
// enrolled again, remembers the steps too.
const usedSteps = new Map<string, Set<number>>();

/**
 * Forgets the secrets and steps of the servers before: each test file runs on databases of its own, whose
 * users have used no code yet (testing/file-setup.ts, before each file of a worker that shares its
 * modules). Without it, a worker's next file waited for the next 30-second step to sign the demo users in.
 */
export function forgetAuthenticators(): void {
  enrolled.clear();
  usedSteps.clear();
}

/** A code the server has not seen yet for this user, for the step of `at` or one beside it. */
export async function unusedTotpCode(email: string, secret: string, at?: Date): Promise<string> {
  const key = email.trim().toLowerCase();
  const used = usedSteps.get(key) ?? new Set<number>();
  usedSteps.set(key, used);
  const shift = at ? at.getTime() - Date.now() : 0;
  for (;;) {
    const step = Math.floor((Date.now() + shift) / 30_000);
    const free = [step, step + 1, step - 1].find((s) => !used.has(s));
    if (free !== undefined) {
      used.add(free);
      return generate({ secret, epoch: free * 30 });
    }
    await new Promise((r) => setTimeout(r, 30_000 - ((Date.now() + shift) % 30_000) + 50));
  }
}

/** A cookie-keeping HTTP client for API tests: signs in over HTTP and sends the CSRF header. */
export type ApiResponse = { status: number; headers: Headers; text: string; body: unknown };

export function apiClient(baseUrl: string, hooks: { onResponse?: (response: ApiResponse) => void } = {}) {
  const cookies = new Map<string, string>();
  const cookieHeader = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');

  /** One exchange with the session's cookies and CSRF header, `body` sent as it is. */
  const exchange = async (
    method: string,
    path: string,
    body: BodyInit | undefined,
    headers: Record<string, string>,
  ) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        ...(cookies.size ? { cookie: cookieHeader() } : {}),
        ...(cookies.has('onboard_csrf') ? { 'x-csrf-token': cookies.get('onboard_csrf')! } : {}),
        ...headers,
      },
      body,
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const [name, ...value] = pair!.split('=');
      const isCleared = attributes.some((a) => /^\s*expires=thu, 01 jan 1970/i.test(a));
      if (isCleared || value.join('=') === '') cookies.delete(name!.trim());
      else cookies.set(name!.trim(), value.join('='));
    }
    const text = await response.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = text;
    }
    assertKeepsContract(method, new URL(`${baseUrl}${path}`), response, json);
    hooks.onResponse?.({ status: response.status, headers: response.headers, text, body: json });
    // Tests read whatever fields they assert on; the shape is checked by those assertions.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status: response.status, headers: response.headers, text, body: json as any };
  };

  const request = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    body === undefined
      ? exchange(method, path, undefined, headers)
      : exchange(method, path, JSON.stringify(body), { 'content-type': 'application/json', ...headers });

  const post = (path: string, body?: unknown, headers?: Record<string, string>) =>
    request('POST', path, body, headers);

  /**
   * The whole sign-in over HTTP: CSRF cookie, password, then TOTP enrolment (first time) or challenge,
   * then the token exchange. Returns the authenticated user; throws with the step's answer otherwise.
   */
  const signIn = async (
    email: string,
    password = DEFAULT_DEMO_PASSWORD,
    options: { rememberDevice?: boolean; at?: Date } = {},
  ) => {
    await request('GET', '/api/auth/csrf');
    const first = await post('/api/auth/sign-in', { username: email, password });
    let step = first;
    if (step.body?.status === 'MFA_ENROLL') {
      const enroll = await post('/api/auth/mfa/enroll', {
        stateToken: step.body.stateToken,
        factorId: 'totp',
      });
      if (enroll.body?.status !== 'MFA_ENROLL_ACTIVATE') throw new Error(`enroll: ${enroll.text}`);
      const secret = String(enroll.body.activation.sharedSecret);
      step = await post('/api/auth/mfa/activate', {
        stateToken: enroll.body.stateToken,
        passCode: await unusedTotpCode(email, secret, options.at),
        rememberDevice: options.rememberDevice ?? false,
      });
      if (step.body?.status === 'SUCCESS') enrolled.set(keyOf(baseUrl, email), secret);
    } else if (step.body?.status === 'MFA_REQUIRED') {
      const challenge = await post('/api/auth/mfa/challenge', {
        stateToken: step.body.stateToken,
        factorId: 'totp',
      });
      if (challenge.body?.status !== 'MFA_CHALLENGE') throw new Error(`challenge: ${challenge.text}`);
      step = await post('/api/auth/mfa/verify', {
        stateToken: challenge.body.stateToken,
        passCode: await unusedTotpCode(email, secretOf(email), options.at),
        rememberDevice: options.rememberDevice ?? false,
      });
    }
    if (step.body?.status !== 'SUCCESS') throw new Error(`sign-in of ${email}: ${step.status} ${step.text}`);
    const exchange = await post('/api/users/authenticated', { sessionToken: step.body.sessionToken });
    if (exchange.status !== 200) throw new Error(`exchange: ${exchange.status} ${exchange.text}`);
    return exchange.body;
  };

  const secretOf = (email: string) => {
    const secret = enrolled.get(keyOf(baseUrl, email));
    if (!secret) throw new Error(`${email} has not enrolled an authenticator through this test client`);
    return secret;
  };
  /** The code of `at`'s step as the app shows it (whether or not the server took it already). */
  const totpFor = async (email: string, at?: Date) => totpCode(secretOf(email), at);

  return {
    request,
    cookies,
    signIn,
    totpFor,
    /** Remembers a secret enrolled outside signIn (a test that walks the steps itself). */
    rememberSecret: (email: string, secret: string) => enrolled.set(keyOf(baseUrl, email), secret),
    get: (path: string) => request('GET', path),
    post,
    /**
     * A POST of files as the web uploads them: a file as the body with its type and its name URI-encoded
     * in X-File-Name, or a multipart form (no type given: the form's own).
     */
    upload: (path: string, body: BodyInit, contentType?: string, fileName?: string) =>
      exchange('POST', path, body, {
        ...(contentType === undefined ? {} : { 'content-type': contentType }),
        ...(fileName === undefined ? {} : { 'x-file-name': encodeURIComponent(fileName) }),
      }),
    put: (path: string, body: unknown, headers?: Record<string, string>) =>
      request('PUT', path, body, headers),
    patch: (path: string, body: unknown, headers?: Record<string, string>) =>
      request('PATCH', path, body, headers),
    delete: (path: string, headers?: Record<string, string>) => request('DELETE', path, undefined, headers),
  };
}

export async function eventually<T>(check: () => Promise<T>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      return await check();
    } catch (error) {
      lastError = error;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  throw lastError;
}
