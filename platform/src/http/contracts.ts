import { z } from 'zod';
import { collectContracts, defineRoute, json, type RouteContract } from '@onboard/api-contract';
import { commandContracts } from '@onboard/command-api/contracts';
import { queryContracts } from '@onboard/query-api/contracts';
import * as errorReporting from '../error-reporting/routes.contract.ts';
import * as emailTemplates from '../email/routes.contract.ts';

// The platform's own routes (platform/src/app.ts).
const Health = z.object({
  status: z.literal('ok'),
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
    unavailable: z.array(z.enum(['PostgreSQL', 'EventStoreDB', 'Kafka'])),
    services: z.array(z.string()),
  })
  .passthrough();
const health = defineRoute({
  method: 'get',
  path: '/api/health',
  tag: 'platform',
  summary: 'This replica: its services, and the consumers it runs with their lag',
  isSignedIn: false,
  responses: {
    200: json(
      Health,
      'Up, with the checkpoint and lag of each consumer this replica runs, active or standby',
    ),
    503: json(HealthDown, 'A dependency is down: which (with Retry-After)'),
  },
});
const healthLive = defineRoute({
  method: 'get',
  path: '/api/health/live',
  tag: 'platform',
  summary: 'Liveness: the process answers (from its first moment, until it exits)',
  isSignedIn: false,
  responses: { 200: json(z.object({ status: z.literal('live') }), 'Alive') },
});
const Readiness = z.object({ status: z.enum(['ready', 'starting', 'stopping', 'unavailable']) });
const healthReady = defineRoute({
  method: 'get',
  path: '/api/health/ready',
  tag: 'platform',
  summary: 'Readiness: migrated, connected to its database, every service mounted, not stopping',
  isSignedIn: false,
  responses: {
    200: json(Readiness, 'Ready for traffic'),
    503: json(Readiness, 'Starting, stopping, or its database unreachable'),
  },
});
const openApiDocument = defineRoute({
  method: 'get',
  path: '/api/openapi.json',
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
  ...collectContracts(errorReporting, emailTemplates),
];
