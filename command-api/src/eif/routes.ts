import type { Router } from 'express';
import type { CommandDeps } from '../http/context.ts';
import { handle, routerOf } from '@onboard/api-contract/express';
import {
  acceptChanges,
  confirmChanges,
  declineChanges,
  markChangesReadyForReview,
  setAuthorizedSigner,
  signEif,
  undoIcEdits,
} from './routes.contract.ts';
import { eifCommands } from './context.ts';
import { sign } from './sign.ts';
import { authorizedSigner } from './authorized-signer.ts';
import { confirm } from './confirm-changes.ts';
import { accept, decline, lifecycle, markReady, undo } from './lifecycle.ts';

/**
 * The EIF lifecycle commands (onboarding §4): naming the signer, signing, marking post-sign changes ready for review,
 * accepting, declining with a reason, and undoing the implementation consultant's edits.
 */
export function eifCommandRoutes(deps: CommandDeps): Router {
  return routerOf(eifCommands(deps), [
    handle(signEif, sign),
    handle(setAuthorizedSigner, authorizedSigner),
    handle(confirmChanges, confirm),
    handle(markChangesReadyForReview, (eif) => lifecycle(eif, markReady)),
    handle(acceptChanges, (eif) => lifecycle(eif, accept)),
    handle(declineChanges, (eif) => lifecycle(eif, decline)),
    handle(undoIcEdits, (eif) => lifecycle(eif, undo)),
  ]);
}
