import type { RouteHandler } from '@onboard/api-contract/express';
import type { updateDraft } from './lifecycle.contract.ts';
import type { ClientLifecycle } from './context.ts';

/** Staff change a draft's profile or policies. */
export const changeDraft =
  (lifecycle: ClientLifecycle): RouteHandler<typeof updateDraft> =>
  async (req, res, input) => {
    const { requireStaff, checkConsultant, execute, withPolicyIds, view } = lifecycle;
    const actor = await requireStaff(req);
    const clientId = String(req.params.clientId);
    const { policies, ...changes } = input.body();
    await checkConsultant(changes.implementationConsultantUserId);
    const { state, revision } = await execute(req, actor, clientId, {
      type: 'ChangeProfile',
      data: { clientId, changes, ...(policies ? { policies: withPolicyIds(policies) } : {}) },
    });
    res.json(await view(clientId, state, revision));
  };
