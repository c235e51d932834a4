import { z } from 'zod';
import { collectContracts, defineRoute, json, type RouteContract } from '@onboard/api-contract';
import { commandContracts } from '@onboard/command-api/contracts';
import { queryContracts } from '@onboard/query-api/contracts';
import * as errorReporting from '../error-reporting/routes.contract.ts';
import * as emailTemplates from '../email/routes.contract.ts';

// The platform's own routes (platform/src/app.ts).
const Health = z.object({
  status: z.literal('ok'),
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
    }),
  ),
});
export const health = defineRoute({
  method: 'get',
  path: '/api/health',
  tag: 'platform',
  summary: 'Liveness and projection lag',
  isSignedIn: false,
  responses: { 200: json(Health, 'Up, with each consumer’s checkpoint and lag') },
});
export const openApiDocument = defineRoute({
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
  openApiDocument,
  ...commandContracts,
  ...queryContracts,
  ...collectContracts(errorReporting, emailTemplates),
];
