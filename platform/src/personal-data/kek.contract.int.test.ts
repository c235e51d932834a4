import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreateKeyCommand } from '@aws-sdk/client-kms';
import { skipUnless } from '@onboard/testing/backends';
import { migratedDatabase } from '@onboard/testing/db';
import { motoAvailability, startMoto } from '../testing/moto.ts';
import { postgresDataKeys } from './data-keys.ts';
import { environmentKek, type KeyEncryptionKey } from './kek.ts';
import { kmsKek } from './kms.ts';

// One contract for every key-encryption key: the environment key (embedded default) and AWS KMS
// (distributed topology), played by moto's server (PyPI `moto[server]`, installed into .tmp/s3-venv by
// scripts/s3/install.sh), which serves KMS's API beside S3's.
type Subject = { kek: KeyEncryptionKey; stop: () => Promise<void> };

async function environmentSubject(): Promise<Subject> {
  return {
    kek: environmentKek(randomBytes(32)),
    stop: async () => {},
  };
}

async function kmsSubject(): Promise<Subject> {
  const moto = await startMoto();
  const { endpoint } = moto;
  const settings = {
    region: 'us-east-1',
    endpoint,
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
  };
  const probe = kmsKek({ ...settings, keyId: 'none' });
  const created = await probe.client.send(new CreateKeyCommand({ Description: 'onboard data keys' }));
  probe.client.destroy();
  const kek = kmsKek({ ...settings, keyId: created.KeyMetadata!.KeyId! });
  return {
    kek,
    stop: async () => {
      kek.client.destroy();
      moto.stop();
    },
  };
}

function contract(name: string, make: () => Promise<Subject>, skip = false) {
  describe.skipIf(skip)(`the key-encryption key contract: ${name}`, () => {
    let subject: Subject;
    let pool: pg.Pool;
    beforeAll(async () => {
      subject = await make();
      pool = new pg.Pool({ connectionString: await migratedDatabase('kek'), max: 4 });
    }, 120_000);
    afterAll(async () => {
      await pool?.end();
      await subject?.stop();
    });

    it('wraps a data key into bytes that are not the key, and unwraps them to the key', async () => {
      const dataKey = randomBytes(32);
      const wrapped = await subject.kek.wrap(dataKey);
      expect(wrapped.includes(dataKey)).toBe(false);
      expect((await subject.kek.unwrap(wrapped)).equals(dataKey)).toBe(true);
    });

    it('refuses a wrapped key altered, and bytes that were never one', async () => {
      const wrapped = await subject.kek.wrap(randomBytes(32));
      const altered = Buffer.from(wrapped);
      altered[altered.length - 1]! ^= 0x01;
      await expect(subject.kek.unwrap(altered)).rejects.toThrow();
      await expect(subject.kek.unwrap(randomBytes(wrapped.length))).rejects.toThrow();
    });

    it('keeps data keys wrapped per client and employee, and destroys them for good', async () => {
      const keys = postgresDataKeys(pool, subject.kek);
      const clientId = `client-${randomBytes(4).toString('hex')}`;
      const scopes = [
        { clientId, employee: null },
        { clientId, employee: 'E1' },
        { clientId, employee: 'E2' },
      ];
      const made = [...(await keys.forSealing(scopes)).values()];
      expect(new Set(made.map((k) => k.keyId)).size).toBe(3);
      const again = [...(await postgresDataKeys(pool, subject.kek).forSealing(scopes)).values()];
      expect(again.map((k) => k.keyId)).toEqual(made.map((k) => k.keyId));
      const { rows } = await pool.query<{ wrapped: Buffer; employee_ref: string | null }>(
        'select wrapped, employee_ref from personal_data_keys where client_id = $1',
        [clientId],
      );
      for (const row of rows) for (const key of made) expect(row.wrapped.includes(key.key)).toBe(false);
      expect(rows.map((r) => r.employee_ref)).not.toContain('E1');

      const reference = await keys.employeeReference(clientId, 'E1');
      expect(await keys.destroy(clientId, reference)).toBe(1);
      const fresh = postgresDataKeys(pool, subject.kek);
      const opened = await fresh.forOpening(made.map((k) => k.keyId));
      expect(opened.get(made[1]!.keyId)).toBeNull();
      expect(opened.get(made[2]!.keyId)?.equals(made[2]!.key)).toBe(true);
      expect(await keys.destroy(clientId, null)).toBe(2);
      const none = await postgresDataKeys(pool, subject.kek).forOpening(made.map((k) => k.keyId));
      expect([...none.values()]).toEqual([null, null, null]);
      const after = await keys.forSealing([{ clientId, employee: null }]);
      expect(made.map((k) => k.keyId)).not.toContain(after.values().next().value!.keyId);
    });
  });
}

contract('environment key (embedded default)', environmentSubject);
contract(
  'AWS KMS (moto server)',
  kmsSubject,
  skipUnless('moto for the KMS key-encryption key', motoAvailability()),
);
