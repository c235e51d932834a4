import { Router } from 'express';
import { z } from 'zod';
import type { ApiJobStatus } from '../../../events/src/index.ts';
import {
  NotFoundError,
  ValidationError,
  fromDocument,
  type EifStateDocument,
} from '../../../domain/src/index.ts';
import { checkPlanDesign, planDesignFromState } from '../../../domain/src/plan-design/index.ts';
import { handle, requireActor, requireClientAccess, type QueryDeps } from '../http/context.ts';

export type ApiJobView = {
  id: string;
  clientId: string;
  status: ApiJobStatus;
  /** The plan system's reasons (spec platform §3: apiJobOutputs). */
  apiJobOutputs: string[];
  requestedBy: { userId: string; role: string } | null;
  requestedAt: string;
  updatedAt: string;
};

type JobRow = {
  api_job_id: string;
  client_id: string;
  status: ApiJobStatus;
  reasons: string[];
  requested_by: { userId: string; role: string } | null;
  requested_at: Date;
  updated_at: Date;
};

const toView = (row: JobRow): ApiJobView => ({
  id: row.api_job_id,
  clientId: row.client_id,
  status: row.status,
  apiJobOutputs: row.reasons,
  requestedBy: row.requested_by,
  requestedAt: row.requested_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

const LATEST_JOBS_SQL = `
  select distinct on (client_id) api_job_id, client_id, status, reasons, requested_by, requested_at, updated_at
  from rm_api_jobs where client_id = any($1)
  order by client_id, position_commit desc, position_prepare desc`;

// `clientIds[]=a&clientIds[]=b` (the spec's form), `clientIds=a&clientIds=b` or one `clientIds=a`.
const ClientIds = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : [v]))
  .pipe(z.array(z.string().min(1)).min(1).max(200));

export function qpsQueryRoutes(deps: QueryDeps): Router {
  const router = Router();

  /** The design the push would send and what the plan system would say about it, before pushing. */
  router.get(
    '/api/clients/:clientId/qps/plan-design-info',
    handle(async (req, res) => {
      const actor = await requireActor(deps.authenticate, req);
      const clientId = String(req.params.clientId);
      requireClientAccess(actor, clientId, 'read');
      const { rows } = await deps.pool.query<{ state: EifStateDocument; version: string }>(
        'select state, version from rm_clients where client_id = $1',
        [clientId],
      );
      const design = rows[0] ? planDesignFromState(fromDocument(rows[0].state)) : null;
      if (!design) throw new NotFoundError('Client not found');
      const latest = await deps.pool.query<JobRow>(LATEST_JOBS_SQL, [[clientId]]);
      res.json({
        clientId,
        version: Number(rows[0]!.version),
        design,
        check: checkPlanDesign(design),
        latestJob: latest.rows[0] ? toView(latest.rows[0]) : null,
      });
    }),
  );

  /** The latest push job of each client asked for (clients without a job are left out). */
  router.get(
    '/api/api-jobs',
    handle(async (req, res) => {
      const actor = await requireActor(deps.authenticate, req);
      const query = req.query as Record<string, unknown>;
      const parsed = ClientIds.safeParse(query['clientIds[]'] ?? query.clientIds);
      if (!parsed.success) throw new ValidationError({ 'query.clientIds': 'Give one or more client ids' });
      const clientIds = [...new Set(parsed.data)];
      for (const clientId of clientIds) requireClientAccess(actor, clientId, 'read');
      const { rows } = await deps.pool.query<JobRow>(LATEST_JOBS_SQL, [clientIds]);
      res.json({ apiJobs: rows.map(toView) });
    }),
  );

  return router;
}
