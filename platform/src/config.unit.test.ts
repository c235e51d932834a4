import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

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
    expect([embedded.pgPoolMax, embedded.drainMs]).toEqual([20, 8000]);
    const set = loadConfig({ PG_POOL_MAX: '16', SHUTDOWN_DRAIN_SECONDS: '3' }, 'postgres://embedded/onboard');
    expect([set.pgPoolMax, set.drainMs]).toEqual([16, 3000]);
    expect(() => loadConfig({ PG_POOL_MAX: '0' }, 'postgres://embedded/onboard')).toThrow(/PG_POOL_MAX/);
  });
});
