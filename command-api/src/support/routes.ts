import { Router } from 'express';
import { PortalChatStarted, portalChatStream } from '@onboard/events';
import { NotFoundError, isInternal, type Actor } from '@onboard/domain';
import { supportMessageError } from '@onboard/domain/explorer/support-rules';
import { mount } from '@onboard/api-contract/express';
import { bodyFieldErrors } from '../http/validate.ts';
import { requireActor, requireClientAccess, type CommandDeps } from '../http/context.ts';
import { postPortalChatMessage, startPortalChat } from './routes.contract.ts';

const metadataOf = (actor: Actor, at: Date, correlationId: string) => ({
  actorId: actor.userId,
  actorRole: actor.role,
  occurredAt: at.toISOString(),
  correlationId,
});

/**
 * The portal's support chat ('Chat with us' on the portal's pages): a signed-in user opens a
 * conversation and writes in it; staff answer in it from the support inbox. Nobody else may see or
 * write in it (404, so a conversation id tells nothing). One stream per conversation, appended at any
 * revision: messages only add up.
 */
export function portalChatCommandRoutes(deps: CommandDeps): Router {
  const router = Router();

  mount(router, startPortalChat, async (req, res, input) => {
    const actor = await requireActor(deps.authenticate, req);
    const { clientId, page } = input.body();
    if (clientId !== null) requireClientAccess(actor, clientId, 'read');
    const conversationId = deps.newId();
    const now = deps.now();
    await deps.store.append(
      portalChatStream(conversationId),
      [
        {
          id: deps.newId(),
          type: 'PortalChatStarted',
          data: { conversationId, userId: actor.userId, clientId, page, at: now.toISOString() },
          metadata: metadataOf(actor, now, conversationId),
        },
      ],
      'no_stream',
    );
    res.status(201).json({ conversationId, messages: [] });
  });

  mount(router, postPortalChatMessage, async (req, res, input) => {
    const actor = await requireActor(deps.authenticate, req);
    const conversationId = String(req.params.conversationId);
    const [first] = await deps.store.readStream(portalChatStream(conversationId), { maxCount: 1 });
    const started = first && PortalChatStarted.safeParse({ type: first.type, data: first.data });
    const isAgent = isInternal(actor);
    if (!started?.success || (!isAgent && started.data.data.userId !== actor.userId)) {
      throw new NotFoundError('Conversation not found');
    }
    const text = input.body().text;
    const error = supportMessageError(text);
    if (error !== null) throw bodyFieldErrors({ text: error });
    const now = deps.now();
    const message = {
      conversationId,
      messageId: deps.newId(),
      author: isAgent ? ('agent' as const) : ('user' as const),
      authorId: actor.userId,
      text: (text ?? '').trim(),
      at: now.toISOString(),
    };
    await deps.store.append(
      portalChatStream(conversationId),
      [
        {
          id: deps.newId(),
          type: 'PortalChatMessagePosted',
          data: message,
          metadata: metadataOf(actor, now, conversationId),
        },
      ],
      'any',
    );
    const { conversationId: _, ...recorded } = message;
    res.status(201).json(recorded);
  });

  return router;
}
