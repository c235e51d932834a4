import useSWR from 'swr';
import type { BodyOf, ResponseOf } from '@onboard/api-contract';
import type { postPortalChatMessage, startPortalChat } from '@onboard/command-api/contracts';
import type { getPortalChat, listPortalChats } from '@onboard/query-api/contracts';
import { ApiError } from '../../api/errors.ts';
import { apiGet, apiRequest } from '../../api/http.ts';

// Answer and body types from the routes' contracts (query-api, command-api), never written twice.
export type PortalChatView = ResponseOf<typeof getPortalChat>;
export type PortalChatPage = ResponseOf<typeof listPortalChats>;
export type PortalChatMessage = PortalChatView['messages'][number];
type SentMessage = ResponseOf<typeof postPortalChatMessage>;

const CHATS_PATH = '/api/support/conversations';
const chatPath = (conversationId: string) => `${CHATS_PATH}/${encodeURIComponent(conversationId)}`;

/** Chosen: an answer shows up within a few seconds without hammering the read side. */
const CHAT_POLL_MS = 4_000;
// Every poll reads: the app's 60 s de-duplication would swallow them.
const POLLING = { refreshInterval: CHAT_POLL_MS, dedupingInterval: 0 };

/**
 * One conversation, read again every few seconds while it is open; null while a conversation just
 * opened is not readable yet (an error would stop the polling that brings it).
 */
export function usePortalChat(conversationId: string | null) {
  return useSWR<PortalChatView | null>(
    conversationId ? chatPath(conversationId) : null,
    (path: string) =>
      apiGet<PortalChatView>(path).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }),
    POLLING,
  );
}

/** Staff's inbox: the latest conversations first, or only those waiting for a reply. */
export function usePortalChats(page: { offset: number; isWaitingOnly: boolean }) {
  const query = new URLSearchParams({ limit: '25', offset: String(page.offset) });
  if (page.isWaitingOnly) query.set('waiting', 'true');
  return useSWR<PortalChatPage>(`${CHATS_PATH}?${query.toString()}`, POLLING);
}

/** The signed-in user's latest conversation, to go on with; a new one when they have none. */
export async function openOwnChat(body: BodyOf<typeof startPortalChat>): Promise<string> {
  const latest = await apiGet<PortalChatPage>(`${CHATS_PATH}?limit=1`);
  const existing = latest.items[0];
  if (existing) return existing.conversationId;
  const started = await apiRequest<{ conversationId: string }>('POST', CHATS_PATH, { body });
  return started.conversationId;
}

export function sendChatMessage(conversationId: string, text: string): Promise<SentMessage> {
  return apiRequest<SentMessage>('POST', `${chatPath(conversationId)}/messages`, { body: { text } });
}
