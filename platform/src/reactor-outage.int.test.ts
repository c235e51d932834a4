import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiJobStream, startRunner, type Bus, type EventStore, type Runner } from '@onboard/events';
import { createPostgresEventStore } from '@onboard/events/postgres';
import { busPublisher } from '@onboard/workers';
import { skipUnless } from '@onboard/testing/backends';
import { migratedDatabase } from '@onboard/testing/db';
import { freePort } from './database/embedded-postgres.ts';
import { collect } from './bus/bus-contract.ts';
import { createKafkaBus } from './bus/kafka-bus.ts';
import type { BusLogger } from './bus/logger.ts';
import { kafkaRuntimeAvailability, startKafka, stopKafka, type DedicatedKafka } from './bus/testing-kafka.ts';
import { apiJobStatusChanged } from './testing/events.ts';

const skip = skipUnless('Kafka', await kafkaRuntimeAvailability());

// The path the issue names: events appended while Kafka is down reach the bus once it is back, because the
// bus publisher moves its checkpoint only after the broker accepted the batch.
describe.skipIf(skip)('bus publisher through a Kafka outage', () => {
  let broker: DedicatedKafka;
  let pool: pg.Pool;
  let store: EventStore;
  let bus: Bus | undefined;
  let runner: Runner | undefined;
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
    const url = await migratedDatabase('outage');
    pool = new pg.Pool({ connectionString: url });
    store = createPostgresEventStore({ pool, connectionString: url });
  });

  afterAll(async () => {
    await runner?.stop();
    await bus?.close();
    await store?.close();
    await pool?.end();
    await stopKafka(broker);
    rmSync(broker.stateDir, { recursive: true, force: true });
  });

  it('delays messages while the broker is down and loses none', { timeout: 170_000 }, async () => {
    bus = createKafkaBus({ brokers: [`127.0.0.1:${broker.port}`], clientId: 'outage-test', logger });
    const received = await collect(bus, 'gateway', ['QPS_PUSH_STATUS']);
    runner = startRunner({ store, pool, consumer: busPublisher(bus) });

    const before = [apiJobStatusChanged('c1', 'IN_PROGRESS'), apiJobStatusChanged('c1', 'COMPLETED')];
    for (const event of before) await store.append(apiJobStream(randomUUID()), [event], 'no_stream');
    await received.waitFor(2);

    await stopKafka(broker);
    const during = Array.from({ length: 5 }, (_, i) => apiJobStatusChanged(`c${i + 2}`, 'IN_PROGRESS'));
    for (const event of during) await store.append(apiJobStream(randomUUID()), [event], 'no_stream');
    await new Promise((r) => setTimeout(r, 15_000));
    const idsDuringOutage = new Set(received.received.map((m) => m.id));
    for (const event of during) expect(idsDuringOutage.has(event.id)).toBe(false);

    await startKafka(broker);
    const after = [apiJobStatusChanged('c9', 'COMPLETED')];
    for (const event of after) await store.append(apiJobStream(randomUUID()), [event], 'no_stream');

    const expected = [...before, ...during, ...after].map((e) => e.id);
    const deadline = Date.now() + 120_000;
    const seen = () => new Set(received.received.map((m) => m.id));
    while (expected.some((id) => !seen().has(id)) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200));
    expect([...seen()].sort()).toEqual([...expected].sort());
    // A client's first sightings keep the commit order of its events (the bus orders per client).
    const firstSightings = received.received.map((m) => m.id).filter((id, i, all) => all.indexOf(id) === i);
    expect(firstSightings.filter((id) => before.some((e) => e.id === id))).toEqual(before.map((e) => e.id));
    await received.consumer.close();
  });
});
