import { randomUUID } from 'node:crypto';
import { Kafka, logLevel, Partitioners } from 'kafkajs';
import type { Admin, Consumer, LogEntry, Producer } from 'kafkajs';
import { backoffMs, BUS_TOPICS, BusMessage, busMessageKey } from '@onboard/events';
import type { Bus, BusConsumer, BusTopic, DeliveredMessage } from '@onboard/events';
import { consoleBusLogger, errorDetails } from './logger.ts';
import type { BusLogger } from './logger.ts';

/**
 * The distributed topology's bus. Each topic has `partitions` partitions and every message is keyed by
 * `busMessageKey` (its client), so a client's messages keep their order on one partition while the
 * clients spread over all of them.
 *
 * A consumer is a consumer group of its own (`<prefix><name>-<random>`), so every consumer gets every
 * message. It starts at the partitions' ends as they were when it started (never replaying the topic),
 * keeps its positions in memory (a restart after a crash of the kafkajs consumer resumes from them) and
 * deletes its group when closed; a process that dies leaves a group without members, which the broker
 * drops with its offsets (offsets.retention.minutes).
 *
 * Replay for SSE `Last-Event-ID` is not offered here: the gateway keeps its own in-memory window.
 */
export type KafkaBusOptions = {
  brokers: string[];
  clientId: string;
  logger?: BusLogger;
  /** Prepended to topic and group names, so tests (or tenants) sharing a cluster stay apart. */
  topicPrefix?: string;
  /** Partitions per topic (default 6); a topic found with fewer is given more. */
  partitions?: number;
};

const DEFAULT_PARTITIONS = 6;

/** How long publish waits between attempts while the cluster is unreachable, at most. */
const MAX_BACKOFF_MS = 5000;
// kafkajs gives up after about 10 s with these; the bus's own loops (publish, consumer restart) take over.
const RETRY = { initialRetryTime: 300, maxRetryTime: MAX_BACKOFF_MS, retries: 5 };

class BusClosedError extends Error {
  constructor() {
    super('bus is closed');
    this.name = 'BusClosedError';
  }
}

function quietLogCreator(logger: BusLogger) {
  return () =>
    ({ level, log }: LogEntry) => {
      const { message, ...details } = log;
      // kafkajs reports every failed attempt as an error even when it retries; the bus logs what it gives up on.
      if (level === logLevel.ERROR || level === logLevel.WARN)
        logger.warn({ ...details, source: 'kafkajs' }, message);
    };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Creates the bus's topics that are missing, and gives those found with fewer partitions more. */
async function createTopics(
  a: Admin,
  topics: string[],
  partitions: number,
  logger: BusLogger,
): Promise<void> {
  const existing = new Set(await a.listTopics());
  const missing = topics.filter((t) => !existing.has(t));
  if (missing.length > 0) {
    // Another process may create them at the same moment; createTopics then reports false, not an error.
    await a.createTopics({
      waitForLeaders: true,
      topics: missing.map((topic) => ({ topic, numPartitions: partitions })),
    });
  }
  const found = await a.fetchTopicMetadata({ topics });
  const short = found.topics.filter((t) => t.partitions.length < partitions);
  if (short.length > 0) {
    logger.warn(
      { topics: short.map((t) => t.name), partitions },
      'bus topics have fewer partitions than configured; adding partitions',
    );
    await a
      .createPartitions({ topicPartitions: short.map((t) => ({ topic: t.name, count: partitions })) })
      .catch((error: unknown) => {
        // Another process added them first.
        if (!/INVALID_PARTITIONS|already has/i.test(String(error))) throw error;
      });
  }
}

/** Each partition's end now (by `<topic>:<partition>`): where a consumer starting now begins. */
async function endOffsets(a: Admin, topics: string[]): Promise<Map<string, string>> {
  const ends = new Map<string, string>();
  for (const topic of topics) {
    for (const p of await a.fetchTopicOffsets(topic)) ends.set(`${topic}:${p.partition}`, p.high);
  }
  return ends;
}

/** Retries until it succeeds or the bus is closed: an outage delays the caller, it does not fail it. */
async function persistently<T>(
  isClosed: () => boolean,
  logger: BusLogger,
  what: string,
  attempt: () => Promise<T>,
): Promise<T> {
  for (let n = 0; ; n += 1) {
    if (isClosed()) throw new BusClosedError();
    try {
      return await attempt();
    } catch (error) {
      if (isClosed()) throw new BusClosedError();
      const backoff = backoffMs(n, { baseMs: 300, maxMs: MAX_BACKOFF_MS });
      logger.warn(
        { ...errorDetails(error), attempt: n + 1, backoffMs: backoff },
        `bus ${what} failed; retrying`,
      );
      await sleep(backoff);
    }
  }
}

/** The idempotent producer, connected (a producer that could not connect is dropped). */
async function connectProducer(kafka: Kafka): Promise<Producer> {
  const candidate = kafka.producer({
    idempotent: true,
    maxInFlightRequests: 1,
    createPartitioner: Partitioners.DefaultPartitioner,
    // The idempotent producer needs unlimited retries to keep its no-duplicate promise.
    retry: { ...RETRY, retries: Number.MAX_SAFE_INTEGER },
  });
  try {
    await candidate.connect();
  } catch (error) {
    await candidate.disconnect().catch(() => undefined);
    throw error;
  }
  return candidate;
}

/** A Kafka record as the bus message it carries, or undefined when it is not one of the topic expected. */
function decode(
  expected: BusTopic | undefined,
  partition: number,
  offset: string,
  value: Buffer | null,
): DeliveredMessage | undefined {
  if (!value || !expected) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(value.toString('utf8'));
  } catch {
    return undefined;
  }
  const parsed = BusMessage.safeParse(body);
  if (!parsed.success || parsed.data.topic !== expected) return undefined;
  return { ...parsed.data, offset: `${expected}:${partition}:${offset}` };
}

