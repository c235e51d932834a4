import { openSealedValues } from '@onboard/events';
import { NotFoundError } from '@onboard/domain';
import type { RouteHandler } from '@onboard/api-contract/express';
import type { getSupportChat, listSupportChats } from './routes.contract.ts';
import { requireStaff, type ExplorerReads } from './context.ts';

// The built-in support chat (command-api/src/explorer/visitor-routes.ts writes it). Staff list a
// page's conversations; anyone holding a conversation id (the visitor who started it) reads it.

/** A page's last hundred conversations (staff). */
export const listChats =
  ({ deps }: ExplorerReads): RouteHandler<typeof listSupportChats> =>
  async (req, res) => {
    await requireStaff(deps, req);
    const { rows } = await deps.pool.query(
      `select c.conversation_id as "conversationId", c.department, c.language,
           c.started_at as "startedAt", c.last_message_at as "lastMessageAt",
           (select count(*)::int from rm_explorer_support_messages m
             where m.conversation_id = c.conversation_id) as "messageCount"
         from rm_explorer_support_conversations c where c.explorer_page_id = $1
         order by coalesce(c.last_message_at, c.started_at) desc limit 100`,
      [String(req.params.explorerPageId)],
    );
    res.json({ items: rows });
  };

/** One conversation and its messages, opened. */
export const getChat =
  ({ deps }: ExplorerReads): RouteHandler<typeof getSupportChat> =>
  async (req, res) => {
    const { rows } = await deps.pool.query<{
      conversationId: string;
      department: string;
      language: string;
      startedAt: Date;
    }>(
      `select conversation_id as "conversationId", department, language, started_at as "startedAt"
         from rm_explorer_support_conversations where conversation_id = $1 and explorer_page_id = $2`,
      [String(req.params.conversationId), String(req.params.explorerPageId)],
    );
    const conversation = rows[0];
    if (!conversation) throw new NotFoundError('Conversation not found');
    const { rows: messages } = await deps.pool.query(
      `select message_id as "messageId", author, text, at from rm_explorer_support_messages
         where conversation_id = $1 order by at, message_id`,
      [conversation.conversationId],
    );
    res.set('cache-control', 'no-store').json({
      ...conversation,
      startedAt: conversation.startedAt.toISOString(),
      messages: await openSealedValues(deps.keys, messages),
    });
  };
