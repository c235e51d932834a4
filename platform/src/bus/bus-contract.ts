import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { busMessageKey } from '@onboard/events';
import type { Bus, BusConsumer, BusMessage, BusTopic, DeliveredMessage } from '@onboard/events';

/**
 * The behaviour every Bus adapter owes its callers, run against each adapter by its own int test.
 * Each test gets a fresh bus (its own database or topic prefix), so tests never see each other's messages.
 */
export type ContractBus = {
  bus: Bus;
  /** Puts a message on the bus without the adapter's publish-side validation. */
  injectRaw: (topic: BusTopic, body: unknown) => Promise<void>;
  dispose: () => Promise<void>;
  /** What the bus holds of its consumers (Kafka: their consumer groups), for a bus that holds any. */
  consumerState?: () => Promise<string[]>;
};

export type ContractOptions = {
  /** The adapter turns a second publish of an id into a no-op (PostgreSQL); otherwise consumers de-dup. */
  dedupesOnPublish: boolean;
  /** The bus holds something of each running consumer (Kafka: a consumer group), listed by consumerState. */
  holdsConsumers: boolean;
};

export function qps(clientId: string, apiJobStatus: 'IN_PROGRESS' | 'COMPLETED' = 'IN_PROGRESS'): BusMessage {
  return {
    topic: 'QPS_PUSH_STATUS',
    id: randomUUID(),
    occurredAt: '2026-03-01T10:00:00.000Z',
    payload: { clientId, apiJobStatus },
  };
}

export function email(emailId: string): BusMessage {
  return {
    topic: 'EMAIL_SENT',
    id: randomUUID(),
    occurredAt: '2026-03-01T10:00:00.000Z',
    payload: { emailId, subject: `Subject ${emailId}` },
  };
}

export function label(m: BusMessage): string {
  if (m.topic === 'QPS_PUSH_STATUS') return m.payload.clientId;
  if (m.topic === 'ONBOARDING_FORM_STATUS') return m.payload.onboardingFormId;
  if (m.topic === 'CONVERSATION_CHANGED') return m.payload.threadId;
  return m.topic === 'EMAIL_SENT' ? m.payload.emailId : m.payload.documentId;
}

/** The port promises order per topic only; this view compares just that. */
function perTopic(messages: readonly BusMessage[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const m of messages) (out[m.topic] ??= []).push(label(m));
  return out;
}

/** The port promises order per key (a client's messages) only; this view compares just that. */
function perKey(messages: readonly BusMessage[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const m of messages)
    (out[busMessageKey(m)] ??= []).push(m.topic === 'QPS_PUSH_STATUS' ? m.payload.apiJobStatus : m.topic);
  return out;
}

export type Collector = {
  received: DeliveredMessage[];
  consumer: BusConsumer;
  /** Resolves once `count` messages arrived; fails after `timeoutMs`. */
  waitFor: (count: number, timeoutMs?: number) => Promise<DeliveredMessage[]>;
};

