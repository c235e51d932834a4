import type { RouteHandler } from '@onboard/api-contract/express';
import type { outsideSignerDeclineUpdates } from '../outside-signer.contract.ts';
import { choiceOf, type OutsideSigners } from './context.ts';

/** The outside signer declines the updates made after signing (every one, or those chosen), saying why. */
export const declineUpdates = (signers: OutsideSigners): RouteHandler<typeof outsideSignerDeclineUpdates> =>
  signers.act<typeof outsideSignerDeclineUpdates>('review-&-submit-updates', (clientId, input) => {
    const { reason, ...body } = input.body();
    const choice = choiceOf(body);
    return () => ({ type: 'DeclineChanges', data: { clientId, ...choice, reason } });
  });
