import { Router } from 'express';
import { isInternal, findsConversation, portalChatDecider } from '@onboard/domain';
import { mount } from '@onboard/api-contract/express';
import { decideOnStream } from '../http/decide.ts';
import { requireActor, requireClientAccess, type CommandDeps } from '../http/context.ts';
import { postPortalChatMessage, startPortalChat } from './routes.contract.ts';
import { portalChatStream } from '@onboard/events';

/**
 * The portal's support chat ('Chat with us' on the portal's pages): a signed-in user opens a
 * conversation and writes in it; staff answer in it from the support inbox. Nobody else may see or
 * write in it (404, so a conversation id tells nothing). One stream per conversation, decided by
 * `portalChatDecider`; messages only add up, so they are appended at any revision.
 */
export function portalChatCommandRoutes(deps: CommandDeps): Router {
  const router = Router();

  mount(router, startPortalChat, async (req, res, input) => {
    const actor = await requireActor(deps.authenticate, req);
    const { clientId, page } = input.body();
    if (clientId !== null) requireClientAccess(actor, clientId, 'read');
    const conversationId = deps.newId();
    await decideOnStream(deps, {
      request: { ifMatch: null, correlationId: conversationId },
      actor,
      stream: portalChatStream(conversationId),
      decider: portalChatDecider,
      appendAt: 'no_stream',
      build: (_, metadata) => ({
        type: 'StartPortalChat' as const,
        data: { conversationId, userId: actor.userId, clientId, page },
        metadata,
      }),
    });
    res.status(201).json({ conversationId, messages: [] });
  });

  mount(router, postPortalChatMessage, async (req, res, input) => {
    const actor = await requireActor(deps.authenticate, req);
    const conversationId = String(req.params.conversationId);
    const { events } = await decideOnStream(deps, {
      request: { ifMatch: null, correlationId: conversationId },
      actor,
      stream: portalChatStream(conversationId),
      decider: portalChatDecider,
      appendAt: 'any',
      // The body is read only for a conversation the caller may find: an unknown one is a 404 whatever it holds.
      build: (state, metadata) => {
        const isAgent = isInternal(actor);
        const text = findsConversation(state, actor.userId, isAgent) ? input.body().text : null;
        return {
          type: 'PostPortalChatMessage' as const,
          data: { conversationId, messageId: deps.newId(), isAgent, text },
          metadata,
        };
      },
    });
    const posted = events[0];
    if (posted?.type !== 'PortalChatMessagePosted') throw new Error('a posted message was not recorded');
    const { conversationId: _, ...recorded } = posted.data;
    res.status(201).json(recorded);
  });

  return router;
}