export async function collect(
  bus: Bus,
  name: string,
  topics: readonly BusTopic[],
  handle: (m: DeliveredMessage) => Promise<void> = async () => undefined,
): Promise<Collector> {
  const received: DeliveredMessage[] = [];
  const consumer = await bus.consume({
    name,
    topics,
    onMessage: async (m) => {
      await handle(m);
      received.push(m);
    },
  });
  const waitFor = async (count: number, timeoutMs = 30_000) => {
    const deadline = Date.now() + timeoutMs;
    while (received.length < count) {
      if (Date.now() > deadline) {
        throw new Error(
          `${name}: got ${received.length} of ${count} messages: ${received.map(label).join(',')}`,
        );
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    return received;
  };
  return { received, consumer, waitFor };
}

/** Gives a bus time to deliver anything it should not (duplicates, invalid messages). */
const settle = (ms = 1500) => new Promise((r) => setTimeout(r, ms));

/** The bus under test, set before each test. */
type UnderTest = { current: ContractBus; bus: Bus };

export function busContract(setup: () => Promise<ContractBus>, options: ContractOptions): void {
  const t = {} as UnderTest;
  beforeEach(async () => {
    t.current = await setup();
    t.bus = t.current.bus;
  });
  afterEach(async () => {
    await t.current.dispose();
  });
  deliveryContract(t, options);
  consumerContract(t, options);
  validationContract(t);
}

/** What is published is delivered: in order per key, by topic, again after a failure, once or more. */
function deliveryContract(t: UnderTest, options: ContractOptions): void {
  it('delivers what was published, in publish order per key (a client)', async () => {
    const c = await collect(t.bus, 'ordered', ['QPS_PUSH_STATUS', 'EMAIL_SENT']);
    await t.bus.publish([qps('c1'), email('e1'), qps('c2'), qps('c1', 'COMPLETED')]);
    await t.bus.publish([qps('c3'), email('e2'), qps('c2', 'COMPLETED'), email('e3')]);
    await t.bus.publish([qps('c3', 'COMPLETED')]);
    const got = await c.waitFor(9);
    expect(perKey(got)).toEqual({
      c1: ['IN_PROGRESS', 'COMPLETED'],
      c2: ['IN_PROGRESS', 'COMPLETED'],
      c3: ['IN_PROGRESS', 'COMPLETED'],
      e1: ['EMAIL_SENT'],
      e2: ['EMAIL_SENT'],
      e3: ['EMAIL_SENT'],
    });
    expect(new Set(got.map((m) => m.offset)).size).toBe(9);
    await c.consumer.close();
  });

  it('only delivers the topics asked for', async () => {
    const c = await collect(t.bus, 'emails-only', ['EMAIL_SENT']);
    await t.bus.publish([qps('c1'), email('e1'), qps('c2'), email('e2')]);
    expect((await c.waitFor(2)).map(label).sort()).toEqual(['e1', 'e2']);
    await settle(1000);
    expect(c.received.map(label).sort()).toEqual(['e1', 'e2']);
    await c.consumer.close();
  });

  it('delivers again a message whose handler failed (at least once)', async () => {
    let failures = 0;
    const c = await collect(t.bus, 'flaky', ['QPS_PUSH_STATUS'], async (m) => {
      if (label(m) === 'c2' && failures < 2) {
        failures += 1;
        throw new Error('handler down');
      }
    });
    await t.bus.publish([qps('c1'), qps('c2'), qps('c2', 'COMPLETED'), qps('c3')]);
    const got = await c.waitFor(4);
    expect(failures).toBe(2);
    // The failed message comes again before the ones after it of its key.
    expect(perKey(got)).toMatchObject({ c2: ['IN_PROGRESS', 'COMPLETED'] });
    expect(got.map(label).sort()).toEqual(['c1', 'c2', 'c2', 'c3']);
    await c.consumer.close();
  });

  it(
    options.dedupesOnPublish
      ? 're-publishing a message id is a no-op'
      : 're-publishing a message id delivers it at least once, with the same id',
    async () => {
      const c = await collect(t.bus, 'dedup', ['QPS_PUSH_STATUS']);
      const once = qps('c1');
      await t.bus.publish([once]);
      await t.bus.publish([once, qps('c2')]);
      await c.waitFor(2);
      await settle();
      const ids = c.received.map((m) => m.id);
      if (options.dedupesOnPublish) expect(c.received.map(label)).toEqual(['c1', 'c2']);
      else expect(new Set(ids)).toEqual(new Set([once.id, c.received.find((m) => label(m) === 'c2')!.id]));
      await c.consumer.close();
    },
  );
}

/** Every consumer gets every message, from its start on; a closed one leaves nothing behind. */
function consumerContract(t: UnderTest, options: ContractOptions): void {
  it('gives every consumer every message', async () => {
    const a = await collect(t.bus, 'replica', ['QPS_PUSH_STATUS']);
    const b = await collect(t.bus, 'replica', ['QPS_PUSH_STATUS']);
    await t.bus.publish([qps('c1'), qps('c2'), qps('c3')]);
    expect((await a.waitFor(3)).map(label).sort()).toEqual(['c1', 'c2', 'c3']);
    expect((await b.waitFor(3)).map(label).sort()).toEqual(['c1', 'c2', 'c3']);
    await Promise.all([a.consumer.close(), b.consumer.close()]);
  });

  it('starts a consumer from now: what was published before it started is not replayed', async () => {
    const before = await collect(t.bus, 'before', ['QPS_PUSH_STATUS']);
    await t.bus.publish([qps('c1'), qps('c2')]);
    await before.waitFor(2);
    const late = await collect(t.bus, 'late', ['QPS_PUSH_STATUS']);
    await t.bus.publish([qps('c3')]);
    expect((await late.waitFor(1)).map(label)).toEqual(['c3']);
    await settle(1000);
    expect(late.received.map(label)).toEqual(['c3']);
    await Promise.all([before.consumer.close(), late.consumer.close()]);
  });

  // The PostgreSQL bus holds nothing of a consumer at all (its position is in the consumer's memory).
  it.runIf(options.holdsConsumers)('leaves nothing of a closed consumer on the bus', async () => {
    const first = await collect(t.bus, 'restarted', ['QPS_PUSH_STATUS']);
    await t.bus.publish([qps('c1'), qps('c2')]);
    await first.waitFor(2);
    expect(await t.current.consumerState!()).toHaveLength(1);
    await first.consumer.close();
    expect(await t.current.consumerState!()).toEqual([]);
    await t.bus.publish([qps('c3')]);
    const second = await collect(t.bus, 'restarted', ['QPS_PUSH_STATUS']);
    await t.bus.publish([qps('c4')]);
    expect((await second.waitFor(1)).map(label)).toEqual(['c4']);
    await settle(1000);
    expect(second.received.map(label)).toEqual(['c4']);
    await second.consumer.close();
    expect(await t.current.consumerState!()).toEqual([]);
  });
}

/** Invalid messages never reach a handler, and a message breaking the schema is not published. */
function validationContract(t: UnderTest): void {
  it('never hands an invalid message to onMessage, and goes on past it', async () => {
    const c = await collect(t.bus, 'invalid', ['QPS_PUSH_STATUS', 'EMAIL_SENT']);
    await t.bus.publish([qps('c1')]);
    await t.current.injectRaw('QPS_PUSH_STATUS', {
      topic: 'QPS_PUSH_STATUS',
      id: randomUUID(),
      occurredAt: 'x',
      payload: { clientId: 'bad' },
    });
    await t.current.injectRaw('QPS_PUSH_STATUS', {
      topic: 'QPS_PUSH_STATUS',
      id: 'not-a-uuid',
      occurredAt: 'x',
      payload: { clientId: 'bad', apiJobStatus: 'COMPLETED' },
    });
    // Valid in itself but on the other topic's stream.
    await t.current.injectRaw('QPS_PUSH_STATUS', email('bad'));
    await t.current.injectRaw('EMAIL_SENT', [1, 2, 3]);
    await t.bus.publish([qps('c2'), email('e1')]);
    await c.waitFor(3);
    await settle();
    // Two clients' messages: the port orders each client's, not one client's against another's.
    const received = perTopic(c.received);
    expect({ ...received, QPS_PUSH_STATUS: received.QPS_PUSH_STATUS?.sort() }).toEqual({
      QPS_PUSH_STATUS: ['c1', 'c2'],
      EMAIL_SENT: ['e1'],
    });
    await c.consumer.close();
  });

  it('refuses to publish a message that breaks the schema', async () => {
    const broken = {
      ...qps('c1'),
      payload: { clientId: 'c1', apiJobStatus: 'DONE' },
    } as unknown as BusMessage;
    await expect(t.bus.publish([broken])).rejects.toThrow();
  });
}
