import { ForbiddenError } from '../errors.ts';
import { ACCESS_MESSAGES, isAction, type AccessResult, type Action, type Resource } from './permissions.ts';

/**
 * Someone who signs a client's EIF without an account (onboarding §2, §6): they hold one outside-signer
 * action id, issued for one client and one EIF step, and nothing else.
 */
export type OutsideSigner = { kind: 'outside-signer'; clientId: string; actionId: string; stepId: string };

/** The EIF steps an outside-signer action id may be issued for (onboarding §2 "Outside signer routes"). */
export const OUTSIDE_SIGNER_STEPS = ['review-&-submit', 'review-&-submit-updates'] as const;
export type OutsideSignerStep = (typeof OUTSIDE_SIGNER_STEPS)[number];

/** What an outside signer may do, as data: read the EIF (its summary) and sign it (an update). */
export const OUTSIDE_SIGNER_GRANTS: Partial<Record<Resource, readonly Action[]>> = {
  eif: ['read', 'update'],
};

export type OutsideSignerTarget = { clientId: string; actionId: string };

/**
 * An outside signer reaches only their own action id, on its client, and only while that action is for
 * one of the two review-&-submit steps.
 */
export function authorizeOutsideSigner(
  signer: OutsideSigner,
  resource: Resource,
  action: Action,
  target: OutsideSignerTarget,
): AccessResult {
  if (!isAction(action)) return { allowed: false, message: ACCESS_MESSAGES.unknownAction };
  const actions = OUTSIDE_SIGNER_GRANTS[resource] ?? [];
  const isOwnAction = target.actionId === signer.actionId && target.clientId === signer.clientId;
  const isSigningStep = (OUTSIDE_SIGNER_STEPS as readonly string[]).includes(signer.stepId);
  return actions.includes(action) && isOwnAction && isSigningStep
    ? { allowed: true }
    : { allowed: false, message: ACCESS_MESSAGES.forbidden };
}

export function assertOutsideSignerAllowed(
  signer: OutsideSigner,
  resource: Resource,
  action: Action,
  target: OutsideSignerTarget,
): void {
  const access = authorizeOutsideSigner(signer, resource, action, target);
  if (!access.allowed) throw new ForbiddenError(access.message);
}