/** A failed handler is called again, in place, so the partition's order holds and nothing is skipped. */
async function handleInPlace(
  onMessage: (m: DeliveredMessage) => Promise<void>,
  message: DeliveredMessage,
  isStopped: () => boolean,
  logger: BusLogger,
  name: string,
): Promise<void> {
  for (let n = 0; ; n += 1) {
    try {
      return await onMessage(message);
    } catch (error) {
      if (isStopped()) throw error;
      const backoff = backoffMs(n, { baseMs: 100, maxMs: MAX_BACKOFF_MS });
      logger.warn({ ...errorDetails(error), name, backoffMs: backoff }, 'bus handler failed; retrying');
      await sleep(backoff);
    }
  }
}

/** What a consumer group member needs of its bus. */
type MemberContext = {
  kafka: Kafka;
  prefix: string;
  logger: BusLogger;
  kafkaTopic: (topic: BusTopic) => string;
  busTopic: Map<string, BusTopic>;
  connectedAdmin: () => Promise<Admin>;
  persistently: <T>(what: string, attempt: () => Promise<T>) => Promise<T>;
};

/**
 * One consumer: a group of its own that starts at the partitions' ends, keeps its positions in memory, is
 * started again (with a backoff) after a crash kafkajs does not restart, and deletes its group when stopped.
 */
async function startMember(
  bus: MemberContext,
  name: string,
  topics: readonly BusTopic[],
  onMessage: (m: DeliveredMessage) => Promise<void>,
): Promise<{ stop: () => Promise<void> }> {
  const { kafka, logger, kafkaTopic } = bus;
  const groupId = `${bus.prefix}${name}-${randomUUID()}`;
  // The next offset to deliver per `<topic>:<partition>`, from the ends at start, kept in memory only.
  // Partitions just created may not have a leader for a moment.
  const next = await bus.persistently('reading offsets', async () =>
    endOffsets(await bus.connectedAdmin(), topics.map(kafkaTopic)),
  );
  let consumer: Consumer | undefined;
  let stopped = false;
  let restart: NodeJS.Timeout | undefined;
  // Starts since the consumer last ran: each waits the backoff of the ones before it.
  let restarts = 0;
  const restartLater = () => {
    restart = setTimeout(
      () => void replace(),
      backoffMs(restarts++, { baseMs: 1000, maxMs: MAX_BACKOFF_MS }),
    );
  };

  const run = async () => {
    const candidate = kafka.consumer({
      groupId,
      retry: RETRY,
      // A fetch waits up to maxWaitTimeInMs for data and close waits for that fetch: keep it short.
      maxWaitTimeInMs: 500,
      // A member lost in an outage could not leave its group; the rejoin waits for its session to lapse.
      sessionTimeout: 10_000,
    });
    // kafkajs restarts a crashed consumer by itself only for errors it deems retriable.
    candidate.on(candidate.events.CRASH, ({ payload }) => {
      if (payload.restart || stopped) return;
      logger.warn({ ...errorDetails(payload.error), name }, 'bus consumer crashed; starting it again');
      restartLater();
    });
    consumer = candidate;
    await candidate.connect();
    for (const topic of topics) await candidate.subscribe({ topic: kafkaTopic(topic), fromBeginning: false });
    await candidate.run({
      // Committed now and then so that a rejoin after an outage resumes where it was; the group is deleted
      // on close (and a dead process's, without members, expires with the broker's offsets retention).
      autoCommitInterval: 1000,
      eachMessage: async ({ topic, partition, message }) => {
        const delivered = decode(bus.busTopic.get(topic), partition, message.offset, message.value);
        if (delivered) await handleInPlace(onMessage, delivered, () => stopped, logger, name);
        else
          logger.warn({ name, topic, partition, offset: message.offset }, 'bus skipped an invalid message');
        next.set(`${topic}:${partition}`, (BigInt(message.offset) + 1n).toString());
      },
    });
    // Where this consumer stands, not where a new group would start (the end at its first fetch).
    for (const [key, offset] of next) {
      const at = key.lastIndexOf(':');
      candidate.seek({ topic: key.slice(0, at), partition: Number(key.slice(at + 1)), offset });
    }
    restarts = 0;
  };

  const replace = async () => {
    await consumer?.disconnect().catch(() => undefined);
    if (stopped) return;
    await run().catch((error: unknown) => {
      logger.warn({ ...errorDetails(error), name }, 'bus consumer could not start; retrying');
      if (!stopped) restartLater();
    });
  };

  await run();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(restart);
      await consumer?.disconnect();
      // Nothing left behind: the group never committed, and goes now rather than when the broker expires it.
      await bus
        .connectedAdmin()
        .then((a) => a.deleteGroups([groupId]))
        .catch((error: unknown) =>
          logger.warn({ ...errorDetails(error), groupId }, 'bus consumer group could not be deleted'),
        );
    },
  };
}

