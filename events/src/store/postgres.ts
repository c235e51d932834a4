import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import * as pgListen from 'pg-listen';
import type { Subscriber } from 'pg-listen';
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

/**
 * PostgreSQL adapter of the event-store port.
 *
 * Order of the all-stream is (writing transaction id, row sequence), and readers only see transactions
 * below the current snapshot's xmin: a sequence alone is not a safe subscription order, because a
 * transaction that took a later sequence value can commit before one that took an earlier value, and a
 * reader that already moved past it would skip the earlier one for good.
 */

const CHANNEL = 'es_events';
const DEFAULT_POLL_INTERVAL_MS = 250;
const DEFAULT_BATCH_SIZE = 500;

export type PostgresEventStoreOptions = {
  pool: pg.Pool;
  /** For the dedicated LISTEN connection: notifications never go through a pooled connection. */
  connectionString: string;
  /** Fallback polling for subscriptions, since a NOTIFY sent while disconnected is lost. */
  pollIntervalMs?: number;
};

type EventRow = {
  tx: string;
  global_position: string;
  event_id: string;
  stream_name: string;
  stream_revision: string;
  event_type: string;
  data: unknown;
  metadata: EventMetadata;
  recorded_ms: string;
};

// The time as whole epoch milliseconds (what a Date holds): parsing timestamptz text costs more than the
// rest of a row.
const EVENT_COLUMNS = `transaction_id::text as tx, global_position, event_id, stream_name, stream_revision,
  event_type, data, metadata, floor(extract(epoch from recorded_at) * 1000)::text as recorded_ms`;

const VISIBLE = 'transaction_id < pg_snapshot_xmin(pg_current_snapshot())';

function toRecorded(row: EventRow): RecordedEvent {
  return {
    id: row.event_id,
    type: row.event_type,
    data: row.data,
    metadata: row.metadata,
    streamName: row.stream_name,
    revision: BigInt(row.stream_revision),
    position: { commit: BigInt(row.tx), prepare: BigInt(row.global_position) },
    recordedAt: new Date(Number(row.recorded_ms)),
  };
}

// The stream row is the lock: each form either claims the next revisions or returns no row, and
// PostgreSQL re-checks the condition after waiting for a concurrent writer of the same stream.
const CLAIM: Record<'no_stream' | 'any' | 'exact', string> = {
  no_stream: `insert into es_streams (stream_name, revision) values ($1, $2::bigint - 1)
    on conflict (stream_name) do nothing returning revision`,
  any: `insert into es_streams (stream_name, revision) values ($1, $2::bigint - 1)
    on conflict (stream_name) do update set revision = es_streams.revision + $2::bigint returning revision`,
  exact: `update es_streams set revision = revision + $2::bigint
    where stream_name = $1 and revision = $9::bigint returning revision`,
};

// One statement, hence one implicit transaction and one round trip: claim the revisions, insert the
// events, and return each one's position. No NOTIFY in here: PostgreSQL serialises the commits of all
// transactions that notify (a global lock held through the commit's fsync), which cut concurrent append
// throughput by 2-3x.
//
// `is_next` says whether these events come right after the feed's end ($7, $8): no event committed
// between, and none can commit below them later. Every transaction with a lower id is then either
// committed and seen by this statement's snapshot (the first event after the feed's end, through the
// position index, is none or of a later transaction: these events themselves are not seen), or one of
// those the snapshot does not see (running when it was taken, or given an id since), each of which is
// still running and holds no lock on es_events. An appender takes that lock before its transaction id
// and keeps it until it has committed (appendersHorizon), so such a transaction never appends; one that
// ended meanwhile, or an appender still running, answers false and the feed reads the log as before.
function appendSql(form: keyof typeof CLAIM): string {
  return `with claimed as (${CLAIM[form]}),
    inserted as (
      insert into es_events (event_id, stream_name, stream_revision, event_type, data, metadata)
      select e.id, $1, claimed.revision - $2::bigint + e.ord, e.type, e.data::jsonb, e.metadata::jsonb
      from claimed,
        unnest($3::uuid[], $4::text[], $5::text[], $6::text[]) with ordinality as e(id, type, data, metadata, ord)
      order by e.ord
      returning transaction_id, global_position, stream_revision, recorded_at
    ),
    own as (select distinct transaction_id as xid, transaction_id::text::bigint as xid64 from inserted),
    locks as materialized (
      select l.locktype, l.transactionid::text::bigint as xid32, l.pid, l.relation, l.database from pg_locks l
      where l.granted and (l.locktype = 'transactionid' and l.mode = 'ExclusiveLock' or l.locktype = 'relation')
    ),
    unseen as (
      select x::text::bigint as xid from pg_snapshot_xip(pg_current_snapshot()) as x
      union all
      select generate_series(pg_snapshot_xmax(pg_current_snapshot())::text::bigint, own.xid64 - 1) from own
    ),
    next as (
      select $7::text::xid8 is not null
        and coalesce((
          select e.transaction_id from es_events e
          where (e.transaction_id, e.global_position) > ($7::text::xid8, $8::bigint)
          order by e.transaction_id, e.global_position limit 1
        ) > (select xid from own), true)
        and not exists (
          select 1 from unseen u, own where u.xid < own.xid64 and not exists (
            select 1 from locks t where t.locktype = 'transactionid' and t.xid32 = u.xid % 4294967296
              and not exists (
                select 1 from locks r where r.pid = t.pid and r.locktype = 'relation'
                  and r.relation = 'es_events'::regclass
                  and r.database = (select oid from pg_database where datname = current_database())
              )
          )
        ) as is_next
    )
    select transaction_id::text as tx, global_position, stream_revision,
      floor(extract(epoch from recorded_at) * 1000)::text as recorded_ms, next.is_next
    from inserted, next order by stream_revision`;
}

