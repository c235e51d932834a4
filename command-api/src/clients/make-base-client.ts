import type { RouteHandler } from '@onboard/api-contract/express';
import type { makeBaseClient } from './lifecycle.contract.ts';
import type { ClientLifecycle } from './context.ts';

/** A draft made the base client: its form and tasks made; repeating it finishes a creation cut short. */
export const makeBase =
  (lifecycle: ClientLifecycle): RouteHandler<typeof makeBaseClient> =>
  async (req, res) => {
    const { requireStaff, load, eifOf, execute, ensureBaseClient, view } = lifecycle;
    const actor = await requireStaff(req);
    const clientId = String(req.params.clientId);
    const current = await load(actor, clientId);
    // Not a draft but without its form: a creation cut short; finishing it is what was asked.
    const unfinished = current.state.exists && !current.state.draft && !(await eifOf(clientId)).view;
    const { state, revision } = unfinished
      ? current
      : await execute(req, actor, clientId, { type: 'MakeBaseClient', data: { clientId } });
    await ensureBaseClient(req, actor, clientId, state);
    res.json(await view(clientId, state, revision));
  };
