import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * One value sealed with AES-256-GCM (node:crypto): `sealed:v1:<key id>:<base64url of iv, ciphertext, tag>`.
 * A string, so an event's schema reads the same sealed or open; the key id names the data key, so a value
 * opens without knowing whose it is.
 */
const PREFIX = 'sealed:v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export const isSealed = (value: unknown): value is string =>
  typeof value === 'string' && value.startsWith(PREFIX);

/** The data key's id of a sealed value. */
export function sealedKeyId(value: string): string {
  const end = value.indexOf(':', PREFIX.length);
  if (end < 0) throw new Error('Not a sealed value');
  return value.slice(PREFIX.length, end);
}

export function sealValue(plain: string, keyId: string, key: Buffer): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([iv, cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${PREFIX}${keyId}:${body.toString('base64url')}`;
}

/** Opens a sealed value; throws when the key is not the one it was sealed with or the value was altered. */
export function openValue(sealed: string, key: Buffer): string {
  const body = Buffer.from(sealed.slice(sealed.indexOf(':', PREFIX.length) + 1), 'base64url');
  if (body.length < IV_BYTES + TAG_BYTES) throw new Error('A sealed value too short to be one');
  const decipher = createDecipheriv('aes-256-gcm', key, body.subarray(0, IV_BYTES));
  decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
  return (
    decipher.update(body.subarray(IV_BYTES, body.length - TAG_BYTES), undefined, 'utf8') +
    decipher.final('utf8')
  );
}

/** Bytes sealed the same way (stored files): a header naming the key, then iv, ciphertext and tag. */
const FILE_MAGIC = Buffer.from('ONBOARD-SEALED-1\n');

export const isSealedBytes = (bytes: Uint8Array) =>
  bytes.byteLength >= FILE_MAGIC.length &&
  Buffer.from(bytes.subarray(0, FILE_MAGIC.length)).equals(FILE_MAGIC);

export function sealBytes(plain: Uint8Array, keyId: string, key: Buffer): Uint8Array {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const id = Buffer.from(`${keyId}\n`);
  return Buffer.concat([FILE_MAGIC, id, iv, cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
}

export function sealedBytesKeyId(bytes: Uint8Array): string {
  const rest = Buffer.from(bytes.subarray(FILE_MAGIC.length));
  return rest.subarray(0, rest.indexOf(0x0a)).toString();
}

export function openBytes(bytes: Uint8Array, key: Buffer): Uint8Array {
  const rest = Buffer.from(bytes.subarray(FILE_MAGIC.length));
  const body = rest.subarray(rest.indexOf(0x0a) + 1);
  const decipher = createDecipheriv('aes-256-gcm', key, body.subarray(0, IV_BYTES));
  decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
  return Buffer.concat([decipher.update(body.subarray(IV_BYTES, body.length - TAG_BYTES)), decipher.final()]);
}
