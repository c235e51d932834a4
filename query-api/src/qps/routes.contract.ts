import { z } from 'zod';
import { errors, json, pathParams, problem, routeFamily } from '@onboard/api-contract';
import type { PlanCheck, PlanDesign } from '@onboard/domain';
import { API_JOB_STATUSES } from '@onboard/events';

const ApiJob = z
  .object({
    id: z.string(),
    clientId: z.string(),
    status: z.enum(API_JOB_STATUSES),
    apiJobOutputs: z.array(z.string()).meta({ description: 'The plan system’s reasons' }),
    requestedBy: z.object({ userId: z.string(), role: z.string() }).nullable(),
    requestedAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'ApiJob' });

export const PlanDesignInfoQuery = z.object({
  settledJob: z.string({ error: 'settledJob must be a push job id' }).min(1).max(200).optional(),
});

/** The plan-system pushes' reads. */
const qpsRead = routeFamily({ tag: 'qps' });

export const getPlanDesignInfo = qpsRead('GET /api/clients/{clientId}/qps/plan-design-info', {
  summary:
    'The plan design and what the checks find; settledJob waits briefly for that job to be recorded finished',
  request: { params: pathParams('clientId'), query: PlanDesignInfoQuery },
  responses: {
    200: json(
      z
        .object({
          clientId: z.string(),
          version: z.number().int(),
          // The domain's shapes, described there (domain/src/plan-design).
          design: z.unknown() as z.ZodType<PlanDesign>,
          check: z.unknown() as z.ZodType<PlanCheck>,
          latestJob: ApiJob.nullable(),
        })
        .passthrough(),
      'The design',
    ),
    400: problem('A malformed settledJob'),
    ...errors.notYours,
    ...errors.noClient,
  },
});

const CLIENT_IDS_MESSAGE = 'Give one or more client ids';
const OneOrMany = z.union([z.string(), z.array(z.string())]);
type ClientIdsQuery = { 'clientIds[]'?: string | string[]; clientIds?: string | string[] };
const requested = (query: ClientIdsQuery) => [query['clientIds[]'] ?? query.clientIds ?? []].flat();
/** The client ids asked for, once each, from either form of the query. */
export const clientIdsOf = (query: ClientIdsQuery) => [...new Set(requested(query))];

/**
 * `clientIds[]=a&clientIds[]=b` (the spec's form), `clientIds=a&clientIds=b` or one `clientIds=a`: 1 to 200
 * ids, none empty, else a 400 keyed query.clientIds.
 */
export const ApiJobsQuery = z
  .object({ 'clientIds[]': OneOrMany.optional(), clientIds: OneOrMany.optional() })
  .superRefine((query, ctx) => {
    const ids = requested(query);
    if (ids.length === 0 || ids.length > 200 || ids.some((id) => id === ''))
      ctx.addIssue({ code: 'custom', path: ['clientIds'], message: CLIENT_IDS_MESSAGE });
  });

export const getApiJobs = qpsRead('GET /api/api-jobs', {
  summary: 'The latest push job of each client',
  request: { query: ApiJobsQuery },
  responses: {
    200: json(z.object({ apiJobs: z.array(ApiJob) }), 'Latest job per client'),
    400: problem('No client ids (query.clientIds)'),
    ...errors.notYours,
  },
});

export const getClientApiJobs = qpsRead('GET /api/clients/{clientId}/api-jobs', {
  summary: 'Every push of the client to the plan system, newest first (at most 50)',
  request: { params: pathParams('clientId') },
  responses: {
    200: json(z.object({ apiJobs: z.array(ApiJob) }), 'The client’s pushes, newest first'),
    ...errors.notYours,
  },
});
