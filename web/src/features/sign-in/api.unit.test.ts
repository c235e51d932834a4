import { describe, expect, it } from 'vitest';
import {
  INCONSISTENT_FACTOR_MESSAGE,
  MANY_FACTORS_MESSAGE,
  MISSING_SESSION_TOKEN_MESSAGE,
  nextAction,
  NO_FACTOR_MESSAGE,
  offersSignInLink,
} from './api.ts';

const totp = { id: 'totp', factorType: 'token:software:totp' };
const activation = {
  otpauthUri: 'otpauth://totp/x',
  sharedSecret: 'ABC',
  qrCodeDataUri: 'data:image/png;base64,x',
};

describe('sign-in steps (spec platform §4)', () => {
  it('exchanges the session token on SUCCESS, and refuses when it is missing', () => {
    expect(nextAction({ status: 'SUCCESS', sessionToken: 's1' })).toEqual({
      type: 'exchange',
      sessionToken: 's1',
    });
    expect(nextAction({ status: 'SUCCESS' })).toEqual({
      type: 'refuse',
      message: MISSING_SESSION_TOKEN_MESSAGE,
    });
  });

  it('enrols automatically only when the single factor is an authenticator app', () => {
    expect(nextAction({ status: 'MFA_ENROLL', stateToken: 'st', factors: [totp] })).toEqual({
      type: 'enroll',
      stateToken: 'st',
      factorId: 'totp',
    });
    expect(nextAction({ status: 'MFA_ENROLL', stateToken: 'st', factors: [] })).toEqual({
      type: 'refuse',
      message: NO_FACTOR_MESSAGE,
    });
    expect(
      nextAction({
        status: 'MFA_ENROLL',
        stateToken: 'st',
        factors: [totp, { id: 'sms', factorType: 'sms' }],
      }),
    ).toEqual({
      type: 'refuse',
      message: MANY_FACTORS_MESSAGE,
    });
    expect(
      nextAction({ status: 'MFA_ENROLL', stateToken: 'st', factors: [{ id: 'sms', factorType: 'sms' }] }),
    ).toEqual({
      type: 'refuse',
      message: INCONSISTENT_FACTOR_MESSAGE,
    });
  });

  it('asks for the code to activate the enrolled factor, and for a challenge code', () => {
    expect(nextAction({ status: 'MFA_ENROLL_ACTIVATE', stateToken: 'st', activation })).toEqual({
      type: 'activate',
      stateToken: 'st',
      activation,
    });
    expect(nextAction({ status: 'MFA_REQUIRED', stateToken: 'st', factors: [totp] })).toEqual({
      type: 'challenge',
      stateToken: 'st',
      factorId: 'totp',
    });
    expect(nextAction({ status: 'MFA_CHALLENGE', stateToken: 'st2' })).toEqual({
      type: 'verify',
      stateToken: 'st2',
    });
  });

  it("shows the server's own lock-out and expiry messages", () => {
    const locked = 'Your account is locked for security reasons. Please, try again in about 60 minutes';
    expect(nextAction({ status: 'LOCKED_OUT', message: locked })).toEqual({
      type: 'refuse',
      message: locked,
    });
    expect(nextAction({ status: 'PASSWORD_EXPIRED', message: 'Your password has expired.' })).toEqual({
      type: 'refuse',
      message: 'Your password has expired.',
    });
  });

  it('treats any other status as an error', () => {
    expect(nextAction({ status: 'RECOVERY' })).toEqual({
      type: 'refuse',
      message: 'Unknown process status: RECOVERY',
    });
  });
});

describe('the e-mailed sign-in link', () => {
  it('is offered only by a 429 that says so', () => {
    expect(offersSignInLink({ status: 429, code: 'TOO_MANY_ATTEMPTS', signInLink: true })).toBe(true);
    expect(offersSignInLink({ status: 429, code: 'TOO_MANY_ATTEMPTS' })).toBe(false);
    expect(offersSignInLink(null)).toBe(false);
  });
});
