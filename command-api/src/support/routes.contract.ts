import { z } from 'zod';
import { defineRoute, json, problem } from '@onboard/api-contract';

export const StartPortalChatBody = z
  .object({
    /** The client the user has open, if any: staff see what the question is about. */
    clientId: z.string().min(1).max(200).nullable().default(null),
    /** The portal page the user asked from. */
    page: z.string().max(500).default(''),
  })
  .strict()
  .meta({ id: 'StartPortalChatBody' });

export const PortalChatMessageBody = z
  .object({ text: z.string().nullable().default(null) })
  .strict()
  .meta({ id: 'PortalChatMessageBody' });

export const PortalChatMessage = z
  .object({
    messageId: z.string(),
    author: z.enum(['user', 'agent']),
    authorId: z.string(),
    text: z.string(),
    at: z.string(),
  })
  .meta({ id: 'PortalChatMessage' });

const conversationParams = z.object({ conversationId: z.string().min(1) });

export const startPortalChat = defineRoute('POST /api/support/conversations', {
  tag: 'support',
  summary: 'Open a support chat with the carrier’s support team (any signed-in user)',
  request: { body: StartPortalChatBody },
  responses: {
    201: json(
      z.object({ conversationId: z.string(), messages: z.array(PortalChatMessage) }),
      'The new conversation, empty',
    ),
    403: problem('The client named is not one of the user’s'),
  },
});

export const postPortalChatMessage = defineRoute(
  'POST /api/support/conversations/{conversationId}/messages',
  {
    tag: 'support',
    summary: 'Write in a support chat: its user asks, staff answer',
    request: { params: conversationParams, body: PortalChatMessageBody },
    responses: {
      201: json(PortalChatMessage, 'The message as recorded'),
      400: problem('An empty or too long message, keyed body.text'),
      404: problem('No such conversation for this user'),
    },
  },
);
