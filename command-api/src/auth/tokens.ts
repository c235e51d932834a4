import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify, compactVerify } from 'jose';
import { AppError } from '@onboard/domain';

/** The steps a state token can stand for; each endpoint accepts only the step that leads to it. */
export type StateStep = 'MFA_ENROLL' | 'MFA_ENROLL_ACTIVATE' | 'MFA_REQUIRED' | 'MFA_CHALLENGE';

export const STATE_TOKEN_MINUTES = 10;
export const ACCESS_TOKEN_MINUTES = 15;

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** One key, or every key of the ring (newest first): a token signed by any of them verifies. */
type VerifyKeys = Uint8Array | readonly Uint8Array[];
const keyList = (keys: VerifyKeys): readonly Uint8Array[] => (keys instanceof Uint8Array ? [keys] : keys);

/** The payload of the first key whose signature fits; throws when none does. */
async function verifyWithAny<T>(keys: VerifyKeys, verify: (key: Uint8Array) => Promise<T>): Promise<T> {
  let lastError: unknown = new Error('No key');
  for (const key of keyList(keys)) {
    try {
      return await verify(key);
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}

export class InvalidStateTokenError extends AppError {
  constructor() {
    super(401, 'INVALID_STATE_TOKEN', 'Your sign-in has expired. Please sign in again.');
  }
}

/** 401 'Invalid token': the web refreshes once and retries (platform §8). */
export class InvalidTokenError extends AppError {
  constructor() {
    super(401, 'INVALID_TOKEN', 'Invalid token');
  }
}

/**
 * A jose JWT that carries the user and the step through the MFA exchange; it holds no secret. The one that
 * leads to a session is single-use (auth/replay.ts).
 */
export async function signStateToken(key: Uint8Array, userId: string, step: StateStep, now: Date) {
  return (
    new SignJWT({ step })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setAudience('onboard-state')
      // Unique, so a token marked used never stands for another sign-in in the same second.
      .setJti(randomUUID())
      .setIssuedAt(seconds(now))
      .setExpirationTime(seconds(now) + STATE_TOKEN_MINUTES * 60)
      .sign(key)
  );
}

export async function verifyStateToken(keys: VerifyKeys, token: string, step: StateStep, now: Date) {
  try {
    const { payload } = await verifyWithAny(keys, (key) =>
      jwtVerify(token, key, { algorithms: ['HS256'], audience: 'onboard-state', currentDate: now }),
    );
    if (payload.step !== step || typeof payload.sub !== 'string') throw new InvalidStateTokenError();
    return payload.sub;
  } catch {
    throw new InvalidStateTokenError();
  }
}

export async function signAccessToken(key: Uint8Array, userId: string, sessionId: string, now: Date) {
  return new SignJWT({ sid: sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setAudience('onboard-access')
    .setIssuedAt(seconds(now))
    .setExpirationTime(seconds(now) + ACCESS_TOKEN_MINUTES * 60)
    .sign(key);
}

export type AccessClaims = { userId: string; sessionId: string };

/**
 * Access tokens whose signature and audience were checked, with the key that checked each and the expiry:
 * every API call presents one, and checking the signature again (a key import and an HMAC through
 * WebCrypto) cost more than the rest of the call's authentication. A token is taken from here only while
 * the key that verified it is still in the ring and it has not expired; the oldest go first.
 */
const verifiedAccessTokens = new Map<
  string,
  { claims: AccessClaims; key: Uint8Array; expiresAtMs: number }
>();
const VERIFIED_ACCESS_TOKENS = 10_000;

/** Verifies signature, audience and expiry; null when the token is not one of ours or has expired. */
export async function verifyAccessToken(
  keys: VerifyKeys,
  token: string,
  now: Date,
): Promise<AccessClaims | null> {
  const known = verifiedAccessTokens.get(token);
  if (known && keyList(keys).includes(known.key))
    return now.getTime() < known.expiresAtMs ? known.claims : null;
  try {
    const { payload, key } = await verifyWithAny(keys, async (key) => ({
      ...(await jwtVerify(token, key, {
        algorithms: ['HS256'],
        audience: 'onboard-access',
        currentDate: now,
      })),
      key,
    }));
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.exp !== 'number')
      return null;
    const claims = { userId: payload.sub, sessionId: payload.sid };
    verifiedAccessTokens.set(token, { claims, key, expiresAtMs: payload.exp * 1000 });
    if (verifiedAccessTokens.size > VERIFIED_ACCESS_TOKENS)
      verifiedAccessTokens.delete(verifiedAccessTokens.keys().next().value!);
    return claims;
  } catch {
    return null;
  }
}

/** Signature only, expiry ignored: logout must still find the session of an expired access token. */
export async function sessionOfAccessToken(keys: VerifyKeys, token: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await verifyWithAny(keys, (key) =>
      compactVerify(token, key, { algorithms: ['HS256'] }),
    );
    const claims = JSON.parse(new TextDecoder().decode(payload)) as {
      sub?: unknown;
      sid?: unknown;
      aud?: unknown;
    };
    return claims.aud === 'onboard-access' && typeof claims.sub === 'string' && typeof claims.sid === 'string'
      ? { userId: claims.sub, sessionId: claims.sid }
      : null;
  } catch {
    return null;
  }
}
