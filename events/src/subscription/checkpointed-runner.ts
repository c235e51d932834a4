import type pg from 'pg';
import { escapeLiteral, statementBatch, type ProjectionTx } from './statement-batch.ts';
import { partitionOfStream } from '../catalogue/partition-key.ts';
import { partitionLeasesFor, type LeaseOptions } from './partition-leases.ts';
import {
  START,
  comparePositions,
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
   * How many partitions the consumer's work is split into (default 1). Partition i applies the events
   * of the streams `partitionOfStream` puts in i (a client's streams together), with its own checkpoint
   * (`<name>#<i>`) and lease, so several processes apply the consumer's events at once, each stream's in
   * order. Only a consumer whose rows each follow from one client's streams may be split; one that
   * keeps rows across clients, or reacts, keeps one partition (and its checkpoint `<name>`).
   */
  partitions?: number;
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

/**
 * One consumer's batch: its events, and the checkpoint it moves from `expected` to `through` (its last
 * event, or for a partition with no events in the page, the page's last event: the partition has nothing
 * before it left to apply).
 */
type Batch = {
  consumer: CheckpointedConsumer;
  expected: Position;
  events: RecordedEvent[];
  through: Pick<RecordedEvent, 'position' | 'recordedAt'>;
  kept?: KeptMemory;
};

const ofEvents = (batch: Omit<Batch, 'through'>): Batch => ({
  ...batch,
  through: batch.events[batch.events.length - 1] ?? { position: batch.expected, recordedAt: new Date(0) },
});

/** Whether the batch moves its checkpoint at all. */
const moves = (batch: Batch) => comparePositions(batch.through.position, batch.expected) > 0;

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
function advanceAndCommitSql(batches: readonly Batch[]) {
  const rows = batches.map((batch) => {
    const { position, recordedAt } = batch.through;
    return `(${[
      batch.consumer.name,
      batch.expected.commit.toString(),
      batch.expected.prepare.toString(),
      position.commit.toString(),
      position.prepare.toString(),
      recordedAt.toISOString(),
    ]
      .map(escapeLiteral)
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
 * else runs between its statements. `handled` is what the handlers are given, the batches themselves
 * unless the caller joined several partitions' events into one call (`catchUp`).
 */
async function applyTogether(
  pool: pg.Pool,
  batches: readonly Batch[],
  handled: readonly Omit<Batch, 'expected' | 'through'>[] = batches,
) {
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
    const staged = handled.map((batch) => batch.kept?.stage());
    for (const [i, batch] of handled.entries())
      if (batch.events.length > 0)
        await batch.consumer.handle?.(batch.events, statements.client, staged[i]?.view);
    try {
      await statements.close(advanceAndCommitSql(batches));
    } catch (error) {
      if (error instanceof Error && error.message === MOVED_ON)
        throw new StaleRunnerError(`${batches.map((b) => b.consumer.name).join(', ')} moved on`);
      throw error;
    }
    for (const stage of staged) stage?.commit();
  } catch (error) {
    for (const batch of handled) batch.kept?.forget();
    await tx.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    tx.off('error', ignore);
    tx.release();
  }
}

/** Applies one batch in its own transaction, after its side effect; refuses if another runner moved on. */
async function applyBatch(pool: pg.Pool, batch: Batch) {
  if (!moves(batch)) return batch.expected;
  if (batch.events.length > 0) await batch.consumer.react?.(batch.events);
  await applyTogether(pool, [batch]);
  return batch.through.position;
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
      if (!moves(batch) || batch.consumer.react) return applyBatch(pool, batch);
      return new Promise<Position>((resolve, reject) => {
        waiting.push({
          batch,
          done: (outcome) => (outcome ? reject(outcome.error) : resolve(batch.through.position)),
        });
        // The rest of this turn's batches join before the group starts.
        if (!isRunning && waiting.length === 1) setImmediate(() => void run());
      });
    },
  };
  batchGroups.set(pool, group);
  return group;
}

/** The number of partitions the consumers that split their work use. */
export const PARTITIONS = 16;

const partitionsOf = (consumer: Pick<CheckpointedConsumer, 'partitions'>) =>
  Math.max(1, consumer.partitions ?? 1);

/** The checkpoint name of a consumer's partition: its own name when it has one partition. */
export function partitionCheckpointName(
  consumer: Pick<CheckpointedConsumer, 'name' | 'partitions'>,
  partition: number,
) {
  return partitionsOf(consumer) === 1 ? consumer.name : `${consumer.name}#${partition}`;
}

/**
 * The checkpoints of some of a consumer's partitions. A partition's checkpoint starts at the consumer's
 * own (`<name>`): a projection split after running whole goes on from where it was, every partition at
 * once.
 */
export async function readPartitionCheckpoints(
  db: ProjectionTx,
  consumer: Pick<CheckpointedConsumer, 'name' | 'partitions'>,
  partitions: readonly number[],
): Promise<Map<number, Position>> {
  if (partitionsOf(consumer) === 1) return new Map([[0, await readCheckpoint(db, consumer.name)]]);
  const names = partitions.map((p) => partitionCheckpointName(consumer, p));
  // Every partition's at once: from then on the consumer's own checkpoint stays where it is (a trigger
  // of platform migration 0014 keeps a process applying it whole from moving it).
  const all = Array.from({ length: partitionsOf(consumer) }, (_, p) => partitionCheckpointName(consumer, p));
  await db.query(
    `insert into checkpoints (name, commit_position, prepare_position, last_event_recorded_at)
     select n, coalesce(b.commit_position, 0), coalesce(b.prepare_position, 0), b.last_event_recorded_at
       from unnest($2::text[]) as n left join checkpoints b on b.name = $1
     on conflict do nothing`,
    [consumer.name, all],
  );
  const { rows } = await db.query<{ name: string; commit_position: string; prepare_position: string }>(
    'select name, commit_position, prepare_position from checkpoints where name = any($1::text[])',
    [names],
  );
  const byName = new Map(rows.map((r) => [r.name, r]));
  return new Map(
    partitions.map((p) => {
      const row = byName.get(partitionCheckpointName(consumer, p))!;
      return [p, { commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position) }];
    }),
  );
}

const earliest = (positions: Iterable<Position>) =>
  [...positions].reduce((a, b) => (comparePositions(a, b) <= 0 ? a : b));

/**
 * A consumer's partitions as batches: each partition's events of the page that follow its checkpoint,
 * applied under the partition's own checkpoint name (the consumer's when it has one partition). With
 * `idleToo`, a partition the page has no events for moves its checkpoint to the page's last event, so a
 * quiet partition is not left far behind (a process taking it over would read from there).
 */
function partitionBatches(options: {
  consumer: CheckpointedConsumer;
  targets: Map<number, CheckpointedConsumer>;
  positions: ReadonlyMap<number, Position>;
  events: readonly RecordedEvent[];
  kept?: ReadonlyMap<number, KeptMemory>;
  idleToo?: boolean;
}): { partition: number; batch: Batch }[] {
  const { consumer, targets, positions, events } = options;
  const partitions = partitionsOf(consumer);
  const byPartition = new Map<number, RecordedEvent[]>();
  for (const event of events) {
    const partition = partitionOfStream(event.streamName, partitions);
    const at = positions.get(partition);
    if (!at || comparePositions(event.position, at) <= 0) continue;
    const list = byPartition.get(partition);
    if (list) list.push(event);
    else byPartition.set(partition, [event]);
  }
  const pageEnd = events[events.length - 1];
  if (options.idleToo && pageEnd && partitions > 1)
    for (const [partition, at] of positions)
      if (!byPartition.has(partition) && comparePositions(pageEnd.position, at) > 0)
        byPartition.set(partition, []);
  return [...byPartition].map(([partition, list]) => {
    let target = targets.get(partition);
    if (!target) {
      target = { ...consumer, name: partitionCheckpointName(consumer, partition) };
      targets.set(partition, target);
    }
    const expected = positions.get(partition)!;
    const kept = options.kept?.get(partition);
    const batch =
      list.length > 0
        ? ofEvents({ consumer: target, expected, events: list, kept })
        : { consumer: target, expected, events: list, through: pageEnd!, kept };
    return { partition, batch };
  });
}

/**
 * Reads and applies batches until the head, without a lease: for the rebuild command and tests. A split
 * consumer's page is applied to every partition in one transaction, each moving its own checkpoint, so
 * a runner applying a partition meanwhile makes one of them fail rather than apply an event twice. Its
 * handler is called once for the page (the events each partition has not applied yet, in the page's
 * order), as for a consumer applied whole: a rebuild writes a page in one set of statements, not one per
 * partition.
 */
export async function catchUp(options: {
  store: EventStore;
  pool: pg.Pool;
  consumer: CheckpointedConsumer;
  batchSize?: number;
}) {
  const { store, pool, consumer } = options;
  const all = Array.from({ length: partitionsOf(consumer) }, (_, p) => p);
  const positions = await readPartitionCheckpoints(pool, consumer, all);
  const targets = new Map<number, CheckpointedConsumer>();
  const read = (from: Position) => {
    const reading = store.readAll({ from, maxCount: options.batchSize ?? 2000, filter: consumer.filter });
    // Settled whether or not it is awaited: a page read ahead of a batch that fails is dropped.
    reading.catch(() => undefined);
    return reading;
  };
  let next = read(earliest(positions.values()));
  for (;;) {
    const page = await next;
    // The next page is read while this one is applied: the reading connection decodes rows while the
    // writing one works, so neither PostgreSQL nor this process waits for the other.
    if (!page.isEnd) next = read(page.next);
    const batches = partitionBatches({ consumer, targets, positions, events: page.events, idleToo: true });
    if (batches.length === 1 || consumer.react)
      for (const { partition, batch } of batches) positions.set(partition, await applyBatch(pool, batch));
    else if (batches.length > 1) {
      const applied = new Set(batches.flatMap((b) => b.batch.events));
      await applyTogether(
        pool,
        batches.map((b) => b.batch),
        [{ consumer, events: page.events.filter((event) => applied.has(event)) }],
      );
      for (const { partition, batch } of batches) positions.set(partition, batch.through.position);
    }
    if (page.isEnd) return page.next;
  }
}

/** Empties the consumer's rows and sets its checkpoints (every partition's) back to zero in one transaction. */
export async function resetConsumer(pool: pg.Pool, consumer: CheckpointedConsumer) {
  const tx = await pool.connect();
  try {
    await tx.query('begin');
    await readCheckpoint(tx, consumer.name, true);
    await tx.query(`select 1 from checkpoints where starts_with(name, $1) for update`, [`${consumer.name}#`]);
    await consumer.reset?.(tx);
    await writeCheckpoint(tx, consumer.name, START, null);
    await tx.query(
      `update checkpoints set commit_position = 0, prepare_position = 0, last_event_recorded_at = null,
         updated_at = now() where starts_with(name, $1)`,
      [`${consumer.name}#`],
    );
    await tx.query('commit');
  } catch (error) {
    await tx.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    tx.release();
  }
}

export type Runner = { stop: () => Promise<void>; isActive: () => boolean };

/** Runs the tasks given one after the other, each after the one before has ended (failed or not). */
function oneAtATime() {
  let chain: Promise<void> = Promise.resolve();
  return (fn: () => Promise<void>) => {
    const next = chain.then(fn);
    chain = next.catch(() => undefined);
    return next;
  };
}

/**
 * Runs a consumer continuously: this process applies the partitions whose leases it holds
 * (partition-leases.ts), the processes sharing the partitions out, taking over a dead process's within
 * the leases' time, and handing partitions over between batches when another process joins. One
 * subscription serves every partition held, from the earliest of their checkpoints; each partition's
 * batch applies only at the checkpoint it read, so an event is applied once per consumer whoever runs
 * it, even across a hand-over. If the store subscription or a batch fails, the runner resubscribes from
 * the stored checkpoints with backoff.
 */
export function startRunner(options: {
  store: EventStore;
  pool: pg.Pool;
  consumer: CheckpointedConsumer;
  logger?: Logger;
  batchSize?: number;
  /** The partition leases' timing (the first runner of a pool sets it; default: partition-leases.ts). */
  leases?: Pick<LeaseOptions, 'tickMs' | 'ttlMs'>;
}): Runner {
  const { store, pool, consumer } = options;
  const logger = options.logger ?? silent;
  const leases = partitionLeasesFor(pool, {
    ...options.leases,
    onError: (error) => logger.warn({ err: error }, 'runner leases could not be renewed'),
  });
  const group = batchGroupFor(pool);
  const targets = new Map<number, CheckpointedConsumer>();
  let held: ReadonlySet<number> = new Set();
  let stopped = false;
  let subscription: Subscription | null = null;
  let timer: NodeJS.Timeout | null = null;
  let failures = 0;
  // Switches (new partitions, restarts) run one at a time.
  const serially = oneAtATime();

  const close = async () => {
    const sub = subscription;
    subscription = null;
    await sub?.close().catch(() => undefined);
  };

  const subscribe = async () => {
    if (stopped || held.size === 0 || subscription) return;
    const partitions = [...held];
    const positions = await readPartitionCheckpoints(pool, consumer, partitions);
    if (stopped) return;
    // What the consumer kept is good only from these checkpoints on, with the leases held.
    const kept = new Map(partitions.map((p) => [p, keptMemory()]));
    let idleMovedAt = 0;
    subscription = store.subscribeToAll({
      from: earliest(positions.values()),
      filter: consumer.filter,
      batchSize: options.batchSize,
      onBatch: async (events) => {
        // Quiet partitions move along at most once a second, or with every full batch (catching up).
        const idleToo = Date.now() - idleMovedAt > 1000 || events.length >= (options.batchSize ?? 500);
        if (idleToo) idleMovedAt = Date.now();
        const batches = partitionBatches({ consumer, targets, positions, events, kept, idleToo });
        await Promise.all(
          batches.map(async ({ partition, batch }) => {
            positions.set(partition, await group.apply(batch));
          }),
        );
        failures = 0;
      },
      onError: (error) => {
        logger.warn({ err: error, consumer: consumer.name }, 'subscription failed; resuming from checkpoint');
        void serially(restart);
      },
    });
  };

  const restart = async () => {
    await close();
    failures += 1;
    if (timer) clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(
      () => void serially(subscribe).catch(() => serially(restart)),
      backoffMs(failures, { baseMs: 100, maxMs: 30_000 }),
    );
  };

  const leave = leases.join(consumer.name, partitionsOf(consumer), (next) =>
    serially(async () => {
      if (timer) clearTimeout(timer);
      await close();
      const gained = [...next].filter((p) => !held.has(p)).length;
      const lost = [...held].filter((p) => !next.has(p)).length;
      if (gained + lost > 0)
        logger.info(
          { consumer: consumer.name, partitions: [...next], gained, lost },
          'runner partitions changed',
        );
      held = next;
      await subscribe();
    }),
  );

  return {
    isActive: () => held.size > 0,
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await leave();
      await serially(close);
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
  consumers: readonly Pick<CheckpointedConsumer, 'name' | 'filter' | 'partitions'>[],
): Promise<ConsumerStatus[]> {
  const head = await store.headPosition();
  const now = Date.now();
  return Promise.all(
    consumers.map(async (consumer) => {
      const { name, filter } = consumer;
      const partitions = partitionsOf(consumer);
      const all = Array.from({ length: partitions }, (_, p) => p);
      const positions = await readPartitionCheckpoints(pool, consumer, all);
      const checkpoint = earliest(positions.values());
      // The first event a partition has not applied: past the earliest checkpoint the others' events may
      // follow, already applied (a quiet partition's checkpoint moves along only once a second).
      let first: RecordedEvent | undefined;
      for (let from = checkpoint; ;) {
        const page = await store.readAll({ from, maxCount: partitions === 1 ? 1 : 500, filter });
        first = page.events.find(
          (e) =>
            comparePositions(e.position, positions.get(partitionOfStream(e.streamName, partitions))!) > 0,
        );
        if (first || page.isEnd) break;
        from = page.next;
      }
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
