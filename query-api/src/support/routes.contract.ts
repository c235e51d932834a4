import { z } from 'zod';
import { json, problem, routeFamily } from '@onboard/api-contract';

const Message = z.object({
  messageId: z.string(),
  author: z.enum(['user', 'agent']),
  /** Who wrote it, by name: the user, or the staff member who answered. */
  authorName: z.string(),
  text: z.string(),
  at: z.string(),
});

/** A support chat as its user and staff read it: who asked, about which client, and every message. */
export const PortalChatView = z
  .object({
    conversationId: z.string(),
    user: z.object({ userId: z.string(), name: z.string(), email: z.string(), role: z.string() }),
    client: z.object({ clientId: z.string(), name: z.string() }).nullable(),
    page: z.string(),
    startedAt: z.string(),
    lastMessageAt: z.string(),
    /** The user wrote last: staff owe an answer. */
    isWaitingForReply: z.boolean(),
    messages: z.array(Message),
  })
  .meta({ id: 'PortalChat' });

export const PortalChatListQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(100).default(25),
    offset: z.coerce.number().int().min(0).default(0),
    waiting: z
      .enum(['true', 'false'])
      .optional()
      .meta({ description: 'Only the conversations that wait for a reply' }),
  })
  .strip();

/** The support chats, as their users and staff read them. */
const chatRoute = routeFamily({ tag: 'support' });

export const listPortalChats = chatRoute('GET /api/support/conversations', {
  summary: 'Support chats, latest first: every one for staff, one’s own for anyone else',
  request: { query: PortalChatListQuery },
  responses: {
    200: json(
      z.object({ items: z.array(PortalChatView), total: z.number(), limit: z.number(), offset: z.number() }),
      'A page of conversations',
    ),
  },
});

export const getPortalChat = chatRoute('GET /api/support/conversations/{conversationId}', {
  summary: 'One support chat, for its user and for staff',
  request: { params: z.object({ conversationId: z.string().min(1) }) },
  responses: {
    200: json(PortalChatView, 'The conversation'),
    404: problem('No such conversation for this user'),
  },
});
