import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Every key comes from SESSION_SECRET through HKDF with its own label, so a token of one kind can never be
 * replayed as another (a state token is not an access token) and rotating the secret rotates them all.
 */
export type AuthKeys = { access: Uint8Array; state: Uint8Array; totp: Buffer };

/**
 * SESSION_SECRET may hold several secrets, newest first, so keys can rotate: the newest signs and
 * encrypts, every one still verifies and decrypts (tokens and TOTP secrets made before the rotation).
 */
export type KeyRing = {
  current: AuthKeys;
  access: readonly Uint8Array[];
  state: readonly Uint8Array[];
  totp: readonly Buffer[];
};

export function keyRingFor(secrets: string | readonly string[]): KeyRing {
  const list = (typeof secrets === 'string' ? [secrets] : secrets).map(keysFor);
  const current = list[0];
  if (!current) throw new Error('At least one session secret is needed');
  return {
    current,
    access: list.map((k) => k.access),
    state: list.map((k) => k.state),
    totp: list.map((k) => k.totp),
  };
}

const cache = new Map<string, AuthKeys>();

export function keysFor(secret: string): AuthKeys {
  const cached = cache.get(secret);
  if (cached) return cached;
  const derive = (label: string) =>
    Buffer.from(hkdfSync('sha256', secret, 'onboard-identity', `onboard ${label}`, 32));
  const keys = { access: derive('access token'), state: derive('state token'), totp: derive('totp secret') };
  cache.set(secret, keys);
  return keys;
}

/** An opaque bearer value (refresh, device, exchange and link tokens): 32 random bytes. */
export const randomToken = () => randomBytes(32).toString('base64url');

/** Tokens are stored only as their SHA-256: a database leak does not hand out live sessions or links. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** AES-256-GCM with the user id as associated data, so a ciphertext moved to another user fails. */
export function encryptSecret(key: Buffer, plaintext: string, userId: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(userId));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

function decryptSecret(key: Buffer, sealed: string, userId: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || !body) throw new Error('Unreadable sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(userId));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/**
 * Opens a sealed secret with the first key that fits (the newest first); `index` 0 means it was sealed
 * with the current key, more means an older one and the caller may seal it again with the current key.
 */
export function decryptSecretWithAny(
  keys: readonly Buffer[],
  sealed: string,
  userId: string,
): { plaintext: string; index: number } {
  let lastError: unknown = new Error('No key');
  for (const [index, key] of keys.entries()) {
    try {
      return { plaintext: decryptSecret(key, sealed, userId), index };
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}
