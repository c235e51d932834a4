import type { Router } from 'express';
import { handle, routerOf } from '@onboard/api-contract/express';
import {
  getOutsideSignerReview,
  inviteOutsideSigner,
  outsideSignerAcceptUpdates,
  outsideSignerConfirmChanges,
  outsideSignerDeclineUpdates,
  outsideSignerSign,
} from './outside-signer.contract.ts';
import { outsideSigners, type OutsideSignerDeps } from './outside-signer/context.ts';
import { invite } from './outside-signer/invite.ts';
import { review } from './outside-signer/review.ts';
import { sign } from './outside-signer/sign.ts';
import { confirmChanges } from './outside-signer/confirm-changes.ts';
import { acceptUpdates } from './outside-signer/accept-updates.ts';
import { declineUpdates } from './outside-signer/decline-updates.ts';

export { DeclineUpdatesBody, InviteOutsideSignerBody } from './outside-signer.contract.ts';
export type { OutsideSignerDeps } from './outside-signer/context.ts';

/**
 * Outside signers (onboarding §2, explorer §4): someone without an account who signs, or reviews the
 * updates made after signing, through one action id e-mailed to them. The id is stored hashed, works for
 * one client and one review-&-submit step, and only until it is used or expires.
 */
export function outsideSignerRoutes(deps: OutsideSignerDeps): Router {
  return routerOf(outsideSigners(deps), [
    handle(inviteOutsideSigner, invite),
    handle(getOutsideSignerReview, review),
    handle(outsideSignerSign, sign),
    handle(outsideSignerConfirmChanges, confirmChanges),
    handle(outsideSignerAcceptUpdates, acceptUpdates),
    handle(outsideSignerDeclineUpdates, declineUpdates),
  ]);
}
