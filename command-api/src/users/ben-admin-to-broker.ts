import type { RouteHandler } from '@onboard/api-contract/express';
import { executeUserCommand } from '../auth/index.ts';
import type { changeBenAdminToBroker } from './routes.contract.ts';
import { allow, gateAdministration, loadOfKind, viewOf, type UserAdmin } from './context.ts';

/** A benefits administrator made a broker. */
export const benAdminToBroker =
  ({ deps, callerOn }: UserAdmin): RouteHandler<typeof changeBenAdminToBroker> =>
  async (req, res) => {
    const { actor, userId } = await callerOn(req);
    gateAdministration(actor, 'update');
    await loadOfKind(deps, 'ben-admin', userId);
    allow(actor, 'update', { userId, role: 'BEN_ADMIN' });
    allow(actor, 'create', { userId, role: 'BROKER' });
    const result = await executeUserCommand(deps, actor, userId, {
      type: 'ChangeBenAdminToBroker',
      data: {},
    });
    res.setHeader('ETag', `"${result.revision}"`).json(viewOf(result));
  };
