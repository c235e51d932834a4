import { hostname } from 'node:os';
import type { Express } from 'express';
import type pg from 'pg';
import { consumerStatuses, type CheckpointedConsumer, type EventStore, type Runner } from '@onboard/events';
import type { AppConfig } from '../config.ts';
import { anyReachable, maintenancePayload, RETRY_AFTER_SECONDS, type Dependency } from '../http/outage.ts';

/** How long /api/health waits for each dependency. */
const HEALTH_PROBE_MS = 2_500;

/** `run`'s promise, or a rejection after `ms` (the work itself goes on; its result is dropped). */
export function withinMs<T>(ms: number, run: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    run(),
    new Promise<never>((_, fail) => {
      timer = setTimeout(() => fail(new Error(`no answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

type Health = {
  config: AppConfig;
  pool: pg.Pool;
  store: EventStore;
  port: number;
  runners: readonly { consumer: CheckpointedConsumer; runner: Runner }[];
};

/** Each dependency up or down, within HEALTH_PROBE_MS each. */
async function probeDependencies({ config, pool, store }: Health) {
  const kafkaBrokers = config.bus.kind === 'kafka' ? config.bus.brokers : null;
  const probes: [Dependency, () => Promise<unknown>][] = [
    ['PostgreSQL', () => pool.query('select 1')],
    ...(kafkaBrokers
      ? [['Kafka', () => anyReachable(kafkaBrokers)] as [Dependency, () => Promise<unknown>]]
      : []),
    ...(config.eventStore.kind === 'eventstoredb'
      ? [['EventStoreDB', () => store.headPosition()] as [Dependency, () => Promise<unknown>]]
      : []),
  ];
  return Promise.all(
    probes.map(([name, check]) =>
      withinMs(HEALTH_PROBE_MS, check).then(
        () => [name, 'up'] as const,
        () => [name, 'down'] as const,
      ),
    ),
  );
}

/**
 * `GET /api/health`. This replica's consumers (none on an API replica): whether it holds each one's lock
 * (active) or waits as the standby, and each one's lag. Each dependency up or down; 503 only when this
 * process cannot do its job without the one that is down (PostgreSQL and EventStoreDB everywhere). Kafka
 * down leaves every process working: command-api saves to the event store, projections and workers read
 * it, query-api answers reads, and the bus publisher hands the messages over once Kafka is back; such a
 * process answers 200 `degraded`.
 */
export function wireHealth(app: Express, health: Health) {
  const { config, pool, store, port, runners } = health;
  app.get('/api/health', async (_req, res, next) => {
    try {
      const results = await probeDependencies(health);
      const dependencies = Object.fromEntries(results) as Partial<Record<Dependency, 'up' | 'down'>>;
      const down = results.filter(([, state]) => state === 'down').map(([name]) => name);
      const essentialDown = down.filter((name) => name !== 'Kafka');
      if (essentialDown.length > 0) {
        res
          .status(503)
          .set('Retry-After', String(RETRY_AFTER_SECONDS))
          .json({
            ...maintenancePayload(essentialDown),
            status: 'unavailable',
            services: config.services,
            dependencies,
          });
        return;
      }
      const statuses = await consumerStatuses(
        pool,
        store,
        runners.map((r) => r.consumer),
      );
      res.json({
        status: down.length > 0 ? 'degraded' : 'ok',
        replica: `${hostname()}:${port}`,
        services: config.services,
        eventStore: config.eventStore.kind,
        bus: config.bus.kind,
        dependencies,
        degraded: down,
        consumers: statuses.map((status, i) => ({ ...status, isActive: runners[i]!.runner.isActive() })),
      });
    } catch (error) {
      next(error);
    }
  });
}
