import { isInternal, maySeeThread } from '@onboard/domain';
import { requireActor } from '../http/context.ts';
import type { listMyConversations } from './routes.contract.ts';
import type { RouteHandler } from '@onboard/api-contract/express';
import { THREADS, threadsOf, type ConversationReads, type ThreadRow } from './context.ts';

/** The conversations the person took part in or was mentioned in, and the unread count of each client. */
export const listMine =
  (deps: ConversationReads): RouteHandler<typeof listMyConversations> =>
  async (req, res) => {
    const actor = await requireActor(deps.authenticate, req);
    const staff = isInternal(actor);
    const { rows } = await deps.pool.query<ThreadRow>(
      `${THREADS}
        where (p.took_part or p.mentioned)
          and ($3 or (c.client_id = any($4) and c.kind = 'SHARED'))
        order by c.last_message_at desc, c.thread_id
        limit 200`,
      [actor.userId, null, staff, actor.clientIds],
    );
    const visible = rows.filter((row) => maySeeThread(actor, { clientId: row.client_id, kind: row.kind }));
    const threads = (await threadsOf(deps, actor, visible, null, false)).map(
      ({ entries: _, ...thread }) => thread,
    );
    const clients = new Map<string, { clientId: string; clientName: string; unread: number }>();
    for (const t of threads) {
      const entry = clients.get(t.clientId) ?? { clientId: t.clientId, clientName: t.clientName, unread: 0 };
      entry.unread += t.unread;
      clients.set(t.clientId, entry);
    }
    res.json({
      threads,
      clients: [...clients.values()].sort((a, b) => a.clientName.localeCompare(b.clientName)),
    });
  };
