import { z } from 'zod';
import { CONVERSATION_KINDS, CONVERSATION_SUBJECT_TYPES } from '@onboard/events';
import { errors, json, noContent, pathParams, problem, routeFamily } from '@onboard/api-contract';

/** The conversations of a client, most calls on one thread of them. */
const conversationRoute = routeFamily({
  tag: 'conversations',
  params: pathParams('clientId', 'threadId'),
  responses: { 404: problem('No such conversation for this person') },
});
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

export const startConversation = conversationRoute('POST /api/clients/{clientId}/conversations', {
  summary:
    'Start a conversation on an answer, class, census row or task of the client, with its first message',
  request: { params: pathParams('clientId'), body: StartConversationBody },
  responses: {
    201: json(z.object({ threadId: z.string(), messageId: z.string() }), 'The new thread'),
    400: problem(
      'An empty or too long message (body.text), a subject without words, or a mention of someone who may not see it (body.mentions)',
    ),
    403: problem('Not one of the client’s people, or an internal note by someone who is not staff'),
    ...errors.noClient,
  },
});

export const postConversationMessage = conversationRoute(
  'POST /api/clients/{clientId}/conversations/{threadId}/messages',
  {
    summary: 'Reply in a conversation (a reply to a resolved one reopens it)',
    request: { body: ConversationMessageBody },
    responses: {
      201: json(z.object({ messageId: z.string() }), 'The message as recorded'),
      400: problem('An empty or too long message (body.text), or a mention of someone who may not see it'),
    },
  },
);

export const resolveConversation = conversationRoute(
  'POST /api/clients/{clientId}/conversations/{threadId}/resolve',
  {
    summary: 'Resolve a conversation',
    responses: {
      204: noContent('Resolved'),
      400: problem('Resolved already (ALREADY_RESOLVED)'),
      409: problem('The thread kept changing while this was decided, three times over'),
    },
  },
);

export const reopenConversation = conversationRoute(
  'POST /api/clients/{clientId}/conversations/{threadId}/reopen',
  {
    summary: 'Reopen a resolved conversation',
    responses: {
      204: noContent('Reopened'),
      400: problem('Open already (NOT_RESOLVED)'),
      409: problem('The thread kept changing while this was decided, three times over'),
    },
  },
);

export const readConversation = conversationRoute(
  'POST /api/clients/{clientId}/conversations/{threadId}/read',
  {
    summary: 'Mark a conversation read up to now, for the signed-in person',
    responses: {
      204: noContent('Read'),
    },
  },
);
