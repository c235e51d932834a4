import type { ExplorerLanguage } from '@onboard/domain/web';
import type { Answer } from '../../api/client.ts';
import { postPublic, readPublic } from '../../api/public.ts';
import { retryAfterMinutes } from './api.ts';

/**
 * The live chat behind a port: the panel talks to a SupportChatAdapter. The built-in adapter keeps the
 * conversation on the server (command-api/src/explorer/visitor-routes.ts writes it as events, the
 * explorer-pages projection keeps it for the visitor and for staff, who answer through the same API).
 * A hosted chat service would be another adapter with the same three calls.
 */
const CONVERSATIONS = '/api/explorer-pages/{explorerPageId}/support/conversations';
const CONVERSATION = '/api/explorer-pages/{explorerPageId}/support/conversations/{conversationId}';

export type ChatConversation = Answer<'post', typeof CONVERSATIONS>;
export type ChatMessage = Answer<'post', `${typeof CONVERSATION}/messages`>;

export type SupportChatAdapter = {
  start: (explorerPageId: string, language: ExplorerLanguage) => Promise<ChatConversation>;
  /** null when the conversation is gone (or not yet visible: the caller keeps what it has). */
  read: (explorerPageId: string, conversationId: string) => Promise<ChatConversation | null>;
  send: (explorerPageId: string, conversationId: string, text: string) => Promise<ChatMessage>;
};

export class ChatRefused extends Error {
  constructor(readonly fields: Record<string, string>) {
    super('The chat refused the message');
  }
}

/** Too many messages from this address (429): the wait in whole minutes. */
export class ChatThrottled extends Error {
  constructor(readonly minutes: number) {
    super('The chat is throttled');
  }
}

export const builtInChatAdapter: SupportChatAdapter = {
  start: async (explorerPageId, language) => {
    const response = await postPublic(CONVERSATIONS, { explorerPageId }, { language });
    if (!response.ok) throw new Error(`support chat answered ${response.status}`);
    return (await response.json()) as ChatConversation;
  },
  read: async (explorerPageId, conversationId) => {
    const response = await readPublic(CONVERSATION, { explorerPageId, conversationId });
    if (response.status === 404) return null;
    if (!response.ok) throw new Error(`support chat answered ${response.status}`);
    return (await response.json()) as ChatConversation;
  },
  send: async (explorerPageId, conversationId, text) => {
    const response = await postPublic(
      `${CONVERSATION}/messages`,
      { explorerPageId, conversationId },
      { text },
    );
    if (response.status === 400) {
      const answer = (await response.json().catch(() => ({}))) as {
        validationError?: Record<string, string>;
      };
      throw new ChatRefused(
        Object.fromEntries(
          Object.entries(answer.validationError ?? {}).map(([k, v]) => [k.replace(/^body\./, ''), v]),
        ),
      );
    }
    if (response.status === 429) throw new ChatThrottled(retryAfterMinutes(response));
    if (!response.ok) throw new Error(`support chat answered ${response.status}`);
    return (await response.json()) as ChatMessage;
  },
};
