import type { RouteHandler } from '@onboard/api-contract/express';
import type { deleteClient } from './lifecycle.contract.ts';
import type { ClientLifecycle } from './context.ts';

/** Staff delete a client; the decider knows whether its form was signed. */
export const remove =
  (lifecycle: ClientLifecycle): RouteHandler<typeof deleteClient> =>
  async (req, res) => {
    const { requireStaff, eifOf, execute } = lifecycle;
    const actor = await requireStaff(req);
    const clientId = String(req.params.clientId);
    const { status } = await eifOf(clientId);
    await execute(req, actor, clientId, {
      type: 'DeleteClient',
      data: { clientId, signed: status === 'signed' },
    });
    res.status(204).end();
  };