export function createKafkaBus(options: KafkaBusOptions): Bus {
  const logger = options.logger ?? consoleBusLogger;
  const prefix = options.topicPrefix ?? '';
  const partitions = options.partitions ?? DEFAULT_PARTITIONS;
  const kafka = new Kafka({
    clientId: options.clientId,
    brokers: options.brokers,
    logLevel: logLevel.WARN,
    logCreator: quietLogCreator(logger),
    retry: RETRY,
  });
  const kafkaTopic = (topic: BusTopic) => `${prefix}${topic}`;
  let closed = false;
  let producer: Producer | undefined;
  let admin: Admin | undefined;
  let topicsReady: Promise<void> | undefined;
  const members = new Set<{ stop: () => Promise<void> }>();

  async function connectedAdmin(): Promise<Admin> {
    admin ??= kafka.admin();
    await admin.connect();
    return admin;
  }

  const ensureTopics = () => {
    topicsReady ??= connectedAdmin()
      .then((a) => createTopics(a, BUS_TOPICS.map(kafkaTopic), partitions, logger))
      .catch((error: unknown) => {
        topicsReady = undefined;
        throw error;
      });
    return topicsReady;
  };

  const member: MemberContext = {
    kafka,
    prefix,
    logger,
    kafkaTopic,
    busTopic: new Map(BUS_TOPICS.map((t) => [kafkaTopic(t), t])),
    connectedAdmin,
    persistently: (what, attempt) => persistently(() => closed, logger, what, attempt),
  };

  return {
    async publish(messages) {
      if (messages.length === 0) return;
      const valid = messages.map((m) => BusMessage.parse(m));
      await member.persistently('publish', async () => {
        await ensureTopics();
        producer ??= await connectProducer(kafka);
        await producer.sendBatch({
          acks: -1,
          topicMessages: BUS_TOPICS.map((topic) => ({
            topic: kafkaTopic(topic),
            messages: valid
              .filter((m) => m.topic === topic)
              .map((m) => ({ key: busMessageKey(m), value: JSON.stringify(m) })),
          })).filter((t) => t.messages.length > 0),
        });
      });
    },

    async consume({ name, topics, onMessage }): Promise<BusConsumer> {
      if (closed) throw new BusClosedError();
      if (topics.length === 0) throw new RangeError('consume needs at least one topic');
      // Subscribing to a topic that does not exist yet would wait for auto-creation with default settings.
      await member.persistently('topic creation', ensureTopics);
      const started = await startMember(member, name, topics, onMessage);
      members.add(started);
      return {
        close: async () => {
          members.delete(started);
          await started.stop();
        },
      };
    },

    async close() {
      closed = true;
      await Promise.all([...members].map((m) => m.stop()));
      members.clear();
      await Promise.all([producer?.disconnect(), admin?.disconnect()]);
    },
  };
}
