import type { RouteHandler } from '@onboard/api-contract/express';
import type { archiveClient } from './lifecycle.contract.ts';
import type { ClientLifecycle } from './context.ts';

/** Staff archive a client. */
export const archive =
  (lifecycle: ClientLifecycle): RouteHandler<typeof archiveClient> =>
  async (req, res) =>
    lifecycle.staffDecide(req, res, (clientId) => ({ type: 'ArchiveClient', data: { clientId } }));
