import { describe, expect, it } from 'vitest';
import { DEFAULT_THROTTLE_LIMITS } from '@onboard/command-api/throttle';
import { loadConfig } from './config.ts';

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
