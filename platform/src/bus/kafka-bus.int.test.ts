import { randomUUID } from 'node:crypto';
import { Kafka, logLevel } from 'kafkajs';
import { describe } from 'vitest';
import { kafkaAvailability, skipUnless } from '@onboard/testing/backends';
import { busContract } from './bus-contract.ts';
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
          await bus.close();
        },
      };
    },
    { dedupesOnPublish: false },
  );
});
