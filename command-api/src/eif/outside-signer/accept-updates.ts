import type { RouteHandler } from '@onboard/api-contract/express';
import type { outsideSignerAcceptUpdates } from '../outside-signer.contract.ts';
import { choiceOf, type OutsideSigners } from './context.ts';

/** The outside signer accepts the updates made after signing (every one, or those chosen). */
export const acceptUpdates = (signers: OutsideSigners): RouteHandler<typeof outsideSignerAcceptUpdates> =>
  signers.act<typeof outsideSignerAcceptUpdates>('review-&-submit-updates', (clientId, input) => {
    const choice = choiceOf(input.body());
    return () => ({ type: 'AcceptChanges', data: { clientId, ...choice } });
  });
