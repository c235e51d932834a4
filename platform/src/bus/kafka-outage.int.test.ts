import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bus } from '../../../events/src/index.ts';
import { skipUnless } from '../../../testing/backends.ts';
import { freePort } from '../database/embedded-postgres.ts';
import { collect, email, perTopic, qps } from './bus-contract.ts';
import { createKafkaBus } from './kafka-bus.ts';
import type { BusLogger } from './logger.ts';
import { kafkaRuntimeAvailability, startKafka, stopKafka } from './testing-kafka.ts';
import type { DedicatedKafka } from './testing-kafka.ts';

const skip = skipUnless('Kafka', await kafkaRuntimeAvailability());

describe.skipIf(skip)('Kafka bus through a broker outage', () => {
  let broker: DedicatedKafka;
  let bus: Bus | undefined;
  const warnings: string[] = [];
  const logger: BusLogger = {
    warn: (_d, m) => void warnings.push(m),
    error: (_d, m) => void warnings.push(m),
  };

  beforeAll(async () => {
    broker = {
      port: await freePort(),
      controllerPort: await freePort(),
      stateDir: mkdtempSync(join(tmpdir(), 'onboard-kafka-outage-')),
    };
    await startKafka(broker);
  });

  afterAll(async () => {
    await bus?.close();
    await stopKafka(broker);
    rmSync(broker.stateDir, { recursive: true, force: true });
  });

  it(
    'delays what is published while the broker is down and loses none of it',
    { timeout: 170_000 },
    async () => {
      bus = createKafkaBus({ brokers: [`127.0.0.1:${broker.port}`], clientId: 'outage-test', logger });
      const c = await collect(bus, 'gateway', ['QPS_PUSH_STATUS', 'EMAIL_SENT']);
      const before = [qps('c1'), email('e1'), qps('c2')];
      await bus.publish(before);
      await c.waitFor(3);

      await stopKafka(broker);
      let settled = false;
      const duringOutage = [qps('c3'), email('e2'), qps('c4')];
      // A second caller at the same time: no order is promised between the two calls, only delivery.
      const concurrent = [email('e9')];
      const pending = Promise.all([bus.publish(duringOutage), bus.publish(concurrent)]).finally(() => {
        settled = true;
      });
      await new Promise((r) => setTimeout(r, 20_000));
      expect(settled).toBe(false);

      await startKafka(broker);
      await pending;
      const after = [email('e3')];
      await bus.publish(after);

      const sequential = [...before, ...duringOutage, ...after];
      const all = [...sequential, ...concurrent];
      const deadline = Date.now() + 90_000;
      const unique = () => new Set(c.received.map((m) => m.id));
      while (unique().size < all.length && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 100));
      expect(unique()).toEqual(new Set(all.map((m) => m.id)));
      // At least once may repeat a message, but the first sighting of each keeps the publish order per topic.
      const firstSightings = c.received.filter((m, i) => c.received.findIndex((o) => o.id === m.id) === i);
      expect(perTopic(firstSightings.filter((m) => m.id !== concurrent[0]!.id))).toEqual(
        perTopic(sequential),
      );
      expect(warnings.length).toBeGreaterThan(0);
      await c.consumer.close();
    },
  );
});
