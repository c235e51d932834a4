import type pg from 'pg';
import {
  comparePositions,
  START,
  type AllFilter,
  type EventStore,
  type Position,
  type RecordedEvent,
  type Subscription,
} from '../store/port.ts';

/**
 * A named consumer of the all-stream whose progress (the checkpoint) lives in PostgreSQL. Projections
 * write read-model rows in `handle`'s transaction, so rows and checkpoint commit together: a crash never
 * applies an event twice or skips one. Reactors (the bus publisher) do their side effect in `react` and
 * the checkpoint commits after it succeeds: at-least-once.
 */
export type CheckpointedConsumer = {
  name: string;
  filter?: AllFilter;
  /** Writes read-model rows in the checkpoint's transaction. */
  handle?: (events: RecordedEvent[], tx: pg.PoolClient) => Promise<void>;
  /**
   * A side effect (publishing to the bus) done before the checkpoint transaction opens, so a slow or
   * failing bus never holds a transaction open; the checkpoint only moves after it resolves.
   */
  react?: (events: RecordedEvent[]) => Promise<void>;
  /** Empties the consumer's own rows, for a rebuild from position zero. */
  reset?: (tx: pg.PoolClient) => Promise<void>;
};

export type Logger = {
  info: (obj: object, msg?: string) => void;
  warn: (obj: object, msg?: string) => void;
  error: (obj: object, msg?: string) => void;
};

const silent: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };

type Queryable = Pick<pg.PoolClient, 'query'>;

export async function readCheckpoint(db: Queryable, name: string, forUpdate = false): Promise<Position> {
  await db.query('insert into checkpoints (name) values ($1) on conflict do nothing', [name]);
  const { rows } = await db.query<{ commit_position: string; prepare_position: string }>(
    `select commit_position, prepare_position from checkpoints where name = $1${forUpdate ? ' for update' : ''}`,
    [name],
  );
  const row = rows[0]!;
  return { commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position) };
}

async function writeCheckpoint(db: Queryable, name: string, position: Position, recordedAt: Date | null) {
  await db.query(
    `update checkpoints set commit_position = $2, prepare_position = $3, last_event_recorded_at = $4,
       updated_at = now() where name = $1`,
    [name, position.commit.toString(), position.prepare.toString(), recordedAt],
  );
}

class StaleRunnerError extends Error {}

/** Applies one batch in one transaction, refusing if another runner moved the checkpoint meanwhile. */
async function applyBatch(
  pool: pg.Pool,
  consumer: CheckpointedConsumer,
  expected: Position,
  events: RecordedEvent[],
) {
  const last = events[events.length - 1];
  if (!last) return expected;
  await consumer.react?.(events);
  const tx = await pool.connect();
  try {
    await tx.query('begin');
    const stored = await readCheckpoint(tx, consumer.name, true);
    if (comparePositions(stored, expected) !== 0) throw new StaleRunnerError(`${consumer.name} moved on`);
    await consumer.handle?.(events, tx);
    await writeCheckpoint(tx, consumer.name, last.position, last.recordedAt);
    await tx.query('commit');
    return last.position;
  } catch (error) {
    await tx.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    tx.release();
  }
}

/** Reads and applies batches until the head, without the lock: for the rebuild command and tests. */
export async function catchUp(options: {
  store: EventStore;
  pool: pg.Pool;
  consumer: CheckpointedConsumer;
  batchSize?: number;
}) {
  const { store, pool, consumer } = options;
  let position = await readCheckpoint(pool, consumer.name);
  for (;;) {
    const page = await store.readAll({
      from: position,
      maxCount: options.batchSize ?? 2000,
      filter: consumer.filter,
    });
    if (page.events.length > 0) position = await applyBatch(pool, consumer, position, page.events);
    if (page.isEnd) return position;
  }
}

/** Empties the consumer's rows and sets its checkpoint back to zero in one transaction. */
export async function resetConsumer(pool: pg.Pool, consumer: CheckpointedConsumer) {
  const tx = await pool.connect();
  try {
    await tx.query('begin');
    await readCheckpoint(tx, consumer.name, true);
    await consumer.reset?.(tx);
    await writeCheckpoint(tx, consumer.name, START, null);
    await tx.query('commit');
  } catch (error) {
    await tx.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    tx.release();
  }
}

export type Runner = { stop: () => Promise<void>; isActive: () => boolean };

/**
 * Runs a consumer continuously with at most one active runner per name across all processes: the runner
 * holds a session-level advisory lock on a dedicated connection; standbys retry the lock. If the store
 * subscription or a batch fails, the runner resubscribes from the stored checkpoint with backoff.
 */
