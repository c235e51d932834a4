import type pg from 'pg';
import { statementBatch, type ProjectionTx } from './statement-batch.ts';
import {
  START,
  type AllFilter,
  type EventStore,
  type Position,
  type RecordedEvent,
  type Subscription,
} from '../store/port.ts';
import { backoffMs } from '../backoff.ts';

/**
 * A named consumer of the all-stream whose progress (the checkpoint) lives in PostgreSQL. Projections
 * write read-model rows in `handle`'s transaction, so rows and checkpoint commit together: a crash never
 * applies an event twice or skips one. Reactors (the bus publisher) do their side effect in `react` and
 * the checkpoint commits after it succeeds: at-least-once.
 *
 * A consumer without `react` writes only rows it can rebuild from the events, so its batch transaction
 * commits asynchronously (`synchronous_commit = off`: no wait for the WAL flush). A PostgreSQL crash can
 * lose the last such commits, but rows and checkpoint are lost together, and the runner applies those
 * events again from the older checkpoint (platform/src/projection-database-crash.int.test.ts). Events themselves
 * are always committed synchronously.
 */
export type CheckpointedConsumer = {
  name: string;
  filter?: AllFilter;
  /**
   * Writes read-model rows in the checkpoint's transaction. Its writes that return no rows are sent with
   * the transaction's next read or its commit (statement-batch.ts): a write's error fails the batch.
   * `kept` holds what the consumer's earlier batches left in memory on the runner holding its lock, to
   * spare a read of rows it wrote itself: a value set is kept once the batch commits, and everything is
   * forgotten when a batch fails or the runner starts again. It is absent when batches are applied
   * without a runner (a rebuild). A consumer checks what it kept against its rows in the batch's writes,
   * so a value gone stale fails the batch, which is then applied again from the rows.
   */
  handle?: (events: RecordedEvent[], tx: ProjectionTx, kept?: KeptState) => Promise<void>;
  /**
   * A side effect (publishing to the bus) done before the checkpoint transaction opens, so a slow or
   * failing bus never holds a transaction open; the checkpoint only moves after it resolves.
   */
  react?: (events: RecordedEvent[]) => Promise<void>;
  /** Empties the consumer's own rows, for a rebuild from position zero. */
  reset?: (tx: ProjectionTx) => Promise<void>;
};

export type Logger = {
  info: (obj: object, msg?: string) => void;
  warn: (obj: object, msg?: string) => void;
  error: (obj: object, msg?: string) => void;
};

const silent: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };

export async function readCheckpoint(db: ProjectionTx, name: string, forUpdate = false): Promise<Position> {
  await db.query('insert into checkpoints (name) values ($1) on conflict do nothing', [name]);
  const { rows } = await db.query<{ commit_position: string; prepare_position: string }>(
    `select commit_position, prepare_position from checkpoints where name = $1${forUpdate ? ' for update' : ''}`,
    [name],
  );
  const row = rows[0]!;
  return { commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position) };
}

async function writeCheckpoint(db: ProjectionTx, name: string, position: Position, recordedAt: Date | null) {
  await db.query(
    `update checkpoints set commit_position = $2, prepare_position = $3, last_event_recorded_at = $4,
       updated_at = now() where name = $1`,
    [name, position.commit.toString(), position.prepare.toString(), recordedAt],
  );
}

class StaleRunnerError extends Error {}

/** One consumer's batch: its events, and the checkpoint it moves from `expected` to the last event's. */
type Batch = {
  consumer: CheckpointedConsumer;
  expected: Position;
  events: RecordedEvent[];
  kept?: KeptMemory;
};

/** A consumer's values kept between batches (see `handle`); a batch's own are staged until it commits. */
export type KeptState = { get: (key: string) => unknown; set: (key: string, value: unknown) => void };

/** How many values a runner keeps for its consumer, the least recently written out first. */
const KEPT_VALUES = 256;

type KeptMemory = { stage: () => { view: KeptState; commit: () => void }; forget: () => void };

function keptMemory(): KeptMemory {
  const values = new Map<string, unknown>();
  return {
    stage() {
      const staged = new Map<string, unknown>();
      return {
        view: {
          get: (key) => (staged.has(key) ? staged.get(key) : values.get(key)),
          set: (key, value) => void staged.set(key, value),
        },
        commit() {
          for (const [key, value] of staged) {
            values.delete(key);
            values.set(key, value);
            if (values.size > KEPT_VALUES) values.delete(values.keys().next().value!);
          }
        },
      };
    },
    forget: () => values.clear(),
  };
}

