import type pg from 'pg';
import pgListen from 'pg-listen';
import type { Subscriber } from 'pg-listen';
import { backoffMs, BusMessage } from '@onboard/events';
import type { Bus, BusConsumer, BusTopic, DeliveredMessage } from '@onboard/events';
import { consoleBusLogger, errorDetails } from './logger.ts';
import type { BusLogger } from './logger.ts';

/**
 * The embedded default bus: a PostgreSQL table read in commit order.
 *
 * A bigserial alone is not a safe cursor: a transaction that took offset 7 may commit after one that took
 * offset 8, and a reader that already moved past 8 would never see 7. So every row records the writing
 * transaction's id and readers only take rows whose transaction is older than the oldest one still running
 * (`pg_snapshot_xmin`); no row can appear below that line any more, and the cursor is (xid, offset).
 * The price: one long-running transaction anywhere in the cluster holds delivery back until it ends.
 */

const CHANNEL = 'onboard_bus';
/** Lets operators (and the resync test) find the LISTEN connection in pg_stat_activity. */
export const POSTGRES_BUS_LISTENER_APPLICATION = 'onboard-bus-listener';
const BATCH = 100;

export type PostgresBusOptions = {
  pool: pg.Pool;
  /** For the dedicated LISTEN connection: a pooled connection may be handed to someone else. */
  connectionString: string;
  /** Fallback for lost wake-ups and rows held back by a concurrent transaction; 0 turns polling off. */
  pollIntervalMs?: number;
  logger?: BusLogger;
};

export type PostgresBus = Bus & {
  /** Replay for SSE `Last-Event-ID`: see readSince. */
  readSince: (
    topics: readonly BusTopic[],
    afterOffset: string | undefined,
    limit: number,
  ) => Promise<DeliveredMessage[]>;
};

type Position = { xid: string; offset: string };
const START: Position = { xid: '0', offset: '0' };

/** `DeliveredMessage.offset` of this bus: `<xid>/<offset>`, both decimal; orders like the bus. */
export function parsePostgresBusOffset(value: string): Position | undefined {
  const match = /^(\d{1,20})\/(\d{1,19})$/.exec(value);
  return match ? { xid: match[1]!, offset: match[2]! } : undefined;
}

type Row = { xid: string; offset: string; topic: string; body: unknown };

async function readRows(
  pool: pg.Pool,
  topics: readonly BusTopic[],
  after: Position,
  limit: number,
): Promise<Row[]> {
  const result = await pool.query<Row>(
    `select xid::text as xid, "offset"::text as "offset", topic, body
       from bus_messages
      where topic = any($1::text[])
        and (xid, "offset") > ($2::xid8, $3::bigint)
        and xid < pg_snapshot_xmin(pg_current_snapshot())
      order by xid, "offset"
      limit $4`,
    [topics, after.xid, after.offset, limit],
  );
  return result.rows;
}

function decode(row: Row): DeliveredMessage | undefined {
  const parsed = BusMessage.safeParse(row.body);
  if (!parsed.success || parsed.data.topic !== row.topic) return undefined;
  return { ...parsed.data, offset: `${row.xid}/${row.offset}` };
}

/**
 * Visible messages of `topics` after `afterOffset` (from the start when undefined), in bus order.
 * Invalid rows are left out. Throws a RangeError for an offset this bus did not issue.
 */
export async function readSince(
  pool: pg.Pool,
  topics: readonly BusTopic[],
  afterOffset: string | undefined,
  limit: number,
): Promise<DeliveredMessage[]> {
  const after = afterOffset === undefined ? START : parsePostgresBusOffset(afterOffset);
  if (!after) throw new RangeError(`not a PostgreSQL bus offset: ${afterOffset}`);
  const rows = await readRows(pool, topics, after, limit);
  return rows.map(decode).filter((m): m is DeliveredMessage => m !== undefined);
}

// pg-listen is CommonJS with `exports.default`; Node's ESM loader hands over the whole exports object.
export const createSubscriber: typeof pgListen =
  (pgListen as unknown as { default?: typeof pgListen }).default ?? pgListen;

/** pg-listen gives up reconnecting after 3 s by default; a listener must outlive any database restart. */
export const LISTENER_RETRY = {
  retryTimeout: Infinity,
  retryInterval: (n: number) => backoffMs(n, { baseMs: 250, maxMs: 5_000 }),
  paranoidChecking: 10_000,
};

type Member = { wake: () => void; close: () => Promise<void> };

/** The last visible message now: a consumer starting now delivers what comes after it. */
async function tailPosition(pool: pg.Pool): Promise<Position> {
  const result = await pool.query<Position>(
    `select xid::text as xid, "offset"::text as "offset"
       from bus_messages
      where xid < pg_snapshot_xmin(pg_current_snapshot())
      order by xid desc, "offset" desc
      limit 1`,
  );
  return result.rows[0] ?? START;
}

