import { describe, expect, it } from 'vitest';
import { resolve } from 'node:path';
import { testCarrierCertificate } from './testing/evidence-pack.ts';
import { DEFAULT_THROTTLE_LIMITS } from '@onboard/command-api/throttle';
import { randomBytes, randomUUID } from 'node:crypto';
import { embeddedTestConfig, estimatedSecretBits, loadConfig } from './config.ts';

const DISTRIBUTED = {
  DATABASE_URL: 'postgres://onboard@db/onboard',
  KAFKA_BROKERS: 'kafka:9092',
  PUBLIC_URL: 'https://onboard.carrier.example',
};
// openssl rand -base64 48, and openssl rand -hex 32.
const STRONG = 'daBa6OXFs1tG+eLK6vgbS5PU5nARa+e6K001mNhuWev65+E+QrHogLoiPRgtohaH';
const OLDER = '0de21c303af7b977098a47d87441b26aa28aec298aa62670344b52871c673c4e';

describe('SESSION_SECRET in the distributed topology', () => {
  it('is required', () => {
    expect(() => loadConfig(DISTRIBUTED)).toThrow(/SESSION_SECRET is required/);
    expect(() => loadConfig({ ...DISTRIBUTED, SESSION_SECRET: ' , ' })).toThrow(/SESSION_SECRET is required/);
  });

  it('refuses a secret of fewer than 32 random bytes (256 bits by the estimate)', () => {
    expect(() => loadConfig({ ...DISTRIBUTED, SESSION_SECRET: STRONG.slice(0, 42) })).toThrow(
      /not a generated secret: about 252 random bits, at least 256/,
    );
    expect(() => loadConfig({ ...DISTRIBUTED, SESSION_SECRET: OLDER.slice(0, 63) })).toThrow(
      /not a generated secret/,
    );
  });

  it('refuses a phrase, a placeholder or a pattern, however long, and says how to make a secret', () => {
    for (const phrase of [
      'my-super-secret-key-for-production-2026',
      'the quick brown fox jumps over the lazy dog and then some more words here',
      'change-me-to-a-long-random-secret',
      'CHANGE_ME_please_to_something_random_1234',
      'replace-me-with-the-output-of-openssl-rand',
      'onboard-embedded-default-session-secret',
      'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
      '0123456789012345678901234567890123456789012345678901234567890123456789',
      'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789',
      'compiled-server-test-secret-compiled-server-test',
    ])
      expect(() => loadConfig({ ...DISTRIBUTED, SESSION_SECRET: phrase }), phrase).toThrow(
        /not a generated secret: .*openssl rand -base64 48/,
      );
  });

  it('accepts what the usual generators make, every time', () => {
    for (let i = 0; i < 200; i++)
      for (const secret of [
        randomBytes(48).toString('base64'),
        randomBytes(32).toString('base64url'),
        randomBytes(32).toString('hex'),
        `${randomUUID()}${randomUUID()}`,
      ])
        expect(estimatedSecretBits(secret), secret).toBeGreaterThanOrEqual(256);
  });

  it('accepts a random secret, and a list for rotation (newest first), checking every one', () => {
    expect(loadConfig({ ...DISTRIBUTED, SESSION_SECRET: STRONG }).sessionSecrets).toEqual([STRONG]);
    expect(loadConfig({ ...DISTRIBUTED, SESSION_SECRET: `${STRONG}, ${OLDER}` }).sessionSecrets).toEqual([
      STRONG,
      OLDER,
    ]);
    expect(() => loadConfig({ ...DISTRIBUTED, SESSION_SECRET: `${STRONG},short-old-one` })).toThrow(
      /secret 2 of 2\) is not a generated secret/,
    );
  });

  it('the embedded default keeps working without one', () => {
    expect(loadConfig({}, 'postgres://embedded/onboard').sessionSecrets).toHaveLength(1);
  });
});

