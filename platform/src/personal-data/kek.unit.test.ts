import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseKeyEncryptionKey } from '../config.ts';
import { keyFromFile } from './kek.ts';

const dir = mkdtempSync(join(tmpdir(), 'data-kek-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('where the key-encryption key comes from', () => {
  const secrets = ['a-generated-session-secret-of-enough-length-0123456789'];

  it('is AWS KMS when a key id is given, with its region and endpoint', () => {
    expect(
      parseKeyEncryptionKey(
        {
          ONBOARD_KMS_KEY_ID: 'alias/onboard',
          AWS_REGION: 'eu-west-1',
          ONBOARD_KMS_ENDPOINT: 'http://kms:4566',
        },
        true,
        secrets,
      ),
    ).toEqual({ kind: 'kms', keyId: 'alias/onboard', region: 'eu-west-1', endpoint: 'http://kms:4566' });
  });

  it('takes ONBOARD_DATA_KEK as 32 bytes of base64 and refuses anything else at start', () => {
    const key = Buffer.alloc(32, 7);
    expect(parseKeyEncryptionKey({ ONBOARD_DATA_KEK: key.toString('base64') }, false, secrets)).toEqual({
      kind: 'environment',
      key,
    });
    for (const bad of ['short', Buffer.alloc(16).toString('base64'), 'not base64 at all!!'])
      expect(() => parseKeyEncryptionKey({ ONBOARD_DATA_KEK: bad }, false, secrets)).toThrow(
        'ONBOARD_DATA_KEK: not 32 bytes in base64',
      );
  });

  it('derives one from SESSION_SECRET in the distributed topology, the same each start', () => {
    const once = parseKeyEncryptionKey({}, true, secrets);
    expect(once).toMatchObject({ kind: 'environment' });
    expect(parseKeyEncryptionKey({}, true, secrets)).toEqual(once);
  });

  it('keeps the embedded default’s key in a file beside the data, made once and readable by its owner only', () => {
    const setting = parseKeyEncryptionKey({ ONBOARD_DATA_DIR: join(dir, 'pg') }, false, secrets);
    expect(setting).toEqual({ kind: 'file', file: join(dir, 'data-kek.key') });
    const file = join(dir, 'data-kek.key');
    const first = keyFromFile(file);
    expect(first).toHaveLength(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(keyFromFile(file).equals(first)).toBe(true);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.toString('base64'));
  });
});
