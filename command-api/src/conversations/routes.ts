import { Router, type Request } from 'express';
import {
  NotFoundError,
  type Actor,
  conversationDecider,
  type ConversationCommand,
  type ConversationState,
} from '@onboard/domain';
import { conversationStream, type ConversationKind } from '@onboard/events';
import { mount } from '@onboard/api-contract/express';
import { threadPeople } from '@onboard/api-contract/conversations';
import type { Queryable } from '@onboard/api-contract/people';
import { decideOnStream, requestContext } from '../http/decide.ts';
import { requireActor, type CommandDeps } from '../http/context.ts';
import {
  postConversationMessage,
  readConversation,
  reopenConversation,
  resolveConversation,
  startConversation,
} from './routes.contract.ts';

export type ConversationCommandDeps = CommandDeps & { pool: Queryable };

type Metadata = ConversationCommand['metadata'];

/** Whom a message may mention in a thread of each kind: the people who may see it. */
async function mentionableIn(pool: Queryable, clientId: string): Promise<Record<ConversationKind, string[]>> {
  const [shared, internal] = await Promise.all([
    threadPeople(pool, clientId, 'SHARED'),
    threadPeople(pool, clientId, 'INTERNAL'),
  ]);
  return { SHARED: shared.map((p) => p.userId), INTERNAL: internal.map((p) => p.userId) };
}

const thread = (req: Request) => ({
  clientId: String(req.params.clientId),
  threadId: String(req.params.threadId),
});

/**
 * Conversations on a client's answers, classes, census rows and tasks: start, reply, resolve, reopen,
 * read. Each thread is its own stream, decided by `conversationDecider`, which asks the permission table
 * who may see the thread's kind; whom a message may mention (the people who may see the thread) is read
 * here, for each kind, before deciding.
 */
export function conversationCommandRoutes(deps: ConversationCommandDeps): Router {
  const router = Router();

  const decide = (
    req: Request,
    actor: Actor,
    threadId: string,
    appendAt: 'no_stream' | 'read' | 'any',
    build: (state: ConversationState, metadata: Metadata) => ConversationCommand,
  ) =>
    decideOnStream(deps, {
      request: requestContext(req, deps.newId),
      actor,
      stream: conversationStream(threadId),
      decider: conversationDecider,
      appendAt,
      build,
      // Resolving and reopening carry no If-Match: one that meets a reply or a mark-read appended since it
      // read the thread is decided again on the thread as it is then, rather than answered 409.
      retriesOnRace: appendAt === 'read' ? 2 : 0,
    });

  mount(router, startConversation, async (req, res, input) => {
    const actor = await requireActor(deps.authenticate, req);
    const clientId = String(req.params.clientId);
    const client = await deps.pool.query('select 1 from rm_clients where client_id = $1', [clientId]);
    if (client.rows.length === 0) throw new NotFoundError('Client not found');
    const { kind, subject, text, mentions } = input.body();
    const people = await mentionableIn(deps.pool, clientId);
    const threadId = deps.newId();
    const messageId = deps.newId();
    await decide(req, actor, threadId, 'no_stream', (_, metadata) => ({
      type: 'StartConversation',
      data: {
        writer: actor,
        threadId,
        clientId,
        kind,
        subject,
        messageId,
        text,
        mentions,
        mentionable: people[kind],
      },
      metadata,
    }));
    res.status(201).json({ threadId, messageId });
  });

  mount(router, postConversationMessage, async (req, res, input) => {
    const actor = await requireActor(deps.authenticate, req);
    const { clientId, threadId } = thread(req);
    const people = await mentionableIn(deps.pool, clientId);
    const messageId = deps.newId();
    // Replies only add up: appended at any revision, so two people writing at once both get through.
    await decide(req, actor, threadId, 'any', (state, metadata) => {
      // The body is read only on a thread the writer finds: an unknown one is a 404 whatever it holds.
      const body = state ? input.body() : { text: null, mentions: [] };
      return {
        type: 'PostConversationMessage',
        data: {
          writer: actor,
          clientId,
          threadId,
          messageId,
          text: body.text,
          mentions: body.mentions,
          mentionable: state ? people[state.kind] : [],
        },
        metadata,
      };
    });
    res.status(201).json({ messageId });
  });

  for (const [contract, type, appendAt] of [
    [resolveConversation, 'ResolveConversation', 'read'],
    [reopenConversation, 'ReopenConversation', 'read'],
    [readConversation, 'MarkConversationRead', 'any'],
  ] as const) {
    mount(router, contract, async (req, res) => {
      const actor = await requireActor(deps.authenticate, req);
      const { clientId, threadId } = thread(req);
      await decide(req, actor, threadId, appendAt, (_, metadata) => ({
        type,
        data: { writer: actor, clientId, threadId },
        metadata,
      }));
      res.status(204).end();
    });
  }

  return router;
}
