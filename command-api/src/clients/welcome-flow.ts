import type { RouteHandler } from '@onboard/api-contract/express';
import { requireActor, requireClientAccess } from '../http/context.ts';
import type { completeWelcomeFlow } from './lifecycle.contract.ts';
import type { ClientLifecycle } from './context.ts';

/** A user of the client finishes the welcome flow. */
export const welcomeFlow =
  (lifecycle: ClientLifecycle): RouteHandler<typeof completeWelcomeFlow> =>
  async (req, res) => {
    const { deps, execute } = lifecycle;
    const actor = await requireActor(deps.authenticate, req);
    const clientId = String(req.params.clientId);
    requireClientAccess(actor, clientId, 'read');
    const { state } = await execute(req, actor, clientId, {
      type: 'CompleteWelcomeFlow',
      data: { clientId },
    });
    res.json({ welcomeFlowCompletedAt: state.welcomeCompleted[actor.userId] ?? deps.now().toISOString() });
  };
