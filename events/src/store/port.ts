/**
 * The event-store port. Both adapters (PostgreSQL, EventStoreDB) implement it and pass one contract
 * suite (events/src/store/contract.ts).
 */

/** A global position in the all-stream. Two bigints compared lexicographically: for EventStoreDB the
 * commit and prepare positions; for PostgreSQL the writing transaction id (xid8) and the row sequence. */
export type Position = { readonly commit: bigint; readonly prepare: bigint };

export const START: Position = Object.freeze({ commit: 0n, prepare: 0n });

export function comparePositions(a: Position, b: Position): -1 | 0 | 1 {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
}

/** JSON cannot carry bigint: positions travel as "commit/prepare" decimal strings. */
export function serialisePosition(p: Position): string {
  return `${p.commit.toString()}/${p.prepare.toString()}`;
}

export function parsePosition(text: string): Position {
  const match = /^(\d+)\/(\d+)$/.exec(text);
  if (!match) throw new Error(`Not a position: ${text}`);
  return { commit: BigInt(match[1]!), prepare: BigInt(match[2]!) };
}

export type EventMetadata = {
  actorId: string;
  actorRole: string;
  occurredAt: string; // ISO-8601
  correlationId: string;
  causationId?: string;
};

/** An event about to be appended. `id` is a UUID; re-appending the same ids is idempotent. */
export type NewEvent = {
  id: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
};

export type RecordedEvent = {
  id: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
  streamName: string;
  /** 0-based revision of the event within its stream. */
  revision: bigint;
  position: Position;
  recordedAt: Date;
};

/** `no_stream`: the stream must not exist. `any`: no check. A bigint: the revision of the stream's last event. */
export type ExpectedRevision = 'no_stream' | 'any' | bigint;

export type AppendResult = { nextExpectedRevision: bigint; position: Position };

export type AllFilter = { eventTypes?: readonly string[] };

export type ReadAllPage = {
  events: RecordedEvent[];
  /** Where the next read continues from (exclusive). Advances past filtered-out events too. */
  next: Position;
  isEnd: boolean;
};

export type Subscription = { close: () => Promise<void> };

export type SubscribeOptions = {
  /** Exclusive: the subscription delivers events strictly after this position. */
  from: Position;
  filter?: AllFilter;
  /** Called with consecutive batches in commit order; the next batch waits for the promise. */
  onBatch: (events: RecordedEvent[]) => Promise<void>;
  /** Called when the subscription stops for good because onBatch threw or the store failed. */
  onError?: (error: unknown) => void;
  /** Maximum events per batch (default 500). */
  batchSize?: number;
};

export type EventStore = {
  append: (stream: string, events: readonly NewEvent[], expected: ExpectedRevision) => Promise<AppendResult>;
  /** Events of one stream from `fromRevision` (inclusive), forwards. Empty when the stream does not exist. */
  readStream: (
    stream: string,
    options?: { fromRevision?: bigint; maxCount?: number },
  ) => Promise<RecordedEvent[]>;
  /** One page of the all-stream after `from` (exclusive), in commit order. */
  readAll: (options: { from: Position; maxCount: number; filter?: AllFilter }) => Promise<ReadAllPage>;
  subscribeToAll: (options: SubscribeOptions) => Subscription;
  /** Position of the last committed event visible to readers (START when empty). */
  headPosition: () => Promise<Position>;
  close: () => Promise<void>;
};

/** A stale or wrong expected revision: never a silent overwrite. */
export class WrongExpectedRevisionError extends Error {
  readonly code = 'WRONG_EXPECTED_REVISION';
  constructor(
    readonly stream: string,
    readonly expected: ExpectedRevision,
    readonly actual: bigint | 'no_stream',
  ) {
    super(`Stream ${stream}: expected revision ${String(expected)}, actual ${String(actual)}`);
  }
}
