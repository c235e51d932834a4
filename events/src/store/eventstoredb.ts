import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START as ESDB_START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  eventTypeFilter,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamResolvedEvent,
  type AllStreamSubscription,
  type JSONType,
  type ResolvedEvent,
} from '@eventstore/db-client';
import {
  START,
  WrongExpectedRevisionError,
  comparePositions,
  type AllFilter,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type Position,
  type ReadAllPage,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
} from './port.ts';
import { backoffMs } from '../backoff.ts';

/** EventStoreDB (KurrentDB) adapter of the event-store port, over its gRPC client. */

const DEFAULT_BATCH_SIZE = 500;
const MAX_RESUBSCRIBE_DELAY_MS = 10_000;

type StoredEvent = NonNullable<ResolvedEvent['event']>;

function decodeJson(value: unknown): unknown {
  if (value instanceof Uint8Array) {
    return value.length === 0 ? undefined : JSON.parse(new TextDecoder().decode(value));
  }
  return value;
}

const isSystemType = (type: string) => type.startsWith('$');

function toRecorded(event: StoredEvent, position: Position): RecordedEvent {
  return {
    id: event.id,
    type: event.type,
    data: decodeJson(event.data),
    metadata: decodeJson(event.metadata) as EventMetadata,
    streamName: event.streamId,
    revision: event.revision,
    position,
    recordedAt: event.created,
  };
}

/** A user event with its $all position, or undefined for links, system events and deleted targets. */
function fromAll(resolved: AllStreamResolvedEvent): RecordedEvent | undefined {
  const event = resolved.event;
  if (!event || isSystemType(event.type) || resolved.link) return undefined;
  return toRecorded(event, { commit: event.position.commit, prepare: event.position.prepare });
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function typeMatcher(filter: AllFilter | undefined): (type: string) => boolean {
  const types = filter?.eventTypes;
  if (!types) return () => true;
  const set = new Set(types);
  return (type) => set.has(type);
}

async function appendEvents(
  client: EventStoreDBClient,
  stream: string,
  events: readonly NewEvent[],
  expected: ExpectedRevision,
): Promise<AppendResult> {
  const expectedRevision = expected === 'no_stream' ? NO_STREAM : expected === 'any' ? ANY : expected;
  try {
    const result = await client.appendToStream(
      stream,
      events.map((e) =>
        jsonEvent({ id: e.id, type: e.type, data: (e.data ?? null) as JSONType, metadata: e.metadata }),
      ),
      { expectedRevision },
    );
    return { nextExpectedRevision: result.nextExpectedRevision, position: result.position ?? START };
  } catch (error) {
    if (error instanceof WrongExpectedVersionError) {
      const actual = error.actualVersion;
      throw new WrongExpectedRevisionError(
        stream,
        expected,
        typeof actual === 'bigint' ? actual : 'no_stream',
      );
    }
    throw error;
  }
}

async function readStreamEvents(
  client: EventStoreDBClient,
  stream: string,
  options: { fromRevision?: bigint; maxCount?: number } = {},
): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  try {
    const read = client.readStream(stream, {
      direction: FORWARDS,
      fromRevision: options.fromRevision ?? ESDB_START,
      ...(options.maxCount !== undefined ? { maxCount: options.maxCount } : {}),
    });
    for await (const resolved of read) {
      const event = resolved.event;
      if (!event) continue;
      events.push(toRecorded(event, event.position ?? START));
    }
  } catch (error) {
    if (error instanceof StreamNotFoundError) return [];
    throw error;
  }
  return events;
}

async function readAllEvents(
  client: EventStoreDBClient,
  options: { from: Position; maxCount: number; filter?: AllFilter },
): Promise<ReadAllPage> {
  const { from, maxCount } = options;
  const matches = typeMatcher(options.filter);
  const events: RecordedEvent[] = [];
  let next = from;
  // The server reads from a position inclusively and has no type filter on reads in this client, so
  // read in chunks, skip the event at `from`, and filter here; `next` moves past what was skipped.
  const chunk = Math.max(maxCount, 100) + 1;
  for (;;) {
    let scanned = 0;
    let isPageFull = false;
    const read = client.readAll({
      direction: FORWARDS,
      fromPosition: comparePositions(next, START) === 0 ? ESDB_START : next,
      maxCount: chunk,
    });
    for await (const resolved of read) {
      scanned += 1;
      const raw = resolved.event;
      if (!raw || comparePositions(raw.position, next) <= 0) continue;
      const position = { commit: raw.position.commit, prepare: raw.position.prepare };
      const event = fromAll(resolved);
      if (event && matches(event.type)) {
        events.push(event);
        next = position;
        if (events.length === maxCount) {
          isPageFull = true;
          break;
        }
      } else {
        next = position;
      }
    }
    if (isPageFull) {
      await read.cancel().catch(() => undefined);
      return { events, next, isEnd: false };
    }
    if (scanned < chunk) return { events, next, isEnd: true };
  }
}

async function readHeadPosition(client: EventStoreDBClient): Promise<Position> {
  // The newest entries may be system events (stats, scavenges): look back past them.
  const read = client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 1_000 });
  for await (const resolved of read) {
    const event = fromAll(resolved);
    if (event) {
      await read.cancel().catch(() => undefined);
      return event.position;
    }
  }
  return START;
}

