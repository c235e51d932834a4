import { SIGNED_SECTIONS, orderSections, signaturesDecider } from '@onboard/domain';
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
    const { deps, resolveRequest, markUsed, currentClient } = signers;
    const { clientId, actionId, row, actor, actionRef } = await resolveRequest(
      req,
      'update',
      'review-&-submit',
    );
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