describe('the distributed topology’s accounts and links', () => {
  const env = { ...DISTRIBUTED, SESSION_SECRET: STRONG };

  it('never seeds the demo users (published password): SEED_DEMO_DATA brings the demo clients only', () => {
    expect(loadConfig({ ...env, SEED_DEMO_DATA: 'true' })).toMatchObject({
      seedDemoData: true,
      seedDemoUsers: false,
    });
    expect(loadConfig(env)).toMatchObject({ seedDemoData: false, seedDemoUsers: false });
    // The embedded default keeps its demo users.
    expect(loadConfig({}, DB)).toMatchObject({
      seedDemoData: true,
      seedDemoUsers: true,
      firstOwnerEmail: null,
    });
  });

  it('takes the first owner from ONBOARD_FIRST_OWNER_EMAIL', () => {
    expect(loadConfig({ ...env, ONBOARD_FIRST_OWNER_EMAIL: ' it@carrier.example ' }).firstOwnerEmail).toBe(
      'it@carrier.example',
    );
    expect(() => loadConfig({ ...env, ONBOARD_FIRST_OWNER_EMAIL: 'owner' })).toThrow(
      /ONBOARD_FIRST_OWNER_EMAIL: not an e-mail address/,
    );
  });

  it('refuses to start without PUBLIC_URL, the base of e-mailed links; the embedded default uses its own', () => {
    expect(() => loadConfig({ ...env, PUBLIC_URL: '' })).toThrow(/PUBLIC_URL is required in the distributed/);
    expect(() => loadConfig({ ...env, PUBLIC_URL: 'onboard.example' })).toThrow(/PUBLIC_URL: not a URL/);
    expect(() => loadConfig({ ...env, PUBLIC_URL: 'ftp://onboard.example' })).toThrow(/PUBLIC_URL: an http/);
    expect(loadConfig({ ...env, PUBLIC_URL: 'http://127.0.0.1:8080/' }).publicUrl).toBe(
      'http://127.0.0.1:8080',
    );
    expect(loadConfig({}, DB).publicUrl).toBeNull();
  });
});

describe('pool and drain settings', () => {
  it('reads PG_POOL_MAX and SHUTDOWN_DRAIN_SECONDS, with defaults, refusing nonsense', () => {
    const embedded = loadConfig({}, 'postgres://embedded/onboard');
    expect([embedded.pgPoolMax, embedded.drainMs, embedded.pgQueryTimeoutMs]).toEqual([32, 8000, 10_000]);
    expect(embedded.projectionBatchSize).toBe(500);
    const set = loadConfig(
      {
        PG_POOL_MAX: '16',
        SHUTDOWN_DRAIN_SECONDS: '3',
        PG_QUERY_TIMEOUT_MS: '2500',
        PROJECTION_BATCH_SIZE: '5',
      },
      'postgres://embedded/onboard',
    );
    expect([set.pgPoolMax, set.drainMs, set.pgQueryTimeoutMs]).toEqual([16, 3000, 2500]);
    expect(set.projectionBatchSize).toBe(5);
    expect(() => loadConfig({ PROJECTION_BATCH_SIZE: 'many' }, 'postgres://embedded/onboard')).toThrow(
      /PROJECTION_BATCH_SIZE/,
    );
    expect(() => loadConfig({ PG_POOL_MAX: '0' }, 'postgres://embedded/onboard')).toThrow(/PG_POOL_MAX/);
  });
});

const DB = 'postgres://localhost/onboard';

describe('the throttle’s configuration', () => {
  it('trusts the loopback proxy by default, and what TRUST_PROXY names otherwise', () => {
    expect(loadConfig({}, DB).trustProxy).toBe('loopback');
    expect(loadConfig({ TRUST_PROXY: 'uniquelocal' }, DB).trustProxy).toBe('uniquelocal');
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }, DB).trustProxy).toBe('10.0.0.0/8, 127.0.0.1');
    expect(loadConfig({ TRUST_PROXY: '2' }, DB).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'false' }, DB).trustProxy).toBe(false);
  });

  it('takes the limits from ONBOARD_THROTTLE_*, the defaults for the rest, and refuses a malformed one', () => {
    const config = loadConfig({ ONBOARD_THROTTLE_EXPLORER_WRITE_ADDRESS: '100/1h' }, DB);
    expect(config.throttle.explorerWriteAddress).toEqual({ points: 100, seconds: 3600 });
    expect(config.throttle.mfaAccount).toEqual(DEFAULT_THROTTLE_LIMITS.mfaAccount);
    expect(() => loadConfig({ ONBOARD_THROTTLE_MFA_ACCOUNT: 'lots' }, DB)).toThrow(
      /ONBOARD_THROTTLE_MFA_ACCOUNT/,
    );
  });
});