/**
 * One consumer: delivers the messages after `start` in bus order, on each wake-up and every
 * `pollIntervalMs`; a failed message is delivered again on the next one.
 */
function startMember(
  { pool, logger, pollIntervalMs }: { pool: pg.Pool; logger: BusLogger; pollIntervalMs: number },
  name: string,
  start: Position,
  topics: readonly BusTopic[],
  onMessage: (m: DeliveredMessage) => Promise<void>,
): Member {
  let stopped = false;
  let running: Promise<void> | undefined;
  let again = false;
  // In memory only: a consumer lives as long as its process, and a new one starts from now.
  let position = start;

  const drainOnce = async () => {
    try {
      for (;;) {
        const rows = await readRows(pool, topics, position, BATCH);
        for (const row of rows) {
          if (stopped) return;
          const message = decode(row);
          if (message) await onMessage(message);
          else
            logger.warn(
              { name, topic: row.topic, offset: `${row.xid}/${row.offset}` },
              'bus skipped an invalid message',
            );
          position = { xid: row.xid, offset: row.offset };
        }
        if (rows.length < BATCH) return;
      }
    } catch (error) {
      // The position did not move past the failed message: the next wake-up or poll delivers it again.
      logger.warn({ ...errorDetails(error), name }, 'bus delivery failed; will retry');
    }
  };

  const wake = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        await drainOnce();
      } while (again && !stopped);
    })().finally(() => {
      running = undefined;
    });
  };

  const timer = pollIntervalMs > 0 ? setInterval(wake, pollIntervalMs) : undefined;
  return {
    wake,
    close: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

export function createPostgresBus(options: PostgresBusOptions): PostgresBus {
  const { pool, connectionString } = options;
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const logger = options.logger ?? consoleBusLogger;
  const members = new Set<Member>();
  let closed = false;
  let subscriber: Subscriber | undefined;
  let listenerStart: Promise<void> | undefined;
  let listenerRetry: NodeJS.Timeout | undefined;

  const wakeAll = () => {
    for (const member of members) member.wake();
  };

  async function connectListener(attempt: number): Promise<void> {
    const candidate = createSubscriber(
      { connectionString, application_name: POSTGRES_BUS_LISTENER_APPLICATION },
      LISTENER_RETRY,
    );
    candidate.events.on('error', (error) =>
      logger.warn(errorDetails(error), 'bus listener connection error'),
    );
    // Emitted after the first connect and after every reconnect (once LISTEN is re-issued): wake-ups sent
    // while the connection was down are lost, so every consumer resyncs from its position.
    candidate.events.on('connected', wakeAll);
    candidate.notifications.on(CHANNEL, wakeAll);
    try {
      await candidate.connect();
      await candidate.listenTo(CHANNEL);
    } catch (error) {
      await candidate.close().catch(() => undefined);
      if (closed) return;
      logger.warn({ ...errorDetails(error), attempt }, 'bus listener could not connect; polling meanwhile');
      listenerRetry = setTimeout(
        () => void connectListener(attempt + 1),
        backoffMs(attempt, { baseMs: 500, maxMs: 10_000 }),
      );
      return;
    }
    if (closed) {
      await candidate.close().catch(() => undefined);
      return;
    }
    subscriber = candidate;
    wakeAll();
  }

  return {
    async publish(messages) {
      if (closed) throw new Error('bus is closed');
      if (messages.length === 0) return;
      const valid = messages.map((m) => BusMessage.parse(m));
      // One statement, so the rows and the wake-up commit together; a known id is left as it was.
      await pool.query(
        `with inserted as (
           insert into bus_messages (id, topic, body)
           select id, topic, body from unnest($1::uuid[], $2::text[], $3::jsonb[]) with ordinality as m(id, topic, body, n)
           order by n
           on conflict (id) do nothing
           returning 1)
         select pg_notify($4, (select count(*) from inserted)::text)`,
        [valid.map((m) => m.id), valid.map((m) => m.topic), valid.map((m) => JSON.stringify(m)), CHANNEL],
      );
    },

    async consume({ name, topics, onMessage }): Promise<BusConsumer> {
      if (closed) throw new Error('bus is closed');
      if (topics.length === 0) throw new RangeError('consume needs at least one topic');
      const member = startMember(
        { pool, logger, pollIntervalMs },
        name,
        await tailPosition(pool),
        topics,
        onMessage,
      );
      members.add(member);
      listenerStart ??= connectListener(1);
      await listenerStart;
      member.wake();
      return {
        close: async () => {
          members.delete(member);
          await member.close();
        },
      };
    },

    readSince: (topics, afterOffset, limit) => readSince(pool, topics, afterOffset, limit),

    async close() {
      closed = true;
      clearTimeout(listenerRetry);
      await Promise.all([...members].map((m) => m.close()));
      members.clear();
      await listenerStart;
      await subscriber?.close().catch(() => undefined);
    },
  };
}
