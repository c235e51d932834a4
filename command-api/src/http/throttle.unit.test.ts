import { describe, expect, it } from 'vitest';
import {
  DEFAULT_THROTTLE_LIMITS,
  TooManyAttemptsError,
  accountKey,
  parseLimit,
  throttleEnvName,
  tooManyAttemptsMessage,
} from './throttle.ts';

describe('the throttle’s settings and words', () => {
  it('names each limit’s environment variable after its scope', () => {
    expect(throttleEnvName('signInAddress')).toBe('ONBOARD_THROTTLE_SIGN_IN_ADDRESS');
    expect(throttleEnvName('passwordResetAccount')).toBe('ONBOARD_THROTTLE_PASSWORD_RESET_ACCOUNT');
    expect(throttleEnvName('explorerWriteAddress')).toBe('ONBOARD_THROTTLE_EXPLORER_WRITE_ADDRESS');
  });

  it('reads attempts per window in seconds, minutes or hours, and refuses anything else', () => {
    expect(parseLimit('X', '50/15m')).toEqual({ points: 50, seconds: 900 });
    expect(parseLimit('X', ' 5 / 1h ')).toEqual({ points: 5, seconds: 3600 });
    expect(parseLimit('X', '3/30s')).toEqual({ points: 3, seconds: 30 });
    for (const bad of ['50', '0/15m', '50/0m', '50/15', 'ten/15m', '50/15d'])
      expect(() => parseLimit('ONBOARD_THROTTLE_SIGN_IN_ADDRESS', bad)).toThrow(
        /ONBOARD_THROTTLE_SIGN_IN_ADDRESS: expected attempts per window such as 50\/15m/,
      );
  });

  it('holds a guesser by default', () => {
    // 70 wrong sign-ins in a row, and 60 support conversations, meet a limit.
    expect(DEFAULT_THROTTLE_LIMITS.signInAccount.points).toBeLessThan(70);
    expect(DEFAULT_THROTTLE_LIMITS.signInAddress.points).toBeLessThan(70);
    expect(DEFAULT_THROTTLE_LIMITS.explorerWriteAddress.points).toBeLessThan(60);
  });

  it('says in whole minutes how long to wait', () => {
    expect(tooManyAttemptsMessage(900)).toBe('Too many attempts. Try again in 15 minutes.');
    expect(tooManyAttemptsMessage(61)).toBe('Too many attempts. Try again in 2 minutes.');
    expect(tooManyAttemptsMessage(60)).toBe('Too many attempts. Try again in 1 minute.');
    expect(tooManyAttemptsMessage(1)).toBe('Too many attempts. Try again in 1 minute.');
    const error = new TooManyAttemptsError(300);
    expect(error).toMatchObject({
      status: 429,
      code: 'TOO_MANY_ATTEMPTS',
      details: { retryAfterSeconds: 300 },
    });
  });

  it('keys an account by a hash of its lower-cased name, never the address itself', () => {
    expect(accountKey(' Owner@Onboard.example ')).toBe(accountKey('owner@onboard.example'));
    expect(accountKey('owner@onboard.example')).not.toContain('onboard');
    expect(accountKey('a@example.com')).not.toBe(accountKey('b@example.com'));
  });
});
