import { Router, type Response } from 'express';
import { BUS_TOPICS, type Bus, type BusConsumer, type DeliveredMessage } from '@onboard/events';
import { isInternal, type Actor, maySeeThread } from '@onboard/domain';
import { mount } from '@onboard/api-contract/express';
import { requireActor, type Authenticate } from '../http/context.ts';
import { eventsStream } from './routes.contract.ts';

export type Gateway = {
  router: Router;
  stop: () => Promise<void>;
  connectedClients: () => number;
  /** The latest progress of a running census validation, for the census reads of those not connected. */
  censusProgress: (documentId: string) => { rowsDone: number; rowsTotal: number } | null;
};

/** How many running census validations the gateway remembers the progress of. */
const CENSUS_PROGRESS_KEPT = 200;

/**
 * The UI gateway: forwards bus messages to browsers as Server-Sent Events. Each replica consumes the bus
 * from the moment it starts (every replica sees every message; a new replica replays nothing, and on Kafka
 * its consumer group goes with it), drops duplicates by message id (delivery is
 * at-least-once), and keeps a replay window so a browser that reconnects with `Last-Event-ID` gets what
 * it missed. Admins and owners hear every message (platform §6); a client's broker or benefits
 * administrator hears only of the shared conversations of their own clients, so their open pages follow
 * a thread as it is written.
 */
export async function startGateway(options: {
  bus: Bus;
  authenticate: Authenticate;
  group: string;
  replayWindow?: number;
  heartbeatMs?: number;
}): Promise<Gateway> {
  const replayWindow = options.replayWindow ?? 1000;
  const window: DeliveredMessage[] = [];
  const seenIds = new Set<string>();
  const clients = new Map<Response, Actor>();
  const censusProgress = new Map<string, { rowsDone: number; rowsTotal: number }>();

  const mayHear = (actor: Actor, message: DeliveredMessage) =>
    isInternal(actor) ||
    (message.topic === 'CONVERSATION_CHANGED' &&
      maySeeThread(actor, { clientId: message.payload.clientId, kind: message.payload.kind }));

  const send = (res: Response, message: DeliveredMessage) => {
    if (!mayHear(clients.get(res)!, message)) return;
    res.write(`id: ${message.offset}\nevent: ${message.topic}\ndata: ${JSON.stringify(message.payload)}\n\n`);
  };

  const consumer: BusConsumer = await options.bus.consume({
    name: options.group,
    topics: BUS_TOPICS,
    onMessage: async (message) => {
      if (seenIds.has(message.id)) return;
      seenIds.add(message.id);
      if (message.topic === 'CENSUS_VALIDATION_PROGRESS') {
        const { documentId, rowsDone, rowsTotal } = message.payload;
        censusProgress.delete(documentId);
        censusProgress.set(documentId, { rowsDone, rowsTotal });
        if (censusProgress.size > CENSUS_PROGRESS_KEPT)
          censusProgress.delete(censusProgress.keys().next().value!);
      }
      window.push(message);
      if (window.length > replayWindow) seenIds.delete(window.shift()!.id);
      for (const res of clients.keys()) send(res, message);
    },
  });

  const heartbeat = setInterval(() => {
    for (const res of clients.keys()) res.write(': keep-alive\n\n');
  }, options.heartbeatMs ?? 25_000);
  heartbeat.unref();

  const router = Router();
  mount(router, eventsStream, async (req, res) => {
    const actor = await requireActor(options.authenticate, req);
    res.writeHead(200, {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    res.write('retry: 3000\n\n');
    clients.set(res, actor);
    const lastEventId = req.header('last-event-id');
    if (lastEventId) {
      const index = window.findIndex((m) => m.offset === lastEventId);
      // An id older than the window: replay the whole window; the messages are idempotent statuses.
      for (const message of window.slice(index + 1)) send(res, message);
    }
    req.on('close', () => clients.delete(res));
  });

  return {
    router,
    connectedClients: () => clients.size,
    censusProgress: (documentId) => censusProgress.get(documentId) ?? null,
    stop: async () => {
      clearInterval(heartbeat);
      for (const res of clients.keys()) res.end();
      clients.clear();
      await consumer.close();
    },
  };
}
