import { randomUUID } from 'node:crypto';
import { Kafka, logLevel } from 'kafkajs';
import { describe, expect, it } from 'vitest';
import { kafkaAvailability, skipUnless } from '@onboard/testing/backends';
import { busContract, collect, label, qps } from './bus-contract.ts';
import { createKafkaBus } from './kafka-bus.ts';
import type { BusLogger } from './logger.ts';

const kafka = await kafkaAvailability();
const skip = skipUnless('Kafka', kafka);
const quiet: BusLogger = { warn: () => undefined, error: () => undefined };

describe.skipIf(skip)('Kafka bus: contract', () => {
  busContract(
    async () => {
      // Fresh topics and groups per test on the shared broker.
      const topicPrefix = `t-${randomUUID().slice(0, 8)}.`;
      const bus = createKafkaBus({
        brokers: kafka.brokers,
        clientId: 'bus-contract',
        topicPrefix,
        logger: quiet,
      });
      const raw = new Kafka({
        clientId: 'bus-contract-raw',
        brokers: kafka.brokers,
        logLevel: logLevel.NOTHING,
      });
      const producer = raw.producer({ allowAutoTopicCreation: false });
      await producer.connect();
      const admin = raw.admin();
      await admin.connect();
      return {
        bus,
        injectRaw: async (topic, body) => {
          await producer.send({
            topic: `${topicPrefix}${topic}`,
            acks: -1,
            messages: [{ key: randomUUID(), value: JSON.stringify(body) }],
          });
          // Not even JSON: a consumer must survive this as well.
          await producer.send({
            topic: `${topicPrefix}${topic}`,
            acks: -1,
            messages: [{ key: randomUUID(), value: '{"topic":' }],
          });
        },
        dispose: async () => {
          await producer.disconnect();
          await admin.disconnect();
          await bus.close();
        },
        consumerState: async () =>
          (await admin.listGroups()).groups.map((g) => g.groupId).filter((id) => id.startsWith(topicPrefix)),
      };
    },
    { dedupesOnPublish: false, holdsConsumers: true },
  );
});

describe.skipIf(skip)('Kafka bus', () => {
  it('spreads the clients over the partitions, each client on one', async () => {
    const topicPrefix = `p-${randomUUID().slice(0, 8)}.`;
    const bus = createKafkaBus({
      brokers: kafka.brokers,
      clientId: 'bus-partitions',
      topicPrefix,
      partitions: 4,
      logger: quiet,
    });
    const c = await collect(bus, 'spread', ['QPS_PUSH_STATUS']);
    const clients = Array.from({ length: 24 }, (_, n) => `client-${n}`);
    await bus.publish(clients.map((id) => qps(id)));
    await bus.publish(clients.map((id) => qps(id, 'COMPLETED')));
    const got = await c.waitFor(48);
    // offset: <topic>:<partition>:<offset>
    const partitionOf = (m: (typeof got)[number]) => m.offset.split(':')[1];
    const byClient = new Map<string, Set<string>>();
    for (const m of got) byClient.set(label(m), (byClient.get(label(m)) ?? new Set()).add(partitionOf(m)!));
    expect([...byClient.values()].every((p) => p.size === 1)).toBe(true);
    expect(new Set(got.map(partitionOf)).size).toBeGreaterThan(1);
    for (const id of clients)
      expect(
        got
          .filter((m) => label(m) === id)
          .map((m) => (m.topic === 'QPS_PUSH_STATUS' ? m.payload.apiJobStatus : '')),
      ).toEqual(['IN_PROGRESS', 'COMPLETED']);
    await c.consumer.close();
    await bus.close();
  });
});
