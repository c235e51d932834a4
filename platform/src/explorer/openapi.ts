import type { RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { EmailBenefitsBody, MessageBody, StartChatBody } from '@onboard/command-api/explorer';

type Response = RouteConfig['responses'][number];
type Add = (
  method: RouteConfig['method'],
  path: string,
  tag: string,
  summary: string,
  operation: Omit<RouteConfig, 'method' | 'path' | 'responses'> & {
    responses: RouteConfig['responses'];
    isSignedIn?: boolean;
  },
) => void;

const ChatMessage = z.object({
  messageId: z.string(),
  author: z.enum(['visitor', 'agent']),
  text: z.string(),
  at: z.string(),
});

/**
 * The public site's own calls (command-api/src/explorer/visitor-routes.ts, query-api/src/explorer):
 * the human check, the e-mail of selected benefits, the built-in support chat and document downloads.
 */
export function addExplorerVisitorPaths(
  add: Add,
  { json, problem }: { json: (schema: z.ZodType, d: string) => Response; problem: (d: string) => Response },
) {
  const explorerPageId = z.string();
  const conversationId = z.string();
  const body = (schema: z.ZodType) => ({ content: { 'application/json': { schema } } });

  add('post', '/api/explorer-pages/human-check', 'explorer', 'A human-check question (built-in verifier)', {
    isSignedIn: false,
    responses: {
      201: json(
        z.object({
          challenge: z.string(),
          question: z.object({ kind: z.literal('sum'), a: z.number(), b: z.number() }),
          expiresAt: z.string(),
        }),
        'Answer it and send `${challenge}.${answer}` as recaptchaToken; good once, for 10 minutes',
      ),
    },
  });
  add('post', '/api/explorer-pages/{explorerPageId}/email-benefits', 'explorer', 'E-mail selected benefits', {
    isSignedIn: false,
    request: { params: z.object({ explorerPageId }), body: body(EmailBenefitsBody) },
    responses: {
      201: json(z.object({ emailId: z.string(), status: z.literal('SENT') }), 'Sent through the e-mail port'),
      400: problem('Invalid fields, or a missing, wrong, expired or used recaptchaToken'),
      404: problem('No such site'),
    },
  });
  add(
    'post',
    '/api/explorer-pages/{explorerPageId}/support/conversations',
    'explorer',
    'Start a support chat',
    {
      isSignedIn: false,
      request: { params: z.object({ explorerPageId }), body: body(StartChatBody) },
      responses: {
        201: json(
          z.object({ conversationId: z.string(), department: z.string(), messages: z.array(ChatMessage) }),
          'Started, in the Live or Demo department (platform §9)',
        ),
        404: problem('No such site'),
      },
    },
  );
  add(
    'get',
    '/api/explorer-pages/{explorerPageId}/support/conversations',
    'explorer',
    'A site’s support chats (staff)',
    {
      request: { params: z.object({ explorerPageId }) },
      responses: { 200: json(z.object({ items: z.array(z.object({}).passthrough()) }), 'Newest first') },
    },
  );
  add(
    'get',
    '/api/explorer-pages/{explorerPageId}/support/conversations/{conversationId}',
    'explorer',
    'One support chat, for whoever holds its id',
    {
      isSignedIn: false,
      request: { params: z.object({ explorerPageId, conversationId }) },
      responses: {
        200: json(
          z.object({ conversationId: z.string(), department: z.string(), messages: z.array(ChatMessage) }),
          'The conversation',
        ),
        404: problem('No such conversation'),
      },
    },
  );
  add(
    'post',
    '/api/explorer-pages/{explorerPageId}/support/conversations/{conversationId}/messages',
    'explorer',
    'Post to a support chat (staff post as the agent)',
    {
      isSignedIn: false,
      request: { params: z.object({ explorerPageId, conversationId }), body: body(MessageBody) },
      responses: {
        201: json(ChatMessage, 'Posted'),
        400: problem('Empty or too long'),
        404: problem('No such conversation'),
      },
    },
  );
  add(
    'get',
    '/api/explorer-pages/{explorerPageId}/documents/{documentId}',
    'explorer',
    'Download a site’s document',
    {
      isSignedIn: false,
      request: { params: z.object({ explorerPageId, documentId: z.string() }) },
      responses: {
        200: {
          description:
            'The file, from the document store (built in, or relayed from ONBOARD_DOCUMENT_BASE_URL), ' +
            'as an attachment',
        },
        404: problem('Not a document of this site, or its file is not in the store'),
      },
    },
  );
}
