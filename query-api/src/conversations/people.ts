import { ForbiddenError, roleLabel } from '@onboard/domain';
import { threadPeople } from '@onboard/api-contract/conversations';
import { requireActor } from '../http/context.ts';
import type { listConversationPeople } from './routes.contract.ts';
import type { RouteHandler } from '@onboard/api-contract/express';
import { kindsOn, type ConversationReads } from './context.ts';

/** The people a conversation of a kind may name on the client. */
export const listPeople =
  (deps: ConversationReads): RouteHandler<typeof listConversationPeople> =>
  async (req, res, input) => {
    const actor = await requireActor(deps.authenticate, req);
    const clientId = String(req.params.clientId);
    const { kind } = input.query();
    if (!kindsOn(actor, clientId).includes(kind)) throw new ForbiddenError('Forbidden');
    const people = await threadPeople(deps.pool, clientId, kind);
    res.json({
      people: people.map((p) => ({ userId: p.userId, name: p.name, roleLabel: roleLabel(p.role) })),
    });
  };