const APPEND_SQL = { no_stream: appendSql('no_stream'), any: appendSql('any'), exact: appendSql('exact') };

type Wakeups = { add: (wake: () => void) => () => void; close: () => Promise<void> };

/**
 * One LISTEN connection per store, shared by all its subscriptions, opened on first use. pg-listen
 * reconnects on its own; its retry timeout (3 s by default) is lifted so it never gives up, and every
 * (re)connect wakes the subscriptions so they catch up on what was committed while disconnected. A
 * notification carries the sending store's id: the store's own appends have woken its subscriptions
 * already, so its own notifications are ignored.
 */
function createWakeups(connectionString: string, ownId: string): Wakeups {
  const wakes = new Set<() => void>();
  let subscriber: Subscriber | undefined;
  let closed = false;
  const wakeAll = () => {
    for (const wake of wakes) wake();
  };
  const start = () => {
    // pg-listen is CommonJS with an `exports.default`; unwrap whichever shape the loader hands over.
    const loaded = pgListen as unknown as { default: unknown };
    const create = (
      typeof loaded.default === 'function' ? loaded.default : (loaded.default as { default: unknown }).default
    ) as typeof pgListen.default;
    const created = create(
      { connectionString, application_name: 'es_events_listener' },
      {
        retryTimeout: Infinity,
        retryLimit: Infinity,
        retryInterval: (attempt) => backoffMs(attempt, { baseMs: 250, maxMs: 5_000 }),
        paranoidChecking: 10_000,
        parse: (payload) => payload,
      },
    );
    subscriber = created;
    created.events.on('notification', ({ payload }) => {
      if (payload !== ownId) wakeAll();
    });
    created.events.on('connected', () => {
      // pg-listen's reconnect loop does not look at close(): end a connection it made afterwards.
      if (closed) void created.close().catch(() => undefined);
      else wakeAll();
    });
    // Errors are transient for us (polling continues); the listener keeps reconnecting by itself.
    created.events.on('error', wakeAll);
    // Registered before connecting so pg-listen re-LISTENs after its own reconnects, including when
    // this first connect fails and its reconnect loop takes over.
    created.listenTo(CHANNEL)?.catch(() => undefined);
    created.connect().catch(() => undefined);
  };
  return {
    add(wake) {
      if (closed) return () => undefined;
      if (!subscriber) start();
      wakes.add(wake);
      return () => wakes.delete(wake);
    },
    async close() {
      closed = true;
      wakes.clear();
      if (subscriber) await subscriber.close().catch(() => undefined);
    },
  };
}

const TRANSIENT_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);

function isTransient(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as Error & { code?: string }).code;
  if (code && (TRANSIENT_CODES.has(code) || code.startsWith('08'))) return true;
  return /Connection terminated|timeout exceeded when trying to connect/i.test(error.message);
}

