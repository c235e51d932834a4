import type { RouteHandler } from '@onboard/api-contract/express';
import type { createClient } from './lifecycle.contract.ts';
import type { ClientLifecycle } from './context.ts';

/** Staff create a client (or a draft); a client, not a draft, gets its form and tasks at once. */
export const create =
  (lifecycle: ClientLifecycle): RouteHandler<typeof createClient> =>
  async (req, res, input) => {
    const { deps, requireStaff, checkConsultant, execute, withPolicyIds, ensureBaseClient, view } = lifecycle;
    const actor = await requireStaff(req);
    const body = input.body();
    await checkConsultant(body.implementationConsultantUserId);
    const clientId = deps.newId();
    const { state, revision } = await execute(req, actor, clientId, {
      type: 'CreateClient',
      data: { clientId, ...body, policies: withPolicyIds(body.policies) },
    });
    if (!state.draft) await ensureBaseClient(req, actor, clientId, state);
    res.status(201).json(await view(clientId, state, revision));
  };
