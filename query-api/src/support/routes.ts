import { Router } from 'express';
import { NotFoundError, isInternal, type Actor } from '@onboard/domain';
import { mount } from '@onboard/api-contract/express';
import { requireActor, type QueryDeps } from '../http/context.ts';
import { getPortalChat, listPortalChats } from './routes.contract.ts';

type StoredMessage = {
  messageId: string;
  author: 'user' | 'agent';
  authorId: string;
  text: string;
  at: string;
};
type Row = {
  conversation_id: string;
  user_id: string;
  user_first_name: string | null;
  user_last_name: string | null;
  user_email: string | null;
  user_role: string | null;
  client_id: string | null;
  client_name: string | null;
  page: string;
  started_at: Date;
  last_message_at: Date;
  last_author: string | null;
  messages: StoredMessage[];
  names: Record<string, string> | null;
  total: string;
};

// The user and client by name, and the name of everyone who wrote (staff answering included).
const SELECT = `
  select c.*, u.first_name as user_first_name, u.last_name as user_last_name, u.email as user_email,
         u.role as user_role, coalesce(l.name, rc.name) as client_name,
         (select jsonb_object_agg(w.user_id, trim(w.first_name || ' ' || w.last_name))
            from rm_users w
           where w.user_id in (select m->>'authorId' from jsonb_array_elements(c.messages) m)) as names,
         count(*) over () as total
    from rm_portal_chats c
    left join rm_users u on u.user_id = c.user_id
    left join rm_client_lifecycle l on l.client_id = c.client_id
    left join rm_clients rc on rc.client_id = c.client_id`;

function viewOf(row: Row) {
  const userName = `${row.user_first_name ?? ''} ${row.user_last_name ?? ''}`.trim() || 'A former user';
  return {
    conversationId: row.conversation_id,
    user: { userId: row.user_id, name: userName, email: row.user_email ?? '', role: row.user_role ?? '' },
    client:
      row.client_id === null
        ? null
        : { clientId: row.client_id, name: row.client_name ?? 'A removed client' },
    page: row.page,
    startedAt: row.started_at.toISOString(),
    lastMessageAt: row.last_message_at.toISOString(),
    isWaitingForReply: row.last_author === 'user',
    messages: row.messages.map((m) => ({
      messageId: m.messageId,
      author: m.author,
      authorName: row.names?.[m.authorId] ?? (m.author === 'agent' ? 'Support' : userName),
      text: m.text,
      at: m.at,
    })),
  };
}

/** Staff read every conversation; anyone else only their own. */
const scopeOf = (actor: Actor) => (isInternal(actor) ? null : actor.userId);

/** The portal's support chats (projections/src/support.ts), for their users and staff's inbox. */
export function portalChatQueryRoutes(deps: Pick<QueryDeps, 'pool' | 'authenticate'>): Router {
  const router = Router();

  mount(router, listPortalChats, async (req, res, input) => {
    const actor = await requireActor(deps.authenticate, req);
    const { limit, offset, waiting } = input.query();
    const { rows } = await deps.pool.query<Row>(
      `${SELECT}
        where ($1::text is null or c.user_id = $1) and (not $2 or c.last_author = 'user')
        order by c.last_message_at desc, c.conversation_id
        limit $3 offset $4`,
      [scopeOf(actor), waiting === 'true', limit, offset],
    );
    res.json({ items: rows.map(viewOf), total: Number(rows[0]?.total ?? 0), limit, offset });
  });

  mount(router, getPortalChat, async (req, res) => {
    const actor = await requireActor(deps.authenticate, req);
    const { rows } = await deps.pool.query<Row>(
      `${SELECT} where c.conversation_id = $1 and ($2::text is null or c.user_id = $2)`,
      [String(req.params.conversationId), scopeOf(actor)],
    );
    const row = rows[0];
    if (!row) throw new NotFoundError('Conversation not found');
    res.json(viewOf(row));
  });

  return router;
}
