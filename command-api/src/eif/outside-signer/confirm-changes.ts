import { NotFoundError, assertOutsideSignerAllowed } from '@onboard/domain';
import type { RouteHandler } from '@onboard/api-contract/express';
import type { outsideSignerConfirmChanges } from '../outside-signer.contract.ts';
import { confirmSignedChanges } from '../signatures.ts';
import type { OutsideSigners } from './context.ts';

/** The outside signer confirms the accepted changes of the sections they signed: the short re-sign. */
export const confirmChanges =
  (signers: OutsideSigners): RouteHandler<typeof outsideSignerConfirmChanges> =>
  async (req, res) => {
    const { deps, resolve, markUsed } = signers;
    const clientId = String(req.params.clientId);
    const actionId = String(req.params.actionId);
    const { signer, actor } = await resolve(clientId, actionId, deps.now());
    assertOutsideSignerAllowed(signer, 'eif', 'update', { clientId, actionId });
    if (signer.stepId !== 'review-&-submit') throw new NotFoundError('This link is not for this step.');
    const confirmed = await confirmSignedChanges(deps, actor, clientId, {
      ifMatch: null,
      correlationId: deps.newId(),
    });
    await markUsed(actionId);
    res.json({ confirmed });
  };
