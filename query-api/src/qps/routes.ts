import { readUntil } from '../http/catch-up.ts';
import { Router } from 'express';
import type { ApiJobStatus } from '@onboard/events';
import {
  NotFoundError,
  fromDocument,
  type EifStateDocument,
  checkPlanDesign,
  planDesignFromState,
} from '@onboard/domain';
import { mount } from '@onboard/api-contract/express';
import { requireActor, requireClientAccess, type QueryDeps, requireClientReader } from '../http/context.ts';
import { clientIdsOf, getApiJobs, getClientApiJobs, getPlanDesignInfo } from './routes.contract.ts';

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

/**
 * Read-your-writes for a push's outcome (as the client reads do with minVersion): a page that has
 * learnt from the real-time stream that a job finished asks for that job settled, and the answer waits
 * briefly for the api-jobs projection to record it, so the page does not show "In progress" beside a
 * finished overlay. After the wait it answers what the read model has.
 */
async function waitForSettledJob(deps: QueryDeps, clientId: string, apiJobId: string) {
  await readUntil(
    async () =>
      (
        await deps.pool.query<{ status: ApiJobStatus }>(
          'select status from rm_api_jobs where api_job_id = $1 and client_id = $2',
          [apiJobId, clientId],
        )
      ).rows[0]?.status,
    (status) => status !== undefined && status !== 'IN_PROGRESS',
  );
}

export function qpsQueryRoutes(deps: QueryDeps): Router {
  const router = Router();

  /**
   * The design the push would send and what the plan system would say about it, before pushing, with
   * the client's latest push job. `settledJob={apiJobId}` waits for that job's final status first.
   */
  mount(router, getPlanDesignInfo, async (req, res, input) => {
    const { clientId } = await requireClientReader(deps.authenticate, req);
    const { settledJob } = input.query();
    if (settledJob) await waitForSettledJob(deps, clientId, settledJob);
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
  });

  /** The latest push job of each client asked for (clients without a job are left out). */
  mount(router, getApiJobs, async (req, res, input) => {
    const actor = await requireActor(deps.authenticate, req);
    const clientIds = clientIdsOf(input.query());
    for (const clientId of clientIds) requireClientAccess(actor, clientId, 'read');
    const { rows } = await deps.pool.query<JobRow>(LATEST_JOBS_SQL, [clientIds]);
    res.json({ apiJobs: rows.map(toView) });
  });

  /** Every push of one client, for the hub's onboarding timeline. */
  mount(router, getClientApiJobs, async (req, res) => {
    const { clientId } = await requireClientReader(deps.authenticate, req);
    const { rows } = await deps.pool.query<JobRow>(
      `select api_job_id, client_id, status, reasons, requested_by, requested_at, updated_at
         from rm_api_jobs where client_id = $1
        order by position_commit desc, position_prepare desc limit 50`,
      [clientId],
    );
    res.json({ apiJobs: rows.map(toView) });
  });

  return router;
}
