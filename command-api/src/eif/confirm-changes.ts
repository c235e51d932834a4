import type { RouteHandler } from '@onboard/api-contract/express';
import { requestContext } from '../http/decide.ts';
import { confirmSignedChanges } from './signatures.ts';
import type { confirmChanges } from './routes.contract.ts';
import type { EifCommands } from './context.ts';

/**
 * A signer confirms the changes accepted since they signed that touch their sections (eif/signatures.ts);
 * whoever signed nothing, or has nothing of theirs changed, is refused with the reason.
 */
export const confirm =
  ({ deps, callerOn }: EifCommands): RouteHandler<typeof confirmChanges> =>
  async (req, res) => {
    const { actor, clientId } = await callerOn(req, 'read');
    const confirmed = await confirmSignedChanges(deps, actor, clientId, requestContext(req, deps.newId));
    res.json({ confirmed });
  };