const last = (batch: Batch) => batch.events[batch.events.length - 1]!;

/** The error the checkpoint statement raises when another runner moved one of the checkpoints. */
const MOVED_ON = 'checkpoint moved on';

/**
 * Moves the checkpoint of every batch, from its `expected` position to its last event's, and commits: one
 * round trip (a simple query of a DO block and the commit, the values written as literals). When another
 * runner moved one of them meanwhile the block raises, PostgreSQL skips the rest of the query, commit
 * included, and the caller rolls back. The row locks the update takes make a concurrent runner's update
 * wait for this transaction and then find the position changed. Coming last, the update takes no
 * transaction id before the rows are written: readers of the all-stream see events only below the oldest
 * running one.
 */
function advanceAndCommitSql(tx: pg.PoolClient, batches: readonly Batch[]) {
  const literal = (value: string) => tx.escapeLiteral(value);
  const rows = batches.map((batch) => {
    const { position, recordedAt } = last(batch);
    return `(${[
      batch.consumer.name,
      batch.expected.commit.toString(),
      batch.expected.prepare.toString(),
      position.commit.toString(),
      position.prepare.toString(),
      recordedAt.toISOString(),
    ]
      .map(literal)
      .join(', ')})`;
  });
  return `do $moved$ declare moved bigint; begin
         update checkpoints c set commit_position = v.next_commit::numeric,
           prepare_position = v.next_prepare::numeric, last_event_recorded_at = v.recorded_at::timestamptz,
           updated_at = now()
         from (values ${rows.join(', ')})
           as v(name, commit_position, prepare_position, next_commit, next_prepare, recorded_at)
         where c.name = v.name and c.commit_position = v.commit_position::numeric
           and c.prepare_position = v.prepare_position::numeric;
         get diagnostics moved = row_count;
         if moved <> ${batches.length} then raise exception '${MOVED_ON}'; end if;
       end $moved$;
       commit`;
}

/**
 * Applies batches in one transaction: each consumer's `handle` writes its rows, then one statement moves
 * every checkpoint and the transaction commits; all or nothing. Without a reactor among them (rows that
 * can be rebuilt only) the commit does not wait for the WAL flush. The transaction is kept short: nothing
 * else runs between its statements.
 */
async function applyTogether(pool: pg.Pool, batches: readonly Batch[]) {
  const tx = await pool.connect();
  // A connection that dies between two statements of the batch (PostgreSQL restarted) reports it as an
  // 'error' event; the statement in flight fails the batch, so the event itself needs no more than a listener.
  const ignore = () => undefined;
  tx.on('error', ignore);
  try {
    const isSynchronous = batches.some((batch) => batch.consumer.react);
    const statements = statementBatch(
      tx,
      `begin; set local synchronous_commit to ${isSynchronous ? 'on' : 'off'}`,
    );
    const staged = batches.map((batch) => batch.kept?.stage());
    for (const [i, batch] of batches.entries())
      await batch.consumer.handle?.(batch.events, statements.client, staged[i]?.view);
    try {
      await statements.close(advanceAndCommitSql(tx, batches));
    } catch (error) {
      if (error instanceof Error && error.message === MOVED_ON)
        throw new StaleRunnerError(`${batches.map((b) => b.consumer.name).join(', ')} moved on`);
      throw error;
    }
    for (const stage of staged) stage?.commit();
  } catch (error) {
    for (const batch of batches) batch.kept?.forget();
    await tx.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    tx.off('error', ignore);
    tx.release();
  }
}

/** Applies one batch in its own transaction, after its side effect; refuses if another runner moved on. */
async function applyBatch(pool: pg.Pool, batch: Batch) {
  if (batch.events.length === 0) return batch.expected;
  await batch.consumer.react?.(batch.events);
  await applyTogether(pool, [batch]);
  return last(batch).position;
}

/**
 * Group commit for the projections of one process. The shared feed wakes every caught-up consumer at once,
 * and each would open its own transaction for the same few events: the round trips of begin and of
 * checkpoint with commit each, which at a steady stream of commands were most of the statements
 * PostgreSQL ran. Instead,
 * the batches of consumers without a side effect (`react`) that are ready in the same turn of the event
 * loop, or while the previous group is still committing, are applied in one transaction with one
 * checkpoint update. A group that fails is applied again one batch per transaction, so a consumer whose
 * batch fails (or whose checkpoint another runner moved) fails alone, as it would have on its own.
 */
type BatchGroup = { apply: (batch: Batch) => Promise<Position> };

