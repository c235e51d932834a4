import { SETUP_STEPS, ValidationError } from '@onboard/domain';
import type { RouteHandler } from '@onboard/api-contract/express';
import type { completeSetupStep } from './lifecycle.contract.ts';
import type { ClientLifecycle } from './context.ts';

/** Staff complete one setup step; a broker or benefits administrator step knows whether one is assigned. */
export const setupStep =
  (lifecycle: ClientLifecycle): RouteHandler<typeof completeSetupStep> =>
  async (req, res) => {
    const { deps, requireStaff, execute, view } = lifecycle;
    const actor = await requireStaff(req);
    const clientId = String(req.params.clientId);
    const stepId = String(req.params.stepId);
    const step = SETUP_STEPS.find((s) => s.id === stepId);
    if (!step)
      throw new ValidationError({
        'params.stepId': `Choose one of ${SETUP_STEPS.map((s) => s.id).join(', ')}`,
      });
    const role = step.id === 'broker' ? 'BROKER' : step.id === 'benAdmin' ? 'BEN_ADMIN' : null;
    const assigned = role
      ? (
          await deps.pool.query('select 1 from rm_users where role = $1 and $2 = any(client_ids) limit 1', [
            role,
            clientId,
          ])
        ).rows.length > 0
      : true;
    const { state, revision } = await execute(req, actor, clientId, {
      type: 'CompleteSetupStep',
      data: { clientId, stepId: step.id, assigned },
    });
    res.json(await view(clientId, state, revision));
  };
