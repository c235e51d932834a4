import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import type { BodyOf, ResponseOf } from '@onboard/api-contract';
import type { startConversation } from '@onboard/command-api/contracts';
import type {
  getClientConversation,
  listClientConversations,
  listConversationPeople,
  listMyConversations,
} from '@onboard/query-api/contracts';
import { apiRequest } from '../../api/http.ts';

// Answer and body types from the routes' contracts (query-api, command-api), never written twice.
export type ConversationThread = ResponseOf<typeof getClientConversation>;
export type ConversationList = ResponseOf<typeof listClientConversations>;
export type ConversationPeople = ResponseOf<typeof listConversationPeople>;
export type MyConversations = ResponseOf<typeof listMyConversations>;
export type ConversationSubject = BodyOf<typeof startConversation>['subject'];
export type ConversationKind = ConversationThread['kind'];

const clientPath = (clientId: string) => `/api/clients/${encodeURIComponent(clientId)}/conversations`;
const threadPath = (clientId: string, threadId: string) =>
  `${clientPath(clientId)}/${encodeURIComponent(threadId)}`;
const MY_CONVERSATIONS_PATH = '/api/conversations';
/** The portal page of one thread (the mention e-mail's link). */
export const conversationPagePath = (clientId: string, threadId: string) =>
  `/client/${encodeURIComponent(clientId)}/conversations/${encodeURIComponent(threadId)}`;
export const MY_CONVERSATIONS_PAGE = '/conversations';

/** The client's threads the person may see: all, or those on one subject; as of a time when given. */
export function useClientConversations(
  clientId: string,
  filter: { subject?: Pick<ConversationSubject, 'type' | 'key'>; asOf?: string } = {},
) {
  const query = new URLSearchParams();
  if (filter.subject) {
    query.set('subjectType', filter.subject.type);
    query.set('subjectKey', filter.subject.key);
  }
  if (filter.asOf) query.set('asOf', filter.asOf);
  const search = query.toString();
  return useSWR<ConversationList>(`${clientPath(clientId)}${search ? `?${search}` : ''}`);
}

export const useConversation = (clientId: string, threadId: string) =>
  useSWR<ConversationThread>(threadPath(clientId, threadId));

export const useConversationPeople = (clientId: string, kind: ConversationKind) =>
  useSWR<ConversationPeople>(`/api/clients/${encodeURIComponent(clientId)}/conversation-people?kind=${kind}`);

export const useMyConversations = () => useSWR<MyConversations>(MY_CONVERSATIONS_PATH);

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

export const startThread = (clientId: string, body: BodyOf<typeof startConversation>) =>
  apiRequest<{ threadId: string; messageId: string }>('POST', clientPath(clientId), { body });

export const replyToThread = (
  clientId: string,
  threadId: string,
  body: { text: string; mentions: string[] },
) => apiRequest<{ messageId: string }>('POST', `${threadPath(clientId, threadId)}/messages`, { body });

export const setThreadResolved = (clientId: string, threadId: string, isResolved: boolean) =>
  apiRequest<void>('POST', `${threadPath(clientId, threadId)}/${isResolved ? 'resolve' : 'reopen'}`, {
    body: {},
  });

export const markThreadRead = (clientId: string, threadId: string) =>
  apiRequest<void>('POST', `${threadPath(clientId, threadId)}/read`, { body: {} });
