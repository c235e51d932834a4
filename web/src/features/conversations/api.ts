import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { call, readKey, useRead, type Body, type Read } from '../../api/client.ts';

export type ConversationThread = Read<'/api/clients/{clientId}/conversations/{threadId}'>;
export type ConversationList = Read<'/api/clients/{clientId}/conversations'>;
export type ConversationPeople = Read<'/api/clients/{clientId}/conversation-people'>;
export type MyConversations = Read<'/api/conversations'>;
type StartBody = Body<'post', '/api/clients/{clientId}/conversations'>;
export type ConversationSubject = StartBody['subject'];
export type ConversationKind = ConversationThread['kind'];

const clientPath = (clientId: string) => readKey('/api/clients/{clientId}/conversations', { clientId });
const MY_CONVERSATIONS_PATH = readKey('/api/conversations', {});
/** The portal page of one thread (the mention e-mail's link). */
export const conversationPagePath = (clientId: string, threadId: string) =>
  `/client/${encodeURIComponent(clientId)}/conversations/${encodeURIComponent(threadId)}`;
export const MY_CONVERSATIONS_PAGE = '/conversations';

/** The client's threads the person may see: all, or those on one subject; as of a time when given. */
export function useClientConversations(
  clientId: string,
  filter: { subject?: Pick<ConversationSubject, 'type' | 'key'>; asOf?: string } = {},
) {
  return useRead(
    '/api/clients/{clientId}/conversations',
    { clientId },
    { subjectType: filter.subject?.type, subjectKey: filter.subject?.key, asOf: filter.asOf },
  );
}

export const useConversation = (clientId: string, threadId: string) =>
  useRead('/api/clients/{clientId}/conversations/{threadId}', { clientId, threadId });

export const useConversationPeople = (clientId: string, kind: ConversationKind) =>
  useRead('/api/clients/{clientId}/conversation-people', { clientId }, { kind });

export const useMyConversations = () => useRead('/api/conversations', {});

/**
 * Reads every conversation answer of the client again (and the person's list) after a change, and again
 * a few times shortly after: the read model follows the write within moments, longer on a busy server.
 */
export function useRefreshConversations() {
  const { mutate } = useSWRConfig();
  return useCallback(
    (clientId: string) => {
      for (const delay of [600, 1500, 4000])
        setTimeout(() => void refreshConversations(mutate, clientId), delay);
      return refreshConversations(mutate, clientId);
    },
    [mutate],
  );
}

export function refreshConversations(mutate: ReturnType<typeof useSWRConfig>['mutate'], clientId: string) {
  const prefix = clientPath(clientId);
  return Promise.all([
    mutate((key) => typeof key === 'string' && key.startsWith(prefix)),
    mutate(MY_CONVERSATIONS_PATH),
  ]);
}

export const startThread = (clientId: string, body: StartBody) =>
  call('post', '/api/clients/{clientId}/conversations', { params: { clientId }, body });

export const replyToThread = (
  clientId: string,
  threadId: string,
  body: Body<'post', '/api/clients/{clientId}/conversations/{threadId}/messages'>,
) =>
  call('post', '/api/clients/{clientId}/conversations/{threadId}/messages', {
    params: { clientId, threadId },
    body,
  });

export const setThreadResolved = (clientId: string, threadId: string, isResolved: boolean) =>
  call('post', `/api/clients/{clientId}/conversations/{threadId}/${isResolved ? 'resolve' : 'reopen'}`, {
    params: { clientId, threadId },
  });

export const markThreadRead = (clientId: string, threadId: string) =>
  call('post', '/api/clients/{clientId}/conversations/{threadId}/read', { params: { clientId, threadId } });
