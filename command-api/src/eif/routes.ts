import { Router } from 'express';
import type { CommandDeps } from '../http/context.ts';
import { mount } from '@onboard/api-contract/express';
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
  const router = Router();
  const eif = eifCommands(deps);

  mount(router, signEif, sign(eif));
  mount(router, setAuthorizedSigner, authorizedSigner(eif));
  mount(router, confirmChanges, confirm(eif));
  mount(router, markChangesReadyForReview, lifecycle(eif, markReady));
  mount(router, acceptChanges, lifecycle(eif, accept));
  mount(router, declineChanges, lifecycle(eif, decline));
  mount(router, undoIcEdits, lifecycle(eif, undo));

  return router;
}
