import { describe, expect, it } from 'vitest';
import { resolve } from 'node:path';
import { selfSignedCarrierCertificate } from '@onboard/query-api/evidence-pack';
import { DEFAULT_THROTTLE_LIMITS } from '@onboard/command-api/throttle';
import { embeddedTestConfig, loadConfig } from './config.ts';

const DISTRIBUTED = { DATABASE_URL: 'postgres://onboard@db/onboard', KAFKA_BROKERS: 'kafka:9092' };
const STRONG = 'Qm7rT2vXk9LpZs4WnB8cYd1HfJ6gEa3u';
const OLDER = 'u3aE6gJf1dYc8BnW4sZpL9kXv2Tr7mQ!';

describe('SESSION_SECRET in the distributed topology', () => {
  it('is required', () => {
    expect(() => loadConfig(DISTRIBUTED)).toThrow(/SESSION_SECRET is required/);
    expect(() => loadConfig({ ...DISTRIBUTED, SESSION_SECRET: ' , ' })).toThrow(/SESSION_SECRET is required/);
  });

  it('refuses a secret shorter than 32 characters', () => {
    expect(() => loadConfig({ ...DISTRIBUTED, SESSION_SECRET: STRONG.slice(0, 31) })).toThrow(/too short/);
  });

  it('refuses a placeholder, however long', () => {
    for (const placeholder of [
      'change-me-to-a-long-random-secret',
      'CHANGE_ME_please_to_something_random_1234',
      'replace-me-with-the-output-of-openssl-rand',
      'onboard-embedded-default-session-secret',
      'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
      '0123456789012345678901234567890123456789',
    ])
      expect(() => loadConfig({ ...DISTRIBUTED, SESSION_SECRET: placeholder }), placeholder).toThrow(
        /placeholder/,
      );
  });

  it('accepts a random secret, and a list for rotation (newest first), checking every one', () => {
    expect(loadConfig({ ...DISTRIBUTED, SESSION_SECRET: STRONG }).sessionSecrets).toEqual([STRONG]);
    expect(loadConfig({ ...DISTRIBUTED, SESSION_SECRET: `${STRONG}, ${OLDER}` }).sessionSecrets).toEqual([
      STRONG,
      OLDER,
    ]);
    expect(() => loadConfig({ ...DISTRIBUTED, SESSION_SECRET: `${STRONG},short-old-one` })).toThrow(
      /secret 2 of 2\) is too short/,
    );
  });

  it('the embedded default keeps working without one', () => {
    expect(loadConfig({}, 'postgres://embedded/onboard').sessionSecrets).toHaveLength(1);
  });
});

describe('pool and drain settings', () => {
  it('reads PG_POOL_MAX and SHUTDOWN_DRAIN_SECONDS, with defaults, refusing nonsense', () => {
    const embedded = loadConfig({}, 'postgres://embedded/onboard');
    expect([embedded.pgPoolMax, embedded.drainMs]).toEqual([32, 8000]);
    const set = loadConfig({ PG_POOL_MAX: '16', SHUTDOWN_DRAIN_SECONDS: '3' }, 'postgres://embedded/onboard');
    expect([set.pgPoolMax, set.drainMs]).toEqual([16, 3000]);
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
  const distributed = { DATABASE_URL: 'postgres://db/onboard', SESSION_SECRET: STRONG };

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
      loadConfig({ KAFKA_BROKERS: 'kafka:9092', SESSION_SECRET: STRONG, ONBOARD_DEMO_TOTP: '1' }, 'x'),
    ).toThrow(/embedded default/);
  });

  it('the embedded test configuration starts demo users un-enrolled unless asked', () => {
    expect(embeddedTestConfig('postgres://embedded/t').demoTotp).toBe(false);
    expect(embeddedTestConfig('postgres://embedded/t', { demoTotp: true }).demoTotp).toBe(true);
  });
});

describe('the evidence pack’s carrier certificate', () => {
  const p12 = selfSignedCarrierCertificate({
    commonName: 'Carrier Test',
    password: 'pw',
    now: new Date(),
  }).p12;
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
