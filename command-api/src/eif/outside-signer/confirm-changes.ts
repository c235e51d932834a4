import type { RouteHandler } from '@onboard/api-contract/express';
import type { outsideSignerConfirmChanges } from '../outside-signer.contract.ts';
import { confirmSignedChanges } from '../signatures.ts';
import type { OutsideSigners } from './context.ts';

/** The outside signer confirms the accepted changes of the sections they signed: the short re-sign. */
export const confirmChanges =
  (signers: OutsideSigners): RouteHandler<typeof outsideSignerConfirmChanges> =>
  async (req, res) => {
    const { deps, resolveRequest, markUsed } = signers;
    const { clientId, actionId, actor } = await resolveRequest(req, 'update', 'review-&-submit');
    const confirmed = await confirmSignedChanges(deps, actor, clientId, {
      ifMatch: null,
      correlationId: deps.newId(),
    });
    await markUsed(actionId);
    res.json({ confirmed });
  };