export function startRunner(options: {
  store: EventStore;
  pool: pg.Pool;
  consumer: CheckpointedConsumer;
  logger?: Logger;
  lockRetryMs?: number;
  batchSize?: number;
}): Runner {
  const { store, pool, consumer } = options;
  const logger = options.logger ?? silent;
  const lockRetryMs = options.lockRetryMs ?? 2000;
  let stopped = false;
  let active = false;
  let lockClient: pg.PoolClient | null = null;
  let subscription: Subscription | null = null;
  let timer: NodeJS.Timeout | null = null;
  let failures = 0;

  const schedule = (fn: () => void, ms: number) => {
    if (stopped) return;
    timer = setTimeout(fn, ms);
  };

  let onLockError: ((error: Error) => void) | null = null;
  const releaseLock = async () => {
    const client = lockClient;
    lockClient = null;
    active = false;
    if (!client) return;
    // The connection goes back to the pool: it must not keep this runner's listener.
    if (onLockError) client.off('error', onLockError);
    onLockError = null;
    await client.query('select pg_advisory_unlock_all()').catch(() => undefined);
    client.release();
  };

  const tryAcquire = async () => {
    if (stopped) return;
    try {
      const client = await pool.connect();
      const { rows } = await client.query<{ locked: boolean }>(
        `select pg_try_advisory_lock(hashtext('checkpointed-runner'), hashtext($1)) as locked`,
        [consumer.name],
      );
      if (!rows[0]?.locked || stopped) {
        if (rows[0]?.locked) await client.query('select pg_advisory_unlock_all()').catch(() => undefined);
        client.release();
        schedule(() => void acquire(), lockRetryMs);
        return;
      }
      // Losing the lock connection means another runner may take over: stop and start over.
      onLockError = (error: Error) => {
        logger.warn({ err: error, consumer: consumer.name }, 'runner lost its lock connection');
        void restart();
      };
      client.on('error', onLockError);
      lockClient = client;
      active = true;
      await subscribe();
    } catch (error) {
      if (stopped) return;
      logger.warn({ err: error, consumer: consumer.name }, 'runner could not take its lock');
      schedule(() => void acquire(), lockRetryMs);
    }
  };

  // stop() waits for an acquisition in flight, so no connection or subscription outlives the runner.
  let acquiring: Promise<void> | null = null;
  const acquire = () => {
    acquiring = tryAcquire().finally(() => {
      acquiring = null;
    });
    return acquiring;
  };

  const subscribe = async () => {
    let position = await readCheckpoint(pool, consumer.name);
    if (stopped) return;
    subscription = store.subscribeToAll({
      from: position,
      filter: consumer.filter,
      batchSize: options.batchSize,
      onBatch: async (events) => {
        position = await applyBatch(pool, consumer, position, events);
        failures = 0;
      },
      onError: (error) => {
        logger.warn({ err: error, consumer: consumer.name }, 'subscription failed; resuming from checkpoint');
        void restart();
      },
    });
  };

  const restart = async () => {
    const sub = subscription;
    subscription = null;
    await sub?.close().catch(() => undefined);
    await releaseLock();
    failures += 1;
    schedule(() => void acquire(), Math.min(30_000, 100 * 2 ** Math.min(failures, 8)));
  };

  void acquire();

  return {
    isActive: () => active,
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await acquiring;
      const sub = subscription;
      subscription = null;
      await sub?.close().catch(() => undefined);
      await releaseLock();
    },
  };
}

export type ConsumerStatus = {
  name: string;
  checkpoint: string;
  head: string;
  isCaughtUp: boolean;
  lagMs: number;
};

/**
 * Lag of every consumer: its checkpoint against the store's head, and the age of the oldest event it has
 * not applied yet. A consumer with a filter is caught up when no matching event follows its checkpoint.
 */
export async function consumerStatuses(
  pool: pg.Pool,
  store: EventStore,
  consumers: readonly Pick<CheckpointedConsumer, 'name' | 'filter'>[],
): Promise<ConsumerStatus[]> {
  const head = await store.headPosition();
  const now = Date.now();
  return Promise.all(
    consumers.map(async ({ name, filter }) => {
      const checkpoint = await readCheckpoint(pool, name);
      const next = await store.readAll({ from: checkpoint, maxCount: 1, filter });
      const first = next.events[0];
      return {
        name,
        checkpoint: `${checkpoint.commit}/${checkpoint.prepare}`,
        head: `${head.commit}/${head.prepare}`,
        isCaughtUp: !first,
        lagMs: first ? Math.max(0, now - first.recordedAt.getTime()) : 0,
      };
    }),
  );
}