function errorCode(error: unknown): string | undefined {
  return error instanceof Error ? (error as Error & { code?: string }).code : undefined;
}

/**
 * The wake-up is sent after the append commits, from its own read-only transaction, and coalesced: the
 * first append sends at once, later ones at most every NOTIFY_INTERVAL_MS while appends keep coming.
 * Losing one (a crash right after commit) only delays readers until their next poll.
 */
const NOTIFY_INTERVAL_MS = 10;

function createNotifier(pool: pg.Pool, ownId: string) {
  let inFlight: Promise<void> | undefined;
  let isWanted = false;
  const send = async (): Promise<void> => {
    while (isWanted) {
      isWanted = false;
      await pool
        .query({ name: 'es_notify', text: `select pg_notify('${CHANNEL}', $1)`, values: [ownId] })
        .catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, NOTIFY_INTERVAL_MS));
    }
  };
  return {
    notify() {
      isWanted = true;
      inFlight ??= send().finally(() => {
        inFlight = undefined;
      });
    },
    settled: async () => {
      await inFlight;
    },
  };
}

/** How many of the latest events the shared feed keeps for subscriptions that are caught up. */
const FEED_WINDOW = 5_000;
const FEED_PAGE = 1_000;

/**
 * The all-stream's horizon counting appenders only. Readers normally see events below the oldest running
 * transaction id (xmin), so any long transaction, such as a projection's batch, holds every reader back.
 * Only a transaction that inserts into es_events can add events behind ones already committed, and an
 * append is one statement whose lock on es_events is taken before it gets its transaction id and kept
 * until it has committed. So: with xmax read first, and the running appenders (those holding that lock,
 * with the transaction id they hold) read after it, every appender below the returned horizon has ended
 * before the next statement's snapshot is taken, and an event committed below it is final.
 */
async function appendersHorizon(pool: pg.Pool): Promise<bigint> {
  const { rows } = await pool.query<{ xmax: string; xids: string[] | null }>({
    name: 'es_appenders_horizon',
    text: `select pg_snapshot_xmax(pg_current_snapshot())::text as xmax,
      (select array_agg(x.transactionid::text) from pg_locks r
        join pg_locks x on x.pid = r.pid and x.locktype = 'transactionid' and x.mode = 'ExclusiveLock'
          and x.granted
        where r.locktype = 'relation' and r.relation = 'es_events'::regclass
          and r.database = (select oid from pg_database where datname = current_database())
          and r.mode = 'RowExclusiveLock' and r.granted) as xids`,
  });
  const xmax = BigInt(rows[0]!.xmax);
  let horizon = xmax;
  for (const text of rows[0]!.xids ?? []) {
    // pg_locks shows 32-bit transaction ids: place each just below xmax (one assigned after xmax read
    // is at or above it, hence ignored).
    const distance = ((((xmax % 2n ** 32n) - BigInt(text)) % 2n ** 32n) + 2n ** 32n) % 2n ** 32n;
    if (distance === 0n || distance > 2n ** 31n) continue;
    const xid = xmax - distance;
    if (xid < horizon) horizon = xid;
  }
  return horizon;
}

type FeedPage = { page: RecordedEvent[]; isHeld: boolean; isEnd: boolean };

/** A page of the all-stream after `from`, and whether rows are committed above the visibility horizon. */
async function readFeedPage(pool: pg.Pool, from: Position, horizon: bigint | null): Promise<FeedPage> {
  const { rows } = await pool.query<EventRow & { is_held: boolean }>({
    name: 'es_feed',
    text: `with page as (
        select ${EVENT_COLUMNS}, false as is_held from es_events
        where (transaction_id, global_position) > ($1::text::xid8, $2::bigint)
          and transaction_id < greatest(pg_snapshot_xmin(pg_current_snapshot()), $4::text::xid8)
        order by transaction_id, global_position limit $3
      )
      select * from page
      union all
      select null, null, null, null, null, null, null, null, null, true
      where (select max(transaction_id) from es_events)
        >= greatest(pg_snapshot_xmin(pg_current_snapshot()), $4::text::xid8)`,
    values: [from.commit.toString(), from.prepare.toString(), FEED_PAGE, (horizon ?? 0n).toString()],
  });
  const page = rows.filter((row) => !row.is_held).map(toRecorded);
  return { page, isHeld: rows.some((row) => row.is_held), isEnd: page.length < FEED_PAGE };
}