const batchGroups = new WeakMap<pg.Pool, BatchGroup>();

function batchGroupFor(pool: pg.Pool): BatchGroup {
  const existing = batchGroups.get(pool);
  if (existing) return existing;
  type Waiting = { batch: Batch; done: (outcome: { error: unknown } | null) => void };
  let waiting: Waiting[] = [];
  let isRunning = false;

  const run = async () => {
    isRunning = true;
    while (waiting.length > 0) {
      const group = waiting;
      waiting = [];
      try {
        await applyTogether(
          pool,
          group.map((w) => w.batch),
        );
        for (const w of group) w.done(null);
      } catch (error) {
        if (group.length === 1) {
          group[0]!.done({ error });
          continue;
        }
        await Promise.all(
          group.map((w) =>
            applyTogether(pool, [w.batch]).then(
              () => w.done(null),
              (alone: unknown) => w.done({ error: alone }),
            ),
          ),
        );
      }
    }
    isRunning = false;
  };

  const group: BatchGroup = {
    apply: (batch) => {
      if (batch.events.length === 0 || batch.consumer.react) return applyBatch(pool, batch);
      return new Promise<Position>((resolve, reject) => {
        waiting.push({
          batch,
          done: (outcome) => (outcome ? reject(outcome.error) : resolve(last(batch).position)),
        });
        // The rest of this turn's batches join before the group starts.
        if (!isRunning && waiting.length === 1) setImmediate(() => void run());
      });
    },
  };
  batchGroups.set(pool, group);
  return group;
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
    if (page.events.length > 0)
      position = await applyBatch(pool, { consumer, expected: position, events: page.events });
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

type LockSession = {
  /** A runner of this name runs in this process: it counts for the balance across processes. */
  register: (name: string) => Promise<void>;
  unregister: (name: string) => Promise<void>;
  /**
   * True when this process now holds the consumer's lock; `onLost` is called if the connection dies. False
   * when another process holds it, or when this one already holds its share of the runners.
   */
  tryLock: (name: string, onLost: (error: Error) => void) => Promise<boolean>;
  unlock: (name: string) => Promise<void>;
  /** Whether this process holds more than its share and should hand this runner to another process. */
  shouldHandOver: (name: string) => Promise<boolean>;
};

const lockSessions = new WeakMap<pg.Pool, LockSession>();

/** How long a process trusts its count of the processes that run the same runners. */
const SHARE_TTL_MS = 500;

/**
 * The runners of one process share one connection, outside the pool, for their session-level advisory
 * locks: a held lock never takes a pooled connection away from requests and batches. Advisory locks are
 * re-entrant within a session, so the session also remembers which names this process holds. The
 * connection is opened with the first runner and closed with the last: adding a process adds one
 * connection, whatever it runs.
 *
 * Balance: on that connection the process also holds a shared lock per runner name it runs, so every
 * process can count the processes able to run each name (pg_locks). Its share is the number of names it
 * runs divided by the fewest such processes of any of them, rounded up: it takes no lock beyond its share,
 * and hands over the runners beyond it (a newcomer gets its part within a lock retry or two). When a process
 * dies its connection goes, with its locks: the others' shares grow and they take its runners over at
 * their next retry.
 */
export function lockSessionFor(pool: pg.Pool): LockSession {
  const existing = lockSessions.get(pool);
  if (existing) return existing;
  const holders = new Map<string, (error: Error) => void>();
  // The runners of each name in this process (a test may start two of one name).
  const registered = new Map<string, number>();
  let connection: Promise<pg.Client> | null = null;
  let current: pg.Client | null = null;
  let share: { value: number; at: number } | null = null;
  // The names registered on the current connection (a new connection registers them all again).
  let onClient = new Set<string>();
  // Counts every register and unregister, so a share computed across one is not cached.
  let registrations = 0;

  const lose = (client: pg.Client, error: Error) => {
    if (client !== current) return;
    current = null;
    connection = null;
    share = null;
    onClient = new Set();
    const lost = [...holders.values()];
    holders.clear();
    void client.end().catch(() => undefined);
    for (const onLost of lost) onLost(error);
  };
  const connect = () => {
    connection ??= (async () => {
      // The pool's own client class (pg-pool keeps it as `Client`): no value import of pg here, since the
      // web bundle imports this package's catalogue.
      const Client = (pool as unknown as { Client: typeof pg.Client }).Client;
      // Named as the process's other connections (PGAPPNAME) where it has a name, so a look at pg_locks
      // tells which process holds which runner.
      const client = new Client({
        ...pool.options,
        application_name:
          pool.options.application_name ?? process.env.PGAPPNAME ?? 'checkpointed-runner-locks',
      });
      current = client;
      onClient = new Set();
      client.on('error', (error) => lose(client, error));
      client.on('end', () => lose(client, new Error('lock connection ended')));
      try {
        await client.connect();
        for (const name of registered.keys()) {
          if (onClient.has(name)) continue;
          onClient.add(name);
          await client.query(registerSql, [name]);
        }
      } catch (error) {
        if (current === client) {
          current = null;
          connection = null;
        }
        await client.end().catch(() => undefined);
        throw error;
      }
      return client;
    })();
    return connection;
  };
  const closeIfUnused = async () => {
    if (holders.size > 0 || registered.size > 0 || !connection) return;
    const closing = connection;
    connection = null;
    const client = await closing.catch(() => null);
    if (!client) return;
    if (current === client) current = null;
    await client.end().catch(() => undefined);
  };
  const key = `select hashtext('checkpointed-runner') as a, hashtext($1) as b`;
  // One query at a time on the shared connection.
  let queue: Promise<unknown> = Promise.resolve();
  const query = <T extends pg.QueryResultRow>(client: pg.Client, text: string, values: unknown[]) => {
    const next = queue.then(() => client.query<T>(text, values));
    queue = next.catch(() => undefined);
    return next;
  };
  const unlockSql = `with k as (${key}) select pg_advisory_unlock(k.a, k.b) from k`;
  const member = `select hashtext('checkpointed-runner-process') as a, hashtext($1) as b`;
  const registerSql = `with k as (${member}) select pg_advisory_lock_shared(k.a, k.b) from k`;
  const unregisterSql = `with k as (${member}) select pg_advisory_unlock_shared(k.a, k.b) from k`;

  /** This process's share of the runners: ceil(names it runs / fewest processes running any of them). */
  const shareNow = async (client: pg.Client): Promise<number> => {
    if (share && Date.now() - share.at < SHARE_TTL_MS) return share.value;
    // A count taken while this process registered or dropped a name is not kept (it may be short of one).
    const generation = registrations;
    const names = [...registered.keys()];
    // pg_locks shows a two-key advisory lock's keys as oids: the hashes read as unsigned.
    const { rows } = await query<{ fewest: number | null }>(
      client,
      `with wanted as (
         select (hashtext($1)::bigint + 4294967296) % 4294967296 as a,
                (hashtext(n)::bigint + 4294967296) % 4294967296 as b
           from unnest($2::text[]) as n)
       select min(coalesce(c.processes, 0))::int as fewest
         from wanted w
         left join lateral (
           select count(*) as processes from pg_locks l
            where l.locktype = 'advisory' and l.objsubid = 2 and l.granted
              and l.database = (select oid from pg_database where datname = current_database())
              and l.classid::bigint = w.a and l.objid::bigint = w.b) c on true`,
      ['checkpointed-runner-process', names],
    );
    const processes = Math.max(1, rows[0]?.fewest ?? 1);
    // Of the names registered now (one may have come meanwhile: counting it keeps the share from falling short).
    const value = Math.ceil(registered.size / processes);
    if (generation === registrations) share = { value, at: Date.now() };
    return value;
  };
  // The order in which a process hands its runners over: its own, stable, different from the others'.
  const rank = (name: string) => {
    let h = 2166136261 ^ (current ? ((current as unknown as { processID?: number }).processID ?? 0) : 0);
    for (const c of name) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
    return h >>> 0;
  };

  const session: LockSession = {
    async register(name) {
      registered.set(name, (registered.get(name) ?? 0) + 1);
      registrations += 1;
      share = null;
      const client = await connect();
      if (onClient.has(name)) return;
      onClient.add(name);
      await query(client, registerSql, [name]);
    },
    async unregister(name) {
      const runners = registered.get(name) ?? 0;
      if (runners > 1) registered.set(name, runners - 1);
      if (runners !== 1) return;
      registered.delete(name);
      registrations += 1;
      share = null;
      const client = current;
      if (client && onClient.delete(name)) await query(client, unregisterSql, [name]).catch(() => undefined);
      await closeIfUnused();
    },
    async tryLock(name, onLost) {
      if (holders.has(name)) return false;
      // Claimed before the first await, so a second runner of the same name in this process sees it.
      holders.set(name, onLost);
      try {
        const client = await connect();
        if (holders.size > (await shareNow(client))) {
          if (holders.get(name) === onLost) holders.delete(name);
          return false;
        }
        const { rows } = await query<{ locked: boolean }>(
          client,
          `with k as (${key}) select pg_try_advisory_lock(k.a, k.b) as locked from k`,
          [name],
        );
        if (rows[0]?.locked && holders.get(name) === onLost) return true;
        if (rows[0]?.locked) await query(client, unlockSql, [name]);
        if (holders.get(name) === onLost) holders.delete(name);
        await closeIfUnused();
        return false;
      } catch (error) {
        if (holders.get(name) === onLost) holders.delete(name);
        await closeIfUnused();
        throw error;
      }
    },
    async unlock(name) {
      if (!holders.delete(name)) return;
      const client = current;
      if (client) await query(client, unlockSql, [name]).catch(() => undefined);
      await closeIfUnused();
    },
    async shouldHandOver(name) {
      const client = current;
      if (!client || !holders.has(name)) return false;
      const excess = holders.size - (await shareNow(client));
      if (excess <= 0) return false;
      const order = [...holders.keys()].sort((x, y) => rank(x) - rank(y));
      return order.slice(0, excess).includes(name);
    },
  };
  lockSessions.set(pool, session);
  return session;
}

/**
 * Runs a consumer continuously with at most one active runner per name across all processes: the runner
 * holds a session-level advisory lock (on the process's lock connection); standbys retry the lock. The
 * processes share the runners out (lockSessionFor): a process beyond its share hands runners over between
 * batches, and a batch applies only at the checkpoint it read, so an event is applied once per consumer
 * whoever runs it. If the store subscription or a batch fails, the runner resubscribes from the stored
 * checkpoint with backoff.
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
  const locks = lockSessionFor(pool);
  const group = batchGroupFor(pool);
  let stopped = false;
  let active = false;
  let isLocked = false;
  let subscription: Subscription | null = null;
  let timer: NodeJS.Timeout | null = null;
  let failures = 0;

  const schedule = (fn: () => void, ms: number) => {
    if (stopped) return;
    timer = setTimeout(fn, ms);
  };

  const releaseLock = async () => {
    const wasLocked = isLocked;
    isLocked = false;
    active = false;
    if (wasLocked) await locks.unlock(consumer.name);
  };

  // Losing the lock connection means another runner may take over: stop and start over.
  const onLost = (error: Error) => {
    if (!isLocked) return;
    isLocked = false;
    logger.warn({ err: error, consumer: consumer.name }, 'runner lost its lock connection');
    void restart();
  };

  let registered = false;
  const tryAcquire = async () => {
    if (stopped) return;
    try {
      if (!registered) {
        await locks.register(consumer.name);
        registered = true;
      }
      const locked = await locks.tryLock(consumer.name, onLost);
      if (!locked || stopped) {
        if (locked) await locks.unlock(consumer.name);
        schedule(() => void acquire(), lockRetryMs);
        return;
      }
      isLocked = true;
      active = true;
      await subscribe();
      schedule(() => void balance(), lockRetryMs);
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
    // What the consumer kept is good only from this checkpoint on, with the lock held.
    const kept = keptMemory();
    subscription = store.subscribeToAll({
      from: position,
      filter: consumer.filter,
      batchSize: options.batchSize,
      onBatch: async (events) => {
        position = await group.apply({ consumer, expected: position, events, kept });
        failures = 0;
      },
      onError: (error) => {
        logger.warn({ err: error, consumer: consumer.name }, 'subscription failed; resuming from checkpoint');
        void restart();
      },
    });
  };

  // While active: hands the runner to another process when this one holds more than its share.
  const balance = async () => {
    if (stopped || !isLocked || !subscription) return;
    const handOver = await locks.shouldHandOver(consumer.name).catch(() => false);
    if (stopped || !isLocked || !subscription) return;
    if (!handOver) {
      schedule(() => void balance(), lockRetryMs);
      return;
    }
    logger.info({ consumer: consumer.name }, 'runner handed over to another process');
    const sub = subscription;
    subscription = null;
    await sub.close().catch(() => undefined);
    await releaseLock();
    schedule(() => void acquire(), lockRetryMs);
  };

  const restart = async () => {
    if (timer) clearTimeout(timer);
    const sub = subscription;
    subscription = null;
    await sub?.close().catch(() => undefined);
    await releaseLock();
    failures += 1;
    schedule(() => void acquire(), backoffMs(failures, { baseMs: 100, maxMs: 30_000 }));
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
      if (registered) await locks.unregister(consumer.name);
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
