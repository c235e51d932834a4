import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * One value sealed with AES-256-GCM (node:crypto): `sealed:v1:<key id>:<base64url of iv, ciphertext, tag>`.
 * A string, so an event's schema reads the same sealed or open; the key id names the data key, so a value
 * opens without knowing whose it is.
 */
const PREFIX = 'sealed:v1:';
/**
 * The same, for a value that stays sealed when its event is read (free text people type: a conversation's
 * or a support chat's messages): projections keep it sealed in their read models, and it is opened where
 * it is served (`openSealedValues`).
 */
const KEPT_PREFIX = 'sealed:v1k:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Whether a value is sealed, in either form. */
export const isSealed = (value: unknown): value is string =>
  typeof value === 'string' && (value.startsWith(PREFIX) || value.startsWith(KEPT_PREFIX));

/** Whether a sealed value stays sealed when its event is read. */
export const isKeptSealed = (value: string) => value.startsWith(KEPT_PREFIX);

const prefixOf = (value: string) => (isKeptSealed(value) ? KEPT_PREFIX : PREFIX);

/** The data key's id of a sealed value. */
export function sealedKeyId(value: string): string {
  const prefix = prefixOf(value);
  const end = value.indexOf(':', prefix.length);
  if (end < 0) throw new Error('Not a sealed value');
  return value.slice(prefix.length, end);
}

export function sealValue(
  plain: string,
  keyId: string,
  key: Buffer,
  options: { kept?: boolean } = {},
): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([iv, cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${options.kept ? KEPT_PREFIX : PREFIX}${keyId}:${body.toString('base64url')}`;
}

/** Opens a sealed value; throws when the key is not the one it was sealed with or the value was altered. */
export function openValue(sealed: string, key: Buffer): string {
  const body = Buffer.from(sealed.slice(sealed.indexOf(':', prefixOf(sealed).length) + 1), 'base64url');
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