/** A page of the all-stream after `from`; when held back by a running transaction, asks the appenders. */
async function readFeedNext(pool: pg.Pool, from: Position): Promise<FeedPage> {
  const first = await readFeedPage(pool, from, null);
  if (!first.isEnd || !first.isHeld) return first;
  const horizon = await appendersHorizon(pool);
  const more = await readFeedPage(pool, first.page.at(-1)?.position ?? from, horizon);
  return { page: [...first.page, ...more.page], isHeld: more.isHeld, isEnd: more.isEnd };
}

/** The index of the first event after `from` in events ordered by position. */
function firstAfter(events: readonly RecordedEvent[], from: Position): number {
  let low = 0;
  let high = events.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (comparePositions(events[mid]!.position, from) <= 0) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * One reader of the all-stream per store, shared by all its subscriptions: it reads each new page once,
 * unfiltered, and keeps the latest events in memory, so a caught-up subscription takes its events from
 * the window instead of querying (fourteen consumers used to query on every wake-up). The window holds
 * every event between its start and end, so any subscription at a position inside it gets exactly what a
 * query would give. A subscription that falls behind the window reads the table itself until it is back.
 *
 * After a short page, the same statement says whether rows are committed above the visibility horizon
 * (a transaction with a lower id was still running); only then the feed asks which appenders are running
 * (appendersHorizon) and reads on up to the oldest of them. That question reads the newest transaction
 * id through the position index (max): an existence test over the table is planned as a scan of it, which
 * grows with the store and ran on every wake-up.
 *
 * The events this process appends are handed to the feed by the append itself, with the positions its
 * statement returned, when that statement found them to come right after the window's end with nothing
 * older still to commit (`handOver`): a save then costs its subscriptions no read of the log. Any doubt
 * (an appender still running, the window moved meanwhile) wakes the feed to read instead.
 */
type HandedOver = { from: Position; events: () => RecordedEvent[] };

class Feed {
  private readonly wakes = new Set<() => void>();
  private events: RecordedEvent[] = [];
  private start: Position | null = null; // exclusive; null: not started
  private end: Position = START;
  private running: Promise<void> | null = null;
  private isReading = false;
  private isHeld = false;
  private handedOver: HandedOver[] = [];
  private isClosed = false;
  private isWoken = false;
  private wakeWaiter: (() => void) | undefined;
  private removeWakeup: (() => void) | undefined;

  constructor(
    private readonly pool: pg.Pool,
    private readonly wakeups: Wakeups,
    private readonly pollIntervalMs: number,
    private readonly headPosition: () => Promise<Position>,
  ) {}

  /** Called when the feed grows or resets; returns the removal. */
  add(subscriberWake: () => void): () => void {
    this.wakes.add(subscriberWake);
    this.ensureRunning();
    return () => {
      this.wakes.delete(subscriberWake);
      if (this.wakes.size === 0) this.wakeWaiter?.();
    };
  }

  /**
   * The caught-up path: up to `max` events after `from` that pass `filter`, and the position to read on
   * from, or null when `from` is older than the window (the subscription then reads the table itself).
   */
  take(from: Position, max: number, filter: AllFilter | undefined): ReadAllPage | null {
    if (this.start === null || comparePositions(from, this.start) < 0) return null;
    const types = filter?.eventTypes ? new Set(filter.eventTypes) : null;
    const taken: RecordedEvent[] = [];
    for (let i = firstAfter(this.events, from); i < this.events.length; i += 1) {
      const event = this.events[i]!;
      if (types && !types.has(event.type)) continue;
      taken.push(event);
      if (taken.length === max) {
        // More may follow: the next read starts right after the last one taken.
        return { events: taken, next: event.position, isEnd: i === this.events.length - 1 };
      }
    }
    // Everything up to the end of the window was seen; never move back behind `from`.
    const next = comparePositions(this.end, from) > 0 ? this.end : from;
    return { events: taken, next, isEnd: true };
  }

  /**
   * Where an append's events would have to start to be handed over: the window's end, if it has one and
   * the last read found no running appender holding events back.
   */
  handOverFrom(): Position | null {
    return this.start === null || this.isHeld ? null : this.end;
  }

  /**
   * Takes the events this process appended, which its append found to come right after `from` with
   * nothing older still to commit, instead of reading them back; during a read, once it has ended. Only
   * while the window still ends at `from`: otherwise the feed reads. When the last read found events held
   * back by a running appender (this one, or one whose commit woke the feed meanwhile), it reads on too.
   */
  handOver(from: Position, events: () => RecordedEvent[]): void {
    if (this.isClosed || this.start === null) this.wake();
    else if (this.isReading) this.handedOver.push({ from, events });
    else this.takeOver({ from, events });
  }

  private takeOver({ from, events }: HandedOver): void {
    if (comparePositions(this.end, from) !== 0) return this.wake();
    this.extend(events());
    if (this.isHeld) this.wake();
  }

  readonly wake = (): void => {
    this.isWoken = true;
    this.wakeWaiter?.();
  };

  async close(): Promise<void> {
    this.isClosed = true;
    this.wakes.clear();
    this.wakeWaiter?.();
    await this.running;
  }

  private wakeSubscribers(): void {
    for (const wake of this.wakes) wake();
  }

  private sleep(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      if (this.isClosed || this.wakes.size === 0) return resolve();
      const done = () => {
        clearTimeout(timer);
        this.wakeWaiter = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakeWaiter = done;
    });
  }

  private reset(): void {
    this.start = null;
    this.events = [];
    this.wakeSubscribers();
  }

  /** Adds a page read after the window's end, dropping the oldest events beyond the window. */
  private extend(page: readonly RecordedEvent[]): void {
    if (page.length === 0) return;
    this.events.push(...page);
    this.end = page[page.length - 1]!.position;
    if (this.events.length > FEED_WINDOW) {
      const dropped = this.events.splice(0, this.events.length - FEED_WINDOW);
      this.start = dropped[dropped.length - 1]!.position;
    }
    this.wakeSubscribers();
  }

  private async loop(): Promise<void> {
    let failures = 0;
    while (!this.isClosed && this.wakes.size > 0) {
      this.isWoken = false;
      try {
        this.isReading = true;
        if (this.start === null) {
          this.end = await this.headPosition();
          this.start = this.end;
          this.events = [];
        }
        const { page, isEnd, isHeld } = await readFeedNext(this.pool, this.end);
        this.isReading = false;
        this.isHeld = isHeld;
        failures = 0;
        this.extend(page);
        for (const handed of this.handedOver.splice(0)) this.takeOver(handed);
        if (!isEnd || this.isWoken) continue;
        // What is still held back waits for a running appender, whose commit wakes the feed (directly in
        // this process, by NOTIFY from another): no need to look again before that.
        await this.sleep(this.pollIntervalMs);
      } catch {
        // Subscriptions fall back to their own reads, which report errors as they always did.
        this.isReading = false;
        this.handedOver = [];
        this.reset();
        failures += 1;
        await this.sleep(backoffMs(failures, { baseMs: this.pollIntervalMs, maxMs: 10_000 }));
      }
    }
  }

  private ensureRunning(): void {
    if (this.isClosed || this.running) return;
    this.removeWakeup ??= this.wakeups.add(this.wake);
    this.running = this.loop().finally(() => {
      this.running = null;
      this.reset();
      this.removeWakeup?.();
      this.removeWakeup = undefined;
      if (!this.isClosed && this.wakes.size > 0) this.ensureRunning();
    });
  }
}

