import type { RouteHandler } from '@onboard/api-contract/express';
import type { unarchiveClient } from './lifecycle.contract.ts';
import type { ClientLifecycle } from './context.ts';

/** Staff bring an archived client back. */
export const unarchive =
  (lifecycle: ClientLifecycle): RouteHandler<typeof unarchiveClient> =>
  async (req, res) =>
    lifecycle.staffDecide(req, res, (clientId) => ({ type: 'UnarchiveClient', data: { clientId } }));
