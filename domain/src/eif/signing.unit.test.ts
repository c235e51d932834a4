import { describe, expect, it } from 'vitest';
import {
  SIGNING_MESSAGES,
  decideInvite,
  decideSigner,
  defaultInviteStep,
  inviteHasNothingToDo,
  signerSettingOf,
} from './signing.ts';

const benAdmin = (userId: string) => ({ userId, role: 'BEN_ADMIN' });
const broker = { userId: 'broker-1', role: 'BROKER' };
const nobody = signerSettingOf({});

describe('who signs the EIF', () => {
  it('given no signer named, when a benefits administrator of the client signs, then they sign as authorized signer', () => {
    expect(decideSigner(nobody, benAdmin('ba-1'))).toEqual({ ok: true, signerKind: 'AUTHORIZED_SIGNER' });
  });

  it('given no signer named, when a broker signs, then it is refused', () => {
    expect(decideSigner(nobody, broker)).toEqual({ ok: false, message: SIGNING_MESSAGES.brokerNotSigner });
  });

  it('given a named signer, when that user signs, then they sign; when another administrator signs, then it is refused', () => {
    const setting = signerSettingOf({ authorizedSignerUserId: 'ba-1' });
    expect(decideSigner(setting, benAdmin('ba-1'))).toEqual({ ok: true, signerKind: 'AUTHORIZED_SIGNER' });
    expect(decideSigner(setting, benAdmin('ba-2'))).toEqual({
      ok: false,
      message: SIGNING_MESSAGES.notSigner,
    });
    expect(decideSigner(setting, broker).ok).toBe(false);
  });

  it('given the broker as authorized signer, when the broker signs, then they sign as the broker; administrators do not', () => {
    const setting = signerSettingOf({ brokerAsAuthorizedSigner: true });
    expect(decideSigner(setting, broker)).toEqual({ ok: true, signerKind: 'BROKER_AS_AUTHORIZED_SIGNER' });
    expect(decideSigner(setting, benAdmin('ba-1')).ok).toBe(false);
  });

  it('given both a named user and the broker, when either signs, then both may', () => {
    const setting = signerSettingOf({ authorizedSignerUserId: 'ba-1', brokerAsAuthorizedSigner: true });
    expect(decideSigner(setting, benAdmin('ba-1')).ok).toBe(true);
    expect(decideSigner(setting, broker).ok).toBe(true);
    expect(decideSigner(setting, benAdmin('ba-2')).ok).toBe(false);
  });

  it('given any setting, when internal staff sign, then it is refused', () => {
    for (const role of ['SLF_ADMIN', 'SLF_OWNER'])
      expect(decideSigner(nobody, { userId: 'staff', role })).toEqual({
        ok: false,
        message: SIGNING_MESSAGES.notSigner,
      });
  });

  it('reads blank or malformed stored values as nobody named', () => {
    expect(signerSettingOf({ authorizedSignerUserId: '', brokerAsAuthorizedSigner: 'yes' })).toEqual({
      authorizedSignerUserId: null,
      brokerAsAuthorizedSigner: false,
    });
  });
});

describe('who invites an outside signer', () => {
  const staff = { userId: 'staff-1', role: 'SLF_ADMIN' };
  const named = signerSettingOf({ authorizedSignerUserId: 'ba-1' });

  it('given any setting, when staff invite for either step, then they may', () => {
    expect(decideInvite(named, staff, 'review-&-submit')).toEqual({ ok: true });
    expect(decideInvite(named, staff, 'review-&-submit-updates')).toEqual({ ok: true });
  });

  it('given a named signer, when that signer invites someone to sign, then they may; others may not', () => {
    expect(decideInvite(named, benAdmin('ba-1'), 'review-&-submit')).toEqual({ ok: true });
    expect(decideInvite(named, benAdmin('ba-2'), 'review-&-submit')).toEqual({
      ok: false,
      message: SIGNING_MESSAGES.inviteToSign,
    });
    expect(decideInvite(named, broker, 'review-&-submit')).toEqual({
      ok: false,
      message: SIGNING_MESSAGES.inviteToSign,
    });
  });

  it('given the signer, when they invite someone to review the updates, then it is refused', () => {
    expect(decideInvite(named, benAdmin('ba-1'), 'review-&-submit-updates')).toEqual({
      ok: false,
      message: SIGNING_MESSAGES.inviteToReview,
    });
  });
});

describe('an invitation leaves its signer something to do', () => {
  it('asks for a signature on an unsigned form, a countersignature or a confirmation on a signed one', () => {
    expect(inviteHasNothingToDo({ status: 'pre_sign', pendingCount: 0 }, 'review-&-submit')).toBeNull();
    expect(inviteHasNothingToDo({ status: 'signed', pendingCount: 2 }, 'review-&-submit')).toBeNull();
    expect(
      inviteHasNothingToDo({ status: 'signed', pendingCount: 0 }, 'review-&-submit', 'to-confirm'),
    ).toBeNull();
    expect(inviteHasNothingToDo({ status: 'signed', pendingCount: 2 }, 'review-&-submit', 'signed')).toBe(
      SIGNING_MESSAGES.alreadySigned,
    );
  });

  it('asks for a review only of a signed form with pending updates', () => {
    expect(inviteHasNothingToDo({ status: 'signed', pendingCount: 1 }, 'review-&-submit-updates')).toBeNull();
    expect(inviteHasNothingToDo({ status: 'signed', pendingCount: 0 }, 'review-&-submit-updates')).toBe(
      SIGNING_MESSAGES.noUpdates,
    );
    expect(inviteHasNothingToDo({ status: 'pre_sign', pendingCount: 3 }, 'review-&-submit-updates')).toBe(
      SIGNING_MESSAGES.notSignedYet,
    );
  });

  it('defaults to the step the form leaves to do', () => {
    expect(defaultInviteStep(false)).toBe('review-&-submit');
    expect(defaultInviteStep(true)).toBe('review-&-submit-updates');
  });
});