async function currentRevision(pool: pg.Pool, stream: string): Promise<bigint | 'no_stream'> {
  const { rows } = await pool.query<{ revision: string }>(
    'select revision from es_streams where stream_name = $1',
    [stream],
  );
  return rows[0] ? BigInt(rows[0].revision) : 'no_stream';
}

/** After a refused append: the same ids already stored in this stream, in this order, is a retry. */
async function settleRefusedAppend(
  pool: pg.Pool,
  stream: string,
  events: readonly NewEvent[],
  expected: ExpectedRevision,
): Promise<AppendResult> {
  const { rows } = await pool.query<EventRow>(
    `select ${EVENT_COLUMNS} from es_events where event_id = any($1::uuid[])`,
    [events.map((e) => e.id)],
  );
  if (rows.length === 0)
    throw new WrongExpectedRevisionError(stream, expected, await currentRevision(pool, stream));
  const byId = new Map(rows.map((row) => [row.event_id, row]));
  const stored = events.map((e) => byId.get(e.id));
  const first = stored[0];
  const isSameAppend =
    first !== undefined &&
    stored.every(
      (row, i) =>
        row !== undefined &&
        row.stream_name === stream &&
        BigInt(row.stream_revision) === BigInt(first.stream_revision) + BigInt(i),
    );
  if (!isSameAppend) {
    throw new Error(
      `Stream ${stream}: some of these event ids are already stored, but not as this exact append; refusing a partial re-append`,
    );
  }
  const last = toRecorded(stored[stored.length - 1]!);
  return { nextExpectedRevision: last.revision, position: last.position };
}

