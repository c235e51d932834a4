import useSWR, { useSWRConfig, type SWRConfiguration } from 'swr';
import { call, get, readKey, useRead } from '../../api/client.ts';
import type { SupportConversationSummary } from './support-model.ts';

const enc = encodeURIComponent;
const CONVERSATIONS = '/api/explorer-pages/{explorerPageId}/support/conversations';
const CONVERSATION = '/api/explorer-pages/{explorerPageId}/support/conversations/{conversationId}';
export const supportConversationPath = (explorerPageId: string, conversationId: string) =>
  readKey(CONVERSATION, { explorerPageId, conversationId });

/** The staff screen of a site's support chats (our design, under the site's management routes). */
export const explorerSupportPath = (clientId: string, explorerPageId: string) =>
  `/clients/admin/${enc(clientId)}/manage/benefits-explorer/${enc(explorerPageId)}/support`;

/** The inbox polls while open: the app-wide 60 s deduping would otherwise swallow every poll and focus. */
const LIVE: SWRConfiguration = {
  dedupingInterval: 1_000,
  focusThrottleInterval: 1_000,
  revalidateOnFocus: true,
  keepPreviousData: true,
};
const LIST_REFRESH_MS = 5_000;
const THREAD_REFRESH_MS = 3_000;

export function useSupportConversations(explorerPageId: string) {
  return useRead(CONVERSATIONS, { explorerPageId }, {}, { ...LIVE, refreshInterval: LIST_REFRESH_MS });
}

export function useSupportConversation(explorerPageId: string, conversationId: string | null) {
  return useRead(
    CONVERSATION,
    conversationId ? { explorerPageId, conversationId } : null,
    {},
    { ...LIVE, refreshInterval: THREAD_REFRESH_MS },
  );
}

/**
 * The list row's last message. The list answer has no message text, so each row reads its conversation;
 * the key carries the message count, so a row is read again only when its conversation moved.
 */
export function useConversationPreview(explorerPageId: string, summary: SupportConversationSummary) {
  const { conversationId } = summary;
  return useSWR(
    summary.messageCount > 0
      ? [readKey(CONVERSATION, { explorerPageId, conversationId }), summary.messageCount]
      : null,
    () => get(CONVERSATION, { explorerPageId, conversationId }),
    { revalidateOnFocus: false },
  );
}

/** A signed-in staff member's message is stored as the agent's (command-api visitor-routes.ts). */
export const postSupportReply = (explorerPageId: string, conversationId: string, text: string) =>
  call('post', `${CONVERSATION}/messages`, { params: { explorerPageId, conversationId }, body: { text } });

export function useRefreshSupportList(explorerPageId: string) {
  const { mutate } = useSWRConfig();
  return () => mutate(readKey(CONVERSATIONS, { explorerPageId }));
}
