import { z } from 'zod';
import { defineRoute, json, type RouteContract } from '@onboard/api-contract';
import { commandContracts } from '@onboard/command-api/contracts';
import { queryContracts } from '@onboard/query-api/contracts';

// The platform's own routes (platform/src/app.ts).
const DependencyName = z.enum(['PostgreSQL', 'EventStoreDB', 'Kafka']);
/** Each dependency this process uses (PostgreSQL always; Kafka and EventStoreDB where configured). */
const Dependencies = z.partialRecord(DependencyName, z.enum(['up', 'down']));
const Health = z.object({
  /** degraded: a dependency is down that this process works without for now (Kafka: the bus catches up). */
  status: z.enum(['ok', 'degraded']),
  dependencies: Dependencies,
  /** The dependencies down (empty when `ok`). */
  degraded: z.array(DependencyName),
  /** This process (host name and port): every replica answers for itself. */
  replica: z.string(),
  services: z.array(z.string()),
  eventStore: z.string(),
  bus: z.string(),
  consumers: z.array(
    z.object({
      name: z.string(),
      checkpoint: z.string(),
      head: z.string(),
      isCaughtUp: z.boolean(),
      lagMs: z.number(),
      /** This replica holds the consumer's lock (its active runner); false: it waits as the standby. */
      isActive: z.boolean(),
    }),
  ),
});
const HealthDown = z
  .object({
    status: z.literal('unavailable'),
    code: z.literal('MAINTENANCE'),
    maintenance: z.literal(true),
    message: z.string(),
    unavailable: z.array(DependencyName),
    services: z.array(z.string()),
    dependencies: Dependencies,
  })
  .passthrough();
const health = defineRoute('GET /api/health', {
  tag: 'platform',
  summary: 'This replica: its services, and the consumers it runs with their lag',
  isSignedIn: false,
  responses: {
    200: json(
      Health,
      'Up (or degraded: a dependency it works without for now is down), with the checkpoint and lag of each consumer this replica runs, active or standby',
    ),
    503: json(HealthDown, 'A dependency this process cannot work without is down: which (with Retry-After)'),
  },
});
const healthLive = defineRoute('GET /api/health/live', {
  tag: 'platform',
  summary: 'Liveness: the process answers (from its first moment, until it exits)',
  isSignedIn: false,
  responses: { 200: json(z.object({ status: z.literal('live') }), 'Alive') },
});
const Readiness = z.object({ status: z.enum(['ready', 'starting', 'stopping', 'unavailable']) });
const healthReady = defineRoute('GET /api/health/ready', {
  tag: 'platform',
  summary: 'Readiness: migrated, connected to its database, every service mounted, not stopping',
  isSignedIn: false,
  responses: {
    200: json(Readiness, 'Ready for traffic'),
    503: json(Readiness, 'Starting, stopping, or its database unreachable'),
  },
});
const openApiDocument = defineRoute('GET /api/openapi.json', {
  tag: 'platform',
  summary: 'This document',
  isSignedIn: false,
  responses: { 200: json(z.record(z.string(), z.unknown()), 'OpenAPI 3.1') },
});

/** Every route the app mounts, by its contract: the document, and the answer checks of the tests. */
export const allContracts: readonly RouteContract[] = [
  health,
  healthLive,
  healthReady,
  openApiDocument,
  ...commandContracts,
  ...queryContracts,
];
