import { z } from 'zod';
import { CONVERSATION_KINDS, CONVERSATION_SUBJECT_TYPES } from '@onboard/events';
import { defineRoute, json, problem } from '@onboard/api-contract';

const clientId = z.string().min(1);

const Entry = z.object({
  entryId: z.string(),
  entry: z.enum(['message', 'resolved', 'reopened']),
  author: z.string().meta({ description: 'Who, by name and role' }),
  isMine: z.boolean(),
  text: z.string().nullable(),
  mentions: z.array(z.string()).meta({ description: 'The people mentioned, by name' }),
  at: z.string(),
});

export const ConversationThread = z
  .object({
    threadId: z.string(),
    clientId: z.string(),
    clientName: z.string(),
    kind: z.enum(CONVERSATION_KINDS),
    kindLabel: z.string(),
    subject: z.object({ type: z.enum(CONVERSATION_SUBJECT_TYPES), key: z.string(), label: z.string() }),
    subjectTypeLabel: z.string(),
    status: z.enum(['OPEN', 'RESOLVED']),
    statusLabel: z.string(),
    startedBy: z.string(),
    startedAt: z.string(),
    lastMessageAt: z.string(),
    unread: z.number().int().meta({ description: 'Messages by others since the person last read it' }),
    entries: z.array(Entry),
  })
  .meta({ id: 'ConversationThread' });

export const ConversationListQuery = z.object({
  subjectType: z.enum(CONVERSATION_SUBJECT_TYPES).optional(),
  subjectKey: z.string().max(500).optional(),
  asOf: z.iso
    .datetime({ offset: true, message: 'asOf must be a date and time such as 2026-11-28T10:00:00Z' })
    .optional()
    .meta({ description: 'The threads as they were then: started by then, their entries up to then' }),
});

export const listClientConversations = defineRoute('GET /api/clients/{clientId}/conversations', {
  tag: 'conversations',
  summary:
    'The client’s conversations the person may see, newest first (optionally on one subject, as of a time)',
  request: { params: z.object({ clientId }), query: ConversationListQuery },
  responses: {
    200: json(
      z.object({
        threads: z.array(ConversationThread),
        unread: z.number().int().meta({ description: 'Unread messages of the threads the person follows' }),
      }),
      'Newest first',
    ),
    400: problem('A bad query (query.asOf, query.subjectType)'),
    403: problem('Not one of the client’s people'),
  },
});

export const getClientConversation = defineRoute('GET /api/clients/{clientId}/conversations/{threadId}', {
  tag: 'conversations',
  summary: 'One conversation',
  request: { params: z.object({ clientId, threadId: z.string().min(1) }) },
  responses: {
    200: json(ConversationThread, 'The thread with every entry'),
    404: problem('No such conversation for this person'),
  },
});

export const listConversationPeople = defineRoute('GET /api/clients/{clientId}/conversation-people', {
  tag: 'conversations',
  summary: 'Whom a message on the client may mention: the people who may see a thread of the kind',
  request: {
    params: z.object({ clientId }),
    query: z.object({ kind: z.enum(CONVERSATION_KINDS).default('SHARED') }),
  },
  responses: {
    200: json(
      z.object({
        people: z.array(z.object({ userId: z.string(), name: z.string(), roleLabel: z.string() })),
      }),
      'By name',
    ),
    403: problem('Not one of the client’s people, or internal notes asked by someone who is not staff'),
  },
});

export const listMyConversations = defineRoute('GET /api/conversations', {
  tag: 'conversations',
  summary:
    'The signed-in person’s conversations (those they wrote in or were mentioned in), and unread counts per client',
  responses: {
    200: json(
      z.object({
        threads: z.array(ConversationThread.omit({ entries: true })),
        clients: z.array(
          z.object({ clientId: z.string(), clientName: z.string(), unread: z.number().int() }),
        ),
      }),
      'Newest first',
    ),
  },
});
