import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * The key-encryption key: it wraps and unwraps the data keys, and never leaves its keeper. The embedded
 * default keeps it in the environment (or a file beside the data it protects, made on first start); the
 * distributed topology in a cloud KMS (kms.ts). Both pass one contract suite (kek.contract.int.test.ts).
 */
export type KeyEncryptionKey = {
  /** Names the key a data key was wrapped with (kept beside each wrapped data key). */
  id: string;
  wrap: (dataKey: Buffer) => Promise<Buffer>;
  unwrap: (wrapped: Buffer) => Promise<Buffer>;
};

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A 32-byte key held by this process: AES-256-GCM wraps each data key. */
export function environmentKek(key: Buffer): KeyEncryptionKey {
  if (key.length !== 32) throw new Error('The key-encryption key must be 32 bytes');
  const id = `env:${createHash('sha256').update(key).digest('base64url').slice(0, 12)}`;
  return {
    id,
    async wrap(dataKey) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(id));
      return Buffer.concat([iv, cipher.update(dataKey), cipher.final(), cipher.getAuthTag()]);
    },
    async unwrap(wrapped) {
      const decipher = createDecipheriv('aes-256-gcm', key, wrapped.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(id));
      decipher.setAuthTag(wrapped.subarray(wrapped.length - TAG_BYTES));
      return Buffer.concat([
        decipher.update(wrapped.subarray(IV_BYTES, wrapped.length - TAG_BYTES)),
        decipher.final(),
      ]);
    },
  };
}

/** The embedded default's key in a file of its own (made on first start, readable by this user only). */
export function keyFromFile(file: string): Buffer {
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  }
  chmodSync(file, 0o600);
  const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length !== 32) throw new Error(`${file}: not a 32-byte key in base64`);
  return key;
}
