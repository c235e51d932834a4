import { z } from 'zod';
import { CONVERSATION_KINDS, CONVERSATION_SUBJECT_TYPES } from '@onboard/events';
import { defineRoute, json, noContent, problem } from '@onboard/api-contract';

const clientId = z.string().min(1);
const threadParams = z.object({ clientId, threadId: z.string().min(1) });
const mentions = z
  .array(z.string().min(1).max(200))
  .max(50)
  .default([])
  .meta({ description: 'The people the message @mentions, by user id: each must be able to see the thread' });
const text = z.string().nullable().default(null).meta({ description: 'The message, 1 to 4000 characters' });

export const StartConversationBody = z
  .object({
    kind: z.enum(CONVERSATION_KINDS).default('SHARED').meta({
      description: 'SHARED: the client’s people and staff; INTERNAL: a note for staff only',
    }),
    subject: z
      .object({
        type: z.enum(CONVERSATION_SUBJECT_TYPES),
        key: z.string().min(1).max(500).meta({
          description:
            'What it is about, by identity: an answer {entity}/{entityId}/{attribute}, a class id, a census row {policyId}/{documentId}/{row}, a task {taskId}[/{policyId}]',
        }),
        label: z.string().max(300).meta({ description: 'The subject in words, as the person sees it' }),
      })
      .strict(),
    text,
    mentions,
  })
  .strict()
  .meta({ id: 'StartConversationBody' });

export const ConversationMessageBody = z
  .object({ text, mentions })
  .strict()
  .meta({ id: 'ConversationMessageBody' });

export const startConversation = defineRoute({
  method: 'post',
  path: '/api/clients/{clientId}/conversations',
  tag: 'conversations',
  summary:
    'Start a conversation on an answer, class, census row or task of the client, with its first message',
  request: { params: z.object({ clientId }), body: StartConversationBody },
  responses: {
    201: json(z.object({ threadId: z.string(), messageId: z.string() }), 'The new thread'),
    400: problem(
      'An empty or too long message (body.text), a subject without words, or a mention of someone who may not see it (body.mentions)',
    ),
    403: problem('Not one of the client’s people, or an internal note by someone who is not staff'),
    404: problem('No such client'),
  },
});

export const postConversationMessage = defineRoute({
  method: 'post',
  path: '/api/clients/{clientId}/conversations/{threadId}/messages',
  tag: 'conversations',
  summary: 'Reply in a conversation (a reply to a resolved one reopens it)',
  request: { params: threadParams, body: ConversationMessageBody },
  responses: {
    201: json(z.object({ messageId: z.string() }), 'The message as recorded'),
    400: problem('An empty or too long message (body.text), or a mention of someone who may not see it'),
    404: problem('No such conversation for this person'),
  },
});

export const resolveConversation = defineRoute({
  method: 'post',
  path: '/api/clients/{clientId}/conversations/{threadId}/resolve',
  tag: 'conversations',
  summary: 'Resolve a conversation',
  request: { params: threadParams },
  responses: {
    204: noContent('Resolved'),
    400: problem('Resolved already (ALREADY_RESOLVED)'),
    404: problem('No such conversation for this person'),
  },
});

export const reopenConversation = defineRoute({
  method: 'post',
  path: '/api/clients/{clientId}/conversations/{threadId}/reopen',
  tag: 'conversations',
  summary: 'Reopen a resolved conversation',
  request: { params: threadParams },
  responses: {
    204: noContent('Reopened'),
    400: problem('Open already (NOT_RESOLVED)'),
    404: problem('No such conversation for this person'),
  },
});

export const readConversation = defineRoute({
  method: 'post',
  path: '/api/clients/{clientId}/conversations/{threadId}/read',
  tag: 'conversations',
  summary: 'Mark a conversation read up to now, for the signed-in person',
  request: { params: threadParams },
  responses: {
    204: noContent('Read'),
    404: problem('No such conversation for this person'),
  },
});
