import { Router } from 'express';
import { apiJobStream, handleCommand } from '@onboard/events';
import { pushJobDecider } from '@onboard/domain';
import { mount } from '@onboard/api-contract/express';
import { requireClientExists, callerOnClient, type CommandDeps } from '../http/context.ts';
import { pushPlanDesign } from './routes.contract.ts';

export type AsyncPushAnswer = { apiJobId: string; status: 'IN_PROGRESS' };

/**
 * POST /api/clients/{clientId}/qps/async-push (spec platform §7): opens a push job and answers at once;
 * the qps-push worker does the push and the outcome arrives as QPS_PUSH_STATUS (and on /api/api-jobs).
 * Pushing to the carrier's plan system is internal staff's work.
 */
export function qpsCommandRoutes(deps: CommandDeps): Router {
  const router = Router();

  mount(router, pushPlanDesign, async (req, res) => {
    const { actor, clientId } = await callerOnClient(
      deps.authenticate,
      req,
      'Only internal staff can push to the plan system',
    );
    await requireClientExists(deps.store, clientId);

    const apiJobId = deps.newId();
    const occurredAt = deps.now().toISOString();
    const correlationId = req.header('x-correlation-id') ?? deps.newId();
    const metadata = { actorId: actor.userId, actorRole: actor.role, occurredAt, correlationId };
    // Both in one append: the job never exists without its IN_PROGRESS status, caused by the request.
    const result = await handleCommand(deps.store, pushJobDecider, {
      stream: apiJobStream(apiJobId),
      appendAt: 'no_stream',
      newId: deps.newId,
      command: {
        type: 'RequestPlanDesignPush',
        data: { apiJobId, clientId },
        metadata: { at: occurredAt, by: { userId: actor.userId, role: actor.role } },
      },
      metadata: (_, index, ids) => (index === 0 ? metadata : { ...metadata, causationId: ids[0]! }),
    });
    if (!result.ok) throw new Error(result.error.message);
    const answer: AsyncPushAnswer = { apiJobId, status: 'IN_PROGRESS' };
    res.status(202).json(answer);
  });

  return router;
}