/** An append of no events: checks the expected revision only. */
async function appendNothing(
  pool: pg.Pool,
  stream: string,
  expected: ExpectedRevision,
): Promise<AppendResult> {
  const actual = await currentRevision(pool, stream);
  const matches =
    expected === 'any' || (expected === 'no_stream' ? actual === 'no_stream' : actual === expected);
  if (!matches) throw new WrongExpectedRevisionError(stream, expected, actual);
  return {
    nextExpectedRevision: actual === 'no_stream' ? -1n : actual,
    position: await readHeadPosition(pool),
  };
}

/**
 * What an append tells the store's feed: `from` is the feed's end when the append was sent (null when the
 * feed has not started); `appended` is called after the commit with the events as the log now holds them
 * when they come right after that end (nothing between, nothing older still to come), else with null.
 */
type AppendFeed = { from: Position | null; appended: (events: (() => RecordedEvent[]) | null) => void };

type AppendedRow = {
  tx: string;
  global_position: string;
  stream_revision: string;
  recorded_ms: string;
  is_next: boolean;
};

/** Appends the events, or settles a refusal; `feed.appended` wakes the readers after a commit. */
async function appendEvents(
  pool: pg.Pool,
  feed: AppendFeed,
  stream: string,
  events: readonly NewEvent[],
  expected: ExpectedRevision,
): Promise<AppendResult> {
  if (events.length === 0) return appendNothing(pool, stream, expected);
  if (new Set(events.map((e) => e.id)).size !== events.length) {
    throw new Error(`Stream ${stream}: the same event id appears twice in one append`);
  }
  const form = expected === 'no_stream' || expected === 'any' ? expected : 'exact';
  const data = events.map((e) => JSON.stringify(e.data ?? null));
  const metadata = events.map((e) => JSON.stringify(e.metadata));
  const values: unknown[] = [
    stream,
    events.length,
    events.map((e) => e.id),
    events.map((e) => e.type),
    data,
    metadata,
    feed.from?.commit.toString() ?? null,
    feed.from?.prepare.toString() ?? null,
  ];
  if (form === 'exact') values.push((expected as bigint).toString());
  try {
    const { rows } = await pool.query<AppendedRow>({
      name: `es_append_${form}`,
      text: APPEND_SQL[form],
      values,
    });
    const last = rows[rows.length - 1];
    if (!last) return await settleRefusedAppend(pool, stream, events, expected);
    // The events as a read of the log gives them: their JSON parsed back, their positions and times.
    const recorded = () =>
      rows.map((row, i) => ({
        id: events[i]!.id,
        type: events[i]!.type,
        data: JSON.parse(data[i]!) as unknown,
        metadata: JSON.parse(metadata[i]!) as EventMetadata,
        streamName: stream,
        revision: BigInt(row.stream_revision),
        position: { commit: BigInt(row.tx), prepare: BigInt(row.global_position) },
        recordedAt: new Date(Number(row.recorded_ms)),
      }));
    feed.appended(last.is_next ? recorded : null);
    return {
      nextExpectedRevision: BigInt(last.stream_revision),
      position: { commit: BigInt(last.tx), prepare: BigInt(last.global_position) },
    };
  } catch (error) {
    if (errorCode(error) === '23505') return await settleRefusedAppend(pool, stream, events, expected);
    throw error;
  }
}

