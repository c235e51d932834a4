import type * as TestcontainersModule from 'testcontainers';
import { afterAll, beforeAll, describe } from 'vitest';
import { describeEventStoreContract } from './contract.ts';
import { createEventStoreDbEventStore } from './eventstoredb.ts';

const IMAGE = process.env.EVENTSTORE_IMAGE ?? 'kurrentplatform/kurrentdb:26.1.1';
// KurrentDB reads KURRENTDB_* settings; eventstore/eventstore images read EVENTSTORE_*.
const ENV_PREFIX = IMAGE.includes('kurrent') ? 'KURRENTDB' : 'EVENTSTORE';

type Testcontainers = typeof TestcontainersModule;

const describeError = (error: unknown) => (error instanceof Error ? error.message : String(error));

// Loaded lazily, so a machine where testcontainers cannot load reports this suite skipped with the reason
// rather than failing the run (testcontainers is pinned to 11.x: 12.x needs a newer Node than 20).
async function loadDocker(): Promise<{ testcontainers: Testcontainers } | { reason: string }> {
  let testcontainers: Testcontainers;
  try {
    testcontainers = await import('testcontainers');
  } catch (error) {
    return { reason: `testcontainers does not load on Node ${process.version}: ${describeError(error)}` };
  }
  try {
    await testcontainers.getContainerRuntimeClient();
    return { testcontainers };
  } catch (error) {
    return { reason: `no Docker engine reachable: ${describeError(error)}` };
  }
}

// Docker is optional on developer machines and not strict in CI (only Kafka and the browser are).
const docker = await loadDocker();
if ('reason' in docker) console.warn(`[skipped] EventStoreDB contract: ${docker.reason}`);

describe.skipIf('reason' in docker)('EventStoreDB adapter (testcontainers)', () => {
  let container: TestcontainersModule.StartedTestContainer | undefined;
  let connectionString = '';

  beforeAll(async () => {
    if (!('testcontainers' in docker)) return;
    const { GenericContainer, Wait } = docker.testcontainers;
    container = await new GenericContainer(IMAGE)
      .withEnvironment({
        [`${ENV_PREFIX}_INSECURE`]: 'true',
        [`${ENV_PREFIX}_RUN_PROJECTIONS`]: 'None',
        [`${ENV_PREFIX}_MEM_DB`]: 'true',
      })
      .withExposedPorts(2113)
      .withWaitStrategy(Wait.forHttp('/health/live', 2113).forStatusCodeMatching((code) => code === 204))
      .withStartupTimeout(120_000)
      .start();
    connectionString = `esdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`;
  });

  afterAll(async () => {
    await container?.stop();
  });

  describeEventStoreContract('EventStoreDB', async () => {
    const store = createEventStoreDbEventStore(connectionString);
    return { store, cleanup: () => store.close() };
  });
});
