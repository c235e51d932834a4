import type { RouteHandler } from '@onboard/api-contract/express';
import type { setReleaseStatus } from './lifecycle.contract.ts';
import type { ClientLifecycle } from './context.ts';

/** Staff set the client's release status. */
export const releaseStatus =
  (lifecycle: ClientLifecycle): RouteHandler<typeof setReleaseStatus> =>
  async (req, res, input) => {
    const { releaseStatus } = input.body();
    await lifecycle.staffDecide(req, res, (clientId) => ({
      type: 'SetReleaseStatus',
      data: { clientId, releaseStatus },
    }));
  };
