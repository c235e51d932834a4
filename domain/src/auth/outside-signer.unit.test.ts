import { describe, expect, it } from 'vitest';
import { ACTIONS, RESOURCES } from './permissions.ts';
import { authorizeOutsideSigner, OUTSIDE_SIGNER_STEPS, type OutsideSigner } from './outside-signer.ts';

const signer = (stepId: string): OutsideSigner => ({
  kind: 'outside-signer',
  clientId: 'c',
  actionId: 'a1',
  stepId,
});
const own = { clientId: 'c', actionId: 'a1' };

describe('outside signer access (onboarding §2, §6)', () => {
  it.each(OUTSIDE_SIGNER_STEPS)('reads and signs the EIF through their own action id on %s', (step) => {
    expect(authorizeOutsideSigner(signer(step), 'eif', 'read', own)).toEqual({ allowed: true });
    expect(authorizeOutsideSigner(signer(step), 'eif', 'update', own)).toEqual({ allowed: true });
  });

  it('never creates or deletes', () => {
    expect(authorizeOutsideSigner(signer('review-&-submit'), 'eif', 'create', own).allowed).toBe(false);
    expect(authorizeOutsideSigner(signer('review-&-submit'), 'eif', 'delete', own).allowed).toBe(false);
  });

  it('is refused for any other step', () => {
    for (const step of ['company-information', 'plan-configuration-&-employee-eligibility', '']) {
      expect(authorizeOutsideSigner(signer(step), 'eif', 'read', own).allowed).toBe(false);
    }
  });

  it('is refused for another action id or another client, with a message that names neither', () => {
    const s = signer('review-&-submit');
    expect(authorizeOutsideSigner(s, 'eif', 'read', { clientId: 'c', actionId: 'a2' })).toEqual({
      allowed: false,
      message: 'Forbidden',
    });
    expect(authorizeOutsideSigner(s, 'eif', 'read', { clientId: 'other', actionId: 'a1' }).allowed).toBe(
      false,
    );
  });

  it('reaches no other resource', () => {
    const s = signer('review-&-submit');
    for (const resource of RESOURCES.filter((r) => r !== 'eif')) {
      for (const action of ACTIONS)
        expect(authorizeOutsideSigner(s, resource, action, own).allowed).toBe(false);
    }
  });

  it('accepts only the four actions', () => {
    expect(authorizeOutsideSigner(signer('review-&-submit'), 'eif', 'sign' as never, own).allowed).toBe(
      false,
    );
  });
});
