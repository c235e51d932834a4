import { emailStream, handleCommand, type EventStore } from '@onboard/events';
import { emailDecider } from '@onboard/domain';
import type { RouteHandler } from '@onboard/api-contract/express';
import type { emailOpened } from './routes.contract.ts';

const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/**
 * Records an e-mail opened the first time its pixel loads, once it was sent; anything else (unknown,
 * not sent yet, opened before) changes nothing, and the answer is the same pixel either way.
 */
export const openPixel =
  (deps: { store: EventStore; now: () => Date; newId: () => string }): RouteHandler<typeof emailOpened> =>
  async (req, res) => {
    const emailId = String(req.params.emailId);
    const at = deps.now().toISOString();
    await handleCommand(deps.store, emailDecider, {
      stream: emailStream(emailId),
      newId: deps.newId,
      command: {
        type: 'RecordEmailOpened',
        data: { emailId },
        metadata: { at, by: { userId: 'system:email-open', role: 'SYSTEM' } },
      },
      metadata: {
        actorId: 'system:email-open',
        actorRole: 'SYSTEM',
        occurredAt: at,
        correlationId: emailId,
      },
    }).catch(() => undefined);
    res.set('cache-control', 'no-store').type('image/gif').send(PIXEL);
  };
