import { PortalChatEvent } from '@onboard/events';
import { unionProjection } from './each-event.ts';

/**
 * The portal's support chats: one row per conversation, its messages appended in order (a message
 * already in the row is not added twice, so a replayed batch changes nothing). `last_author` tells
 * staff's inbox which conversations wait for a reply.
 */
export const portalChatsProjection = unionProjection(
  { name: 'portal-chats', union: PortalChatEvent, tables: ['rm_portal_chats'] },
  async (event, tx) => {
    if (event.type === 'PortalChatStarted') {
      const { conversationId, userId, clientId, page, at } = event.data;
      await tx.query(
        `insert into rm_portal_chats (conversation_id, user_id, client_id, page, started_at, last_message_at)
           values ($1, $2, $3, $4, $5, $5) on conflict (conversation_id) do nothing`,
        [conversationId, userId, clientId, page, at],
      );
      return;
    }
    const { conversationId, messageId, author, authorId, text, at } = event.data;
    await tx.query(
      `update rm_portal_chats
            set messages = messages || jsonb_build_array($2::jsonb),
                last_message_at = greatest(last_message_at, $3::timestamptz), last_author = $4
          where conversation_id = $1
            and not exists (select 1 from jsonb_array_elements(messages) m where m->>'messageId' = $5)`,
      [conversationId, JSON.stringify({ messageId, author, authorId, text, at }), at, author, messageId],
    );
  },
);
