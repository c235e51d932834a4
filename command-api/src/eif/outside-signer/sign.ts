import {
  NotFoundError,
  assertOutsideSignerAllowed,
  SIGNED_SECTIONS,
  orderSections,
  signaturesDecider,
} from '@onboard/domain';
import { signaturesStream } from '@onboard/events';
import type { RouteHandler } from '@onboard/api-contract/express';
import { executeEifCommand } from '../../clients/routes.ts';
import { decideOnStream } from '../../http/decide.ts';
import type { outsideSignerSign } from '../outside-signer.contract.ts';
import { readSignedFacts } from '../signatures.ts';
import type { OutsideSigners } from './context.ts';

/**
 * The first signature signs the form (with the sections of the invitation); on a signed form the outside
 * signer countersigns those sections on `signatures-{clientId}` through the one command handler.
 */
export const sign =
  (signers: OutsideSigners): RouteHandler<typeof outsideSignerSign> =>
  async (req, res) => {
    const { deps, resolve, markUsed, currentClient } = signers;
    const clientId = String(req.params.clientId);
    const actionId = String(req.params.actionId);
    const { row, signer, actor, actionRef } = await resolve(clientId, actionId, deps.now());
    assertOutsideSignerAllowed(signer, 'eif', 'update', { clientId, actionId });
    if (signer.stepId !== 'review-&-submit') throw new NotFoundError('This link is not for this step.');
    const sections = orderSections(row.sections ?? SIGNED_SECTIONS);
    const facts = await readSignedFacts(deps.store, clientId);
    if (facts.signature === null)
      await executeEifCommand(
        deps,
        actor,
        clientId,
        () => ({
          type: 'SignEif',
          data: { clientId, signerKind: 'OUTSIDE_SIGNER', outsideSignerActionId: actionRef, sections },
        }),
        null,
        deps.newId(),
      );
    else
      await decideOnStream(deps, {
        request: { ifMatch: null, correlationId: deps.newId() },
        actor,
        stream: signaturesStream(clientId),
        decider: signaturesDecider,
        build: (_state, metadata) => ({
          type: 'Countersign' as const,
          data: {
            clientId,
            signatureId: deps.newId(),
            name: `${row.first_name} ${row.last_name}`.trim(),
            outsideSignerActionId: actionRef,
            sections,
            isFormSigned: true,
          },
          metadata,
        }),
        retriesOnRace: 2,
      });
    await markUsed(actionId);
    res.json({ client: await currentClient(clientId) });
  };