// A stream is read whole on every command and history view: rows come as arrays (no object per row
// with named keys), without the stream name the caller already has.
async function readStreamEvents(
  pool: pg.Pool,
  stream: string,
  readOptions: { fromRevision?: bigint; maxCount?: number } = {},
): Promise<RecordedEvent[]> {
  const { rows } = await pool.query<[string, string, string, string, string, unknown, EventMetadata, string]>(
    {
      name: 'es_read_stream',
      text: `select transaction_id::text, global_position, event_id, stream_revision, event_type, data, metadata,
        floor(extract(epoch from recorded_at) * 1000)::text
      from es_events where stream_name = $1 and stream_revision >= $2::bigint
      order by stream_revision limit $3`,
      values: [stream, (readOptions.fromRevision ?? 0n).toString(), readOptions.maxCount ?? null],
      rowMode: 'array',
    },
  );
  return rows.map(([tx, globalPosition, id, revision, type, data, metadata, recordedMs]) => ({
    id,
    type,
    data,
    metadata,
    streamName: stream,
    revision: BigInt(revision),
    position: { commit: BigInt(tx), prepare: BigInt(globalPosition) },
    recordedAt: new Date(Number(recordedMs)),
  }));
}

type ReadAllOptions = { from: Position; maxCount: number; filter?: AllFilter };

async function readAllEvents(pool: pg.Pool, readOptions: ReadAllOptions): Promise<ReadAllPage> {
  const { from, maxCount } = readOptions;
  const types = readOptions.filter?.eventTypes;
  if (types) return readAllOfTypes(pool, from, maxCount, types);
  const { rows } = await pool.query<EventRow>({
    name: 'es_read_all',
    text: `select ${EVENT_COLUMNS} from es_events
      where (transaction_id, global_position) > ($1::text::xid8, $2::bigint) and ${VISIBLE}
      order by transaction_id, global_position limit $3`,
    values: [from.commit.toString(), from.prepare.toString(), maxCount],
  });
  const events = rows.map(toRecorded);
  return { events, next: events.at(-1)?.position ?? from, isEnd: events.length < maxCount };
}

/**
 * With a filter, the same statement (hence the same snapshot) also returns the last visible row, so a
 * short page moves `next` past the rows it filtered out: below xmin nothing new can appear.
 */
async function readAllOfTypes(
  pool: pg.Pool,
  from: Position,
  maxCount: number,
  types: readonly string[],
): Promise<ReadAllPage> {
  const { rows } = await pool.query<EventRow & { is_head: boolean }>({
    name: 'es_read_all_filtered',
    // One ordered index range per event type (es_events_by_type), merged: a single `event_type = any`
    // scan would sort every matching row after `from` on each page, quadratic over a long catch-up.
    // The ranges read positions only (from the index alone where the table is vacuumed), and the page's
    // rows are fetched once merged: several types read up to a page each, of which one page is kept.
    text: `with keys as (
        select k.transaction_id, k.global_position from unnest($4::text[]) as t(event_type)
        cross join lateral (
          select transaction_id, global_position from es_events
          where es_events.event_type = t.event_type
            and (transaction_id, global_position) > ($1::text::xid8, $2::bigint) and ${VISIBLE}
          order by transaction_id, global_position limit $3
        ) k
        order by k.transaction_id, k.global_position limit $3
      ),
      page as (
        select ${EVENT_COLUMNS}, false as is_head from keys join es_events using (transaction_id, global_position)
      ),
      head as (
        select transaction_id::text as tx, global_position, true as is_head from es_events
        where ${VISIBLE} order by transaction_id desc, global_position desc limit 1
      )
      select tx, global_position, event_id, stream_name, stream_revision, event_type, data, metadata,
        recorded_ms, is_head from page
      union all
      select tx, global_position, null, null, null, null, null, null, null, is_head from head`,
    values: [from.commit.toString(), from.prepare.toString(), maxCount, types],
  });
  const events = rows.filter((row) => !row.is_head).map(toRecorded);
  events.sort((a, b) => comparePositions(a.position, b.position));
  const isEnd = events.length < maxCount;
  let next = events.at(-1)?.position ?? from;
  const headRow = rows.find((row) => row.is_head);
  if (isEnd && headRow) {
    const head = { commit: BigInt(headRow.tx), prepare: BigInt(headRow.global_position) };
    if (comparePositions(head, next) > 0) next = head;
  }
  return { events, next, isEnd };
}

async function readHeadPosition(pool: pg.Pool): Promise<Position> {
  const { rows } = await pool.query<{ tx: string; global_position: string }>({
    name: 'es_head',
    text: `select transaction_id::text as tx, global_position from es_events where ${VISIBLE}
      order by transaction_id desc, global_position desc limit 1`,
  });
  const row = rows[0];
  return row ? { commit: BigInt(row.tx), prepare: BigInt(row.global_position) } : START;
}