/** A subscription to $all that resubscribes from the last delivered position when the server drops it. */
class AllSubscription implements Subscription {
  private readonly batchSize: number;
  private readonly matches: (type: string) => boolean;
  private delivered: Position; // last position handed to onBatch (or passed by a checkpoint)
  private queuedUpTo: Position;
  private pending: RecordedEvent[] = [];
  private draining: Promise<void> | undefined;
  private current: AllStreamSubscription | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private failures = 0;
  private isClosed = false;

  constructor(
    private readonly client: EventStoreDBClient,
    private readonly options: SubscribeOptions,
    private readonly subscriptions: Set<Subscription>,
  ) {
    this.batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
    this.matches = typeMatcher(options.filter);
    this.delivered = options.from;
    this.queuedUpTo = options.from;
    subscriptions.add(this);
    this.start();
  }

  async close(): Promise<void> {
    const inFlight = this.draining;
    await this.stop();
    await inFlight;
  }

  private async stop(error?: unknown): Promise<void> {
    if (this.isClosed) return;
    this.isClosed = true;
    clearTimeout(this.retryTimer);
    this.subscriptions.delete(this);
    const closing = this.current;
    this.current = undefined;
    this.pending = [];
    await closing?.unsubscribe().catch(() => undefined);
    if (error !== undefined) this.options.onError?.(error);
  }

  // Batches go to onBatch one at a time; the gRPC stream is paused meanwhile, so a slow projection
  // holds the server back instead of buffering without bound.
  private async drain(sub: AllStreamSubscription): Promise<void> {
    try {
      while (this.pending.length > 0 && !this.isClosed) {
        sub.pause();
        const batch = this.pending.splice(0, this.batchSize);
        await this.options.onBatch(batch);
        this.delivered = batch[batch.length - 1]!.position;
      }
    } catch (error) {
      await this.stop(error);
      return;
    } finally {
      this.draining = undefined;
    }
    if (!this.isClosed && this.current === sub) sub.resume();
  }

  private resubscribe(): void {
    this.failures += 1;
    const delay = backoffMs(this.failures, { baseMs: 100, maxMs: MAX_RESUBSCRIBE_DELAY_MS });
    this.retryTimer = setTimeout(() => {
      void (async () => {
        await this.draining;
        if (this.isClosed) return;
        // Undelivered events are dropped and read again from the last delivered position.
        this.pending = [];
        this.queuedUpTo = this.delivered;
        this.start();
      })();
    }, delay);
  }

  private filter() {
    const checkpointReached = (_sub: AllStreamSubscription, position: Position) => {
      // A checkpoint passes only filtered-out events when nothing before it waits for delivery.
      if (this.pending.length === 0 && !this.draining && comparePositions(position, this.delivered) > 0) {
        this.delivered = { commit: position.commit, prepare: position.prepare };
        this.queuedUpTo = this.delivered;
      }
    };
    const types = this.options.filter?.eventTypes;
    return types
      ? eventTypeFilter({ regex: `^(?:${types.map(escapeRegex).join('|')})$`, checkpointReached })
      : excludeSystemEvents({ checkpointReached });
  }

  private receive(sub: AllStreamSubscription, resolved: AllStreamResolvedEvent): void {
    if (this.isClosed || this.current !== sub) return;
    this.failures = 0;
    const event = fromAll(resolved);
    if (!event || !this.matches(event.type) || comparePositions(event.position, this.queuedUpTo) <= 0) return;
    this.queuedUpTo = event.position;
    this.pending.push(event);
    if (this.pending.length >= this.batchSize) sub.pause();
    // Events that arrive in the same turn join one batch.
    if (!this.draining)
      this.draining = new Promise((resolve) => setImmediate(resolve)).then(() => this.drain(sub));
  }

  private start(): void {
    const sub = this.client.subscribeToAll({
      fromPosition: comparePositions(this.delivered, START) === 0 ? ESDB_START : this.delivered,
      filter: this.filter(),
    });
    this.current = sub;
    sub.on('data', (resolved: AllStreamResolvedEvent) => this.receive(sub, resolved));
    sub.on('confirmation', () => {
      this.failures = 0;
    });
    sub.on('error', () => {
      // The client does not resume a broken subscription: drop it and subscribe again from the checkpoint.
      if (this.isClosed || this.current !== sub) return;
      this.current = undefined;
      void sub.unsubscribe().catch(() => undefined);
      this.resubscribe();
    });
  }
}

export function createEventStoreDbEventStore(connectionString: string): EventStore {
  const client = EventStoreDBClient.connectionString(connectionString);
  const subscriptions = new Set<Subscription>();
  return {
    append: (stream, events, expected) => appendEvents(client, stream, events, expected),
    readStream: (stream, options) => readStreamEvents(client, stream, options),
    readAll: (options) => readAllEvents(client, options),
    subscribeToAll: (options) => new AllSubscription(client, options, subscriptions),
    headPosition: () => readHeadPosition(client),
    close: async () => {
      await Promise.all([...subscriptions].map((s) => s.close()));
      await client.dispose();
    },
  };
}