describe('demo authenticator secrets (ONBOARD_DEMO_TOTP)', () => {
  const distributed = {
    DATABASE_URL: 'postgres://db/onboard',
    SESSION_SECRET: STRONG,
    PUBLIC_URL: 'https://onboard.carrier.example',
  };

  it('are on in the embedded default unless switched off', () => {
    expect(loadConfig({}, 'postgres://embedded/onboard').demoTotp).toBe(true);
    expect(loadConfig({ ONBOARD_DEMO_TOTP: '0' }, 'postgres://embedded/onboard').demoTotp).toBe(false);
  });

  it('cannot be enabled in the distributed topology', () => {
    expect(loadConfig(distributed).demoTotp).toBe(false);
    expect(loadConfig({ ...distributed, ONBOARD_DEMO_TOTP: '0' }).demoTotp).toBe(false);
    for (const value of ['1', 'true', 'yes'])
      expect(() => loadConfig({ ...distributed, ONBOARD_DEMO_TOTP: value })).toThrow(/embedded default/);
    expect(() =>
      loadConfig(
        { ...DISTRIBUTED, DATABASE_URL: undefined, SESSION_SECRET: STRONG, ONBOARD_DEMO_TOTP: '1' },
        'x',
      ),
    ).toThrow(/embedded default/);
  });

  it('the embedded test configuration starts demo users un-enrolled unless asked', () => {
    expect(embeddedTestConfig('postgres://embedded/t').demoTotp).toBe(false);
    expect(embeddedTestConfig('postgres://embedded/t', { demoTotp: true }).demoTotp).toBe(true);
  });
});

describe('the evidence pack’s carrier certificate', () => {
  const p12 = testCarrierCertificate('Carrier Test', 'pw').p12;
  const base64 = Buffer.from(p12).toString('base64');

  it('comes from ONBOARD_EVIDENCE_CERT_P12 (base64, line breaks allowed) and its password', () => {
    const wrapped = base64.replace(/(.{64})/g, '$1\n');
    const config = loadConfig({
      ...DISTRIBUTED,
      SESSION_SECRET: STRONG,
      ONBOARD_EVIDENCE_CERT_P12: wrapped,
      ONBOARD_EVIDENCE_CERT_PASSWORD: 'pw',
    });
    expect(config.evidenceCertificate).toEqual({ kind: 'p12', p12: Buffer.from(p12), password: 'pw' });
  });

  it('refuses one that is not base64, or that the password does not open', () => {
    const env = { ...DISTRIBUTED, SESSION_SECRET: STRONG };
    expect(() => loadConfig({ ...env, ONBOARD_EVIDENCE_CERT_P12: 'not base64!' })).toThrow(/not base64/);
    expect(() =>
      loadConfig({ ...env, ONBOARD_EVIDENCE_CERT_P12: base64, ONBOARD_EVIDENCE_CERT_PASSWORD: 'wrong' }),
    ).toThrow('ONBOARD_EVIDENCE_CERT_P12: not a PKCS#12 file that ONBOARD_EVIDENCE_CERT_PASSWORD opens');
  });

  it('is self-signed and kept beside the data folder in the embedded default, absent in the distributed topology', () => {
    expect(loadConfig({}, 'postgres://x/y').evidenceCertificate).toEqual({
      kind: 'self-signed',
      file: resolve('.data/evidence-certificate.p12'),
    });
    expect(loadConfig({ ONBOARD_DATA_DIR: '/srv/onboard/pg' }, 'postgres://x/y').evidenceCertificate).toEqual(
      { kind: 'self-signed', file: '/srv/onboard/evidence-certificate.p12' },
    );
    expect(loadConfig({ ...DISTRIBUTED, SESSION_SECRET: STRONG }).evidenceCertificate).toEqual({
      kind: 'none',
    });
    expect(embeddedTestConfig('postgres://x/y').evidenceCertificate).toEqual({
      kind: 'self-signed',
      file: null,
    });
  });
});