/**
 * A subscription to the all-stream: it takes its pages from the shared feed while caught up, reads the
 * table itself otherwise, and sleeps between pages until woken by the feed or the poll interval ends.
 */
class PollingSubscription implements Subscription {
  private position: Position;
  private isClosed = false;
  private isWoken = false;
  private wakeWaiter: (() => void) | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly removeWake: () => void;
  private readonly running: Promise<void>;

  constructor(
    private readonly pool: pg.Pool,
    private readonly feed: Feed,
    private readonly pollIntervalMs: number,
    private readonly options: SubscribeOptions,
    private readonly subscriptions: Set<Subscription>,
  ) {
    this.position = options.from;
    this.removeWake = feed.add(() => {
      this.isWoken = true;
      this.wakeWaiter?.();
    });
    subscriptions.add(this);
    this.running = this.run().catch((error: unknown) => {
      if (this.isClosed) return;
      this.isClosed = true;
      this.removeWake();
      subscriptions.delete(this);
      options.onError?.(error);
    });
  }

  async close(): Promise<void> {
    if (this.isClosed) return;
    this.isClosed = true;
    this.removeWake();
    this.wakeWaiter?.();
    this.subscriptions.delete(this);
    await this.running;
  }

  private sleep(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      if (this.isClosed) return resolve();
      this.wakeWaiter = () => {
        clearTimeout(this.timer);
        this.wakeWaiter = undefined;
        resolve();
      };
      this.timer = setTimeout(this.wakeWaiter, ms);
    });
  }

  private async run(): Promise<void> {
    const { batchSize = DEFAULT_BATCH_SIZE, filter } = this.options;
    let failures = 0;
    while (!this.isClosed) {
      this.isWoken = false;
      let page: ReadAllPage | null;
      try {
        page =
          this.feed.take(this.position, batchSize, filter) ??
          (await readAllEvents(this.pool, { from: this.position, maxCount: batchSize, filter }));
        failures = 0;
      } catch (error) {
        if (!isTransient(error)) throw error;
        failures += 1;
        await this.sleep(backoffMs(failures, { baseMs: this.pollIntervalMs, maxMs: 10_000 }));
        continue;
      }
      if (this.isClosed) return;
      if (page.events.length > 0) await this.options.onBatch(page.events);
      this.position = page.next;
      if (page.isEnd && !this.isWoken) await this.sleep(this.pollIntervalMs);
    }
  }
}

export function createPostgresEventStore(options: PostgresEventStoreOptions): EventStore {
  const { pool, connectionString } = options;
  const pollIntervalMs = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
  const ownId = randomUUID();
  const wakeups = createWakeups(connectionString, ownId);
  const notifier = createNotifier(pool, ownId);
  const subscriptions = new Set<Subscription>();
  const feed = new Feed(pool, wakeups, pollIntervalMs, () => readHeadPosition(pool));
  // Appends of this process under way: while one is, the next is not checked for a hand-over (the
  // statement would find the first still running), which saves PostgreSQL the check under load.
  let appending = 0;
  const appendFeed = (): AppendFeed => {
    const from = appending === 0 ? feed.handOverFrom() : null;
    return {
      from,
      appended: (events) => {
        // This process's subscriptions take the events from the feed, or are woken to read them; other
        // processes are woken by the notification.
        if (from && events) feed.handOver(from, events);
        else feed.wake();
        notifier.notify();
      },
    };
  };

  return {
    append: async (stream, events, expected) => {
      const appended = appendFeed();
      appending += 1;
      try {
        return await appendEvents(pool, appended, stream, events, expected);
      } finally {
        appending -= 1;
      }
    },
    readStream: (stream, readOptions) => readStreamEvents(pool, stream, readOptions),
    readAll: (readOptions) => readAllEvents(pool, readOptions),
    subscribeToAll: (subscribeOptions) =>
      new PollingSubscription(pool, feed, pollIntervalMs, subscribeOptions, subscriptions),
    headPosition: () => readHeadPosition(pool),
    close: async () => {
      await Promise.all([...subscriptions].map((s) => s.close()));
      await feed.close();
      await Promise.all([wakeups.close(), notifier.settled()]);
    },
  };
}
