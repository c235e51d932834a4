import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreateKeyCommand } from '@aws-sdk/client-kms';
import { skipUnless, type Availability } from '@onboard/testing/backends';
import { migratedDatabase } from '@onboard/testing/db';
import { postgresDataKeys } from './data-keys.ts';
import { environmentKek, type KeyEncryptionKey } from './kek.ts';
import { kmsKek } from './kms.ts';

// One contract for every key-encryption key: the environment key (embedded default) and AWS KMS
// (distributed topology), played by moto's server (PyPI `moto[server]`, installed into .tmp/s3-venv by
// scripts/s3/install.sh), which serves KMS's API beside S3's.
const ROOT = resolve(import.meta.dirname, '../../..');
const MOTO = resolve(ROOT, '.tmp/s3-venv/bin/moto_server');

function motoAvailability(): Availability {
  if (existsSync(MOTO)) return { available: true };
  try {
    execFileSync('bash', ['scripts/s3/install.sh'], { cwd: ROOT, stdio: 'ignore', timeout: 240_000 });
  } catch (error) {
    return {
      available: false,
      reason: `moto could not be installed (scripts/s3/install.sh): ${String(error)}`,
    };
  }
  return existsSync(MOTO) ? { available: true } : { available: false, reason: `no ${MOTO} after install` };
}

const freePort = () =>
  new Promise<number>((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });

type Subject = { kek: KeyEncryptionKey; stop: () => Promise<void> };

async function environmentSubject(): Promise<Subject> {
  return {
    kek: environmentKek(randomBytes(32)),
    stop: async () => {},
  };
}

async function kmsSubject(): Promise<Subject> {
  const port = await freePort();
  const child: ChildProcess = spawn(MOTO, ['-H', '127.0.0.1', '-p', String(port)], { stdio: 'ignore' });
  const endpoint = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    const up = await fetch(`${endpoint}/moto-api/`).then(
      () => true,
      () => false,
    );
    if (up) break;
    if (i > 150) throw new Error('moto did not start within 30 s');
    await new Promise((r) => setTimeout(r, 200));
  }
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
      child.kill('SIGTERM');
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
