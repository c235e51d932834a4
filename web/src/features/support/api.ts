import useSWR from 'swr';
import { ApiError } from '../../api/errors.ts';
import { call, get, readKey, useRead, type Body, type Read } from '../../api/client.ts';

export type PortalChatView = Read<'/api/support/conversations/{conversationId}'>;
export type PortalChatPage = Read<'/api/support/conversations'>;
export type PortalChatMessage = PortalChatView['messages'][number];

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
    conversationId ? readKey('/api/support/conversations/{conversationId}', { conversationId }) : null,
    () =>
      get('/api/support/conversations/{conversationId}', { conversationId: conversationId! }).catch(
        (error: unknown) => {
          if (error instanceof ApiError && error.status === 404) return null;
          throw error;
        },
      ),
    POLLING,
  );
}

/** Staff's inbox: the latest conversations first, or only those waiting for a reply. */
export function usePortalChats(page: { offset: number; isWaitingOnly: boolean }) {
  const query = { limit: 25, offset: page.offset, waiting: page.isWaitingOnly ? 'true' : undefined } as const;
  return useRead('/api/support/conversations', {}, query, POLLING);
}

/** The signed-in user's latest conversation, to go on with; a new one when they have none. */
export async function openOwnChat(body: Body<'post', '/api/support/conversations'>): Promise<string> {
  const latest = await get('/api/support/conversations', {}, { limit: 1 });
  const existing = latest.items[0];
  if (existing) return existing.conversationId;
  const started = await call('post', '/api/support/conversations', { params: {}, body });
  return started.conversationId;
}

export const sendChatMessage = (conversationId: string, text: string) =>
  call('post', '/api/support/conversations/{conversationId}/messages', {
    params: { conversationId },
    body: { text },
  });
