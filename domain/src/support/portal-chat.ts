import type { PortalChatEvent } from '@onboard/events';
import { accepted, refused, type Command, type Decider, type Intent } from '../decider.ts';
import { supportMessageError } from '../explorer/support-rules.ts';

/**
 * The portal's support chat, `supportchat-{conversationId}`: a signed-in user opens a conversation and
 * writes in it; staff answer in it. Nobody else finds it (NOT_FOUND, so an id tells nothing). Messages
 * only add up, so they are appended at any revision.
 */
export type PortalChatState = { userId: string } | null;

export type PortalChatCommand =
  | Command<
      'StartPortalChat',
      { conversationId: string; userId: string; clientId: string | null; page: string }
    >
  | Command<
      'PostPortalChatMessage',
      { conversationId: string; messageId: string; isAgent: boolean; text: string | null | undefined }
    >;
export type PortalChatIntent = Intent<PortalChatCommand>;

export type PortalChatError =
  | { code: 'NOT_FOUND' | 'ALREADY_EXISTS'; message: string }
  | { code: 'INVALID'; message: string; fields: Record<string, string> };

export const PORTAL_CONVERSATION_NOT_FOUND = 'Conversation not found';

/** Whether the conversation is there for this writer: its user, or staff. */
export const findsConversation = (state: PortalChatState, userId: string, isAgent: boolean) =>
  state !== null && (isAgent || state.userId === userId);

export const portalChatDecider: Decider<
  PortalChatState,
  PortalChatCommand,
  PortalChatEvent,
  PortalChatError
> = {
  initialState: () => null,
  decide(command, state) {
    const { at, by } = command.metadata;
    if (command.type === 'StartPortalChat') {
      if (state) return refused({ code: 'ALREADY_EXISTS', message: 'This conversation is started already' });
      return accepted({ type: 'PortalChatStarted', data: { ...command.data, at } });
    }
    const { conversationId, messageId, isAgent, text } = command.data;
    if (!findsConversation(state, by.userId, isAgent))
      return refused({ code: 'NOT_FOUND', message: PORTAL_CONVERSATION_NOT_FOUND });
    const error = supportMessageError(text);
    if (error !== null) return refused({ code: 'INVALID', message: error, fields: { text: error } });
    return accepted({
      type: 'PortalChatMessagePosted',
      data: {
        conversationId,
        messageId,
        author: isAgent ? 'agent' : 'user',
        authorId: by.userId,
        text: (text ?? '').trim(),
        at,
      },
    });
  },
  evolve: (state, event) => (event.type === 'PortalChatStarted' ? { userId: event.data.userId } : state),
};
