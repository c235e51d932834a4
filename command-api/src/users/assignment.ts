import { eifStream } from '@onboard/events';
import { NotFoundError } from '@onboard/domain';
import type { RouteHandler } from '@onboard/api-contract/express';
import { executeUserCommand } from '../auth/index.ts';
import { requirePermission } from '../http/context.ts';
import type { USER_KIND_COMMANDS } from './routes.contract.ts';
import { loadOfKind, viewOf, type CLIENT_USER_KINDS, type UserAdmin } from './context.ts';

type ClientUserKind = (typeof CLIENT_USER_KINDS)[number];

/** A broker or benefits administrator assigned to a client (an existing one), or unassigned from it. */
export const assignment =
  (
    { deps, callerOn }: UserAdmin,
    kind: ClientUserKind,
    verb: 'assign' | 'unassign',
  ): RouteHandler<(typeof USER_KIND_COMMANDS)[ClientUserKind]['assign' | 'unassign']> =>
  async (req, res) => {
    const { actor, userId } = await callerOn(req);
    requirePermission(actor, 'client-assignment', 'update');
    const clientId = String(req.params.clientId);
    await loadOfKind(deps, kind, userId);
    if (verb === 'assign') {
      const client = await deps.store.readStream(eifStream(clientId), { maxCount: 1 });
      if (client.length === 0) throw new NotFoundError('Client not found');
    }
    const type = verb === 'assign' ? 'AssignToClient' : 'UnassignFromClient';
    const result = await executeUserCommand(deps, actor, userId, { type, data: { clientId } });
    res.setHeader('ETag', `"${result.revision}"`).json(viewOf(result));
  };
