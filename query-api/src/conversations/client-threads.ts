import { NotFoundError, maySeeThread } from '@onboard/domain';
import { requireActor } from '../http/context.ts';
import type { getClientConversation, listClientConversations } from './routes.contract.ts';
import type { RouteHandler } from '@onboard/api-contract/express';
import { THREADS, kindsOn, threadsOf, type ConversationReads, type ThreadRow } from './context.ts';

/** A client's conversations the person may see, newest first, with the unread count. */
export const listClientThreads =
  (deps: ConversationReads): RouteHandler<typeof listClientConversations> =>
  async (req, res, input) => {
    const actor = await requireActor(deps.authenticate, req);
    const clientId = String(req.params.clientId);
    const kinds = kindsOn(actor, clientId);
    const { subjectType, subjectKey, asOf } = input.query();
    const { rows } = await deps.pool.query<ThreadRow>(
      `${THREADS}
        where c.client_id = $3 and c.kind = any($4)
          and ($5::text is null or c.subject_type = $5) and ($6::text is null or c.subject_key = $6)
          and ($2::timestamptz is null or c.started_at <= $2)
        order by c.last_message_at desc, c.thread_id`,
      [actor.userId, asOf ?? null, clientId, kinds, subjectType ?? null, subjectKey ?? null],
    );
    const threads = await threadsOf(deps, actor, rows, asOf ?? null, true);
    res.json({ threads, unread: threads.reduce((sum, t) => sum + t.unread, 0) });
  };

/** One conversation of a client, when the person may see it. */
export const getClientThread =
  (deps: ConversationReads): RouteHandler<typeof getClientConversation> =>
  async (req, res) => {
    const actor = await requireActor(deps.authenticate, req);
    const clientId = String(req.params.clientId);
    const { rows } = await deps.pool.query<ThreadRow>(
      `${THREADS} where c.client_id = $3 and c.thread_id = $4`,
      [actor.userId, null, clientId, String(req.params.threadId)],
    );
    const row = rows[0];
    if (!row || !maySeeThread(actor, { clientId, kind: row.kind }))
      throw new NotFoundError('Conversation not found');
    res.json((await threadsOf(deps, actor, [row], null, true))[0]);
  };
