import { z } from 'zod';
import { eventSchema, eventTypesOf } from './schema.ts';

/**
 * Conversations where the question is: a thread on one EIF answer, employee class, census row or task of
 * a client, one stream per thread `conversation-{threadId}`. A thread is SHARED (the client's people and
 * the carrier's staff) or INTERNAL (staff only, never shown to the client).
 */
export const CONVERSATION_KINDS = ['SHARED', 'INTERNAL'] as const;
export const ConversationKind = z.enum(CONVERSATION_KINDS);
export type ConversationKind = z.infer<typeof ConversationKind>;

export const CONVERSATION_SUBJECT_TYPES = ['ANSWER', 'CLASS', 'CENSUS_ROW', 'TASK'] as const;
export const ConversationSubjectType = z.enum(CONVERSATION_SUBJECT_TYPES);
export type ConversationSubjectType = z.infer<typeof ConversationSubjectType>;

/**
 * What a thread is about. `key` names it by identity, never by value, so a thread on an answer stays
 * attached whatever the answer later becomes: an answer is `{entity}/{entityId}/{attribute}`, a class its
 * class id, a census row `{policyId}/{documentId}/{row}`, a task `{taskId}` or `{taskId}/{policyId}`.
 * `label` is the subject in words, as the person saw it when they started the thread.
 */
export const ConversationSubject = z.object({
  type: ConversationSubjectType,
  key: z.string(),
  label: z.string(),
});
export type ConversationSubject = z.infer<typeof ConversationSubject>;

/** The thread an event is of, and the thread's client. */
const ThreadRef = { threadId: z.string(), clientId: z.string() };

/** A thread resolved or reopened: by whom and when (the kind says who is told). */
const ThreadStatusChange = { ...ThreadRef, kind: ConversationKind, by: z.string(), at: z.string() };

export const ConversationStarted = eventSchema('ConversationStarted', {
  ...ThreadRef,
  kind: ConversationKind,
  subject: ConversationSubject,
  startedBy: z.string(),
  at: z.string(),
});

export const ConversationMessagePosted = eventSchema('ConversationMessagePosted', {
  ...ThreadRef,
  /** The thread's kind and subject, so a message read alone (an e-mail, a pushed change) says where it is. */
  kind: ConversationKind,
  subject: ConversationSubject,
  messageId: z.string(),
  authorId: z.string(),
  text: z.string(),
  /** The people the message @mentions, by user id: each may see the thread. */
  mentions: z.array(z.string()),
  at: z.string(),
});

export const ConversationResolved = eventSchema('ConversationResolved', ThreadStatusChange);

export const ConversationReopened = eventSchema('ConversationReopened', ThreadStatusChange);

/** A person read the thread up to `at`: what was posted after it is unread for them. */
export const ConversationRead = eventSchema('ConversationRead', {
  ...ThreadRef,
  userId: z.string(),
  at: z.string(),
});

export const ConversationEvent = z.discriminatedUnion('type', [
  ConversationStarted,
  ConversationMessagePosted,
  ConversationResolved,
  ConversationReopened,
  ConversationRead,
]);
export type ConversationEvent = z.infer<typeof ConversationEvent>;
export const CONVERSATION_EVENT_TYPES = eventTypesOf(ConversationEvent);

export const conversationStream = (threadId: string) => `conversation-${threadId}`;
