import { z } from 'zod';
import { eventSchema } from './schema.ts';

/**
 * The portal's support chat: a signed-in user (a benefits administrator, a broker, an outside signer's
 * sponsor) talks with the carrier's support team, one stream per conversation `supportchat-{id}`.
 * The public Explorer's chat is its own (explorer.ts): its visitors are anonymous and per site.
 */
export const PortalChatStarted = eventSchema('PortalChatStarted', {
  conversationId: z.string(),
  /** The user who opened it: the only one besides staff who may read or write in it. */
  userId: z.string(),
  /** The client the user had open, so staff see what it is about; null elsewhere. */
  clientId: z.string().nullable(),
  /** Where the user was when they asked (a portal path), for staff. */
  page: z.string(),
  at: z.string(),
});

export const PortalChatMessagePosted = eventSchema('PortalChatMessagePosted', {
  conversationId: z.string(),
  messageId: z.string(),
  author: z.enum(['user', 'agent']),
  authorId: z.string(),
  text: z.string(),
  at: z.string(),
});

export const PortalChatEvent = z.discriminatedUnion('type', [PortalChatStarted, PortalChatMessagePosted]);
export type PortalChatEvent = z.infer<typeof PortalChatEvent>;

export const portalChatStream = (conversationId: string) => `supportchat-${conversationId}`;
