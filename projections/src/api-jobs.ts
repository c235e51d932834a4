import { ApiJobStatusChanged, PlanDesignPushRequested, type CheckpointedConsumer } from '@onboard/events';
import { deleteRows } from './reset.ts';

/**
 * One row per plan-system push job, for GET /api/api-jobs (the overlay's 60-second poll). The job's
 * position is the position of its first event, so "latest job of a client" follows commit order, not
 * clocks.
 */
export const apiJobsProjection: CheckpointedConsumer = {
  name: 'api-jobs',
  filter: { eventTypes: ['PlanDesignPushRequested', 'ApiJobStatusChanged'] },
  reset: deleteRows('rm_api_jobs'),
  handle: async (events, tx) => {
    for (const recorded of events) {
      const at = recorded.metadata.occurredAt;
      const position = [recorded.position.commit.toString(), recorded.position.prepare.toString()];
      if (recorded.type === 'PlanDesignPushRequested') {
        const { data } = PlanDesignPushRequested.parse({ type: recorded.type, data: recorded.data });
        await tx.query(
          `insert into rm_api_jobs (api_job_id, client_id, status, requested_by, requested_at, updated_at,
             position_commit, position_prepare)
           values ($1, $2, 'IN_PROGRESS', $3, $4, $4, $5, $6)
           on conflict (api_job_id) do update set requested_by = excluded.requested_by`,
          [data.apiJobId, data.clientId, JSON.stringify(data.requestedBy), at, ...position],
        );
      } else if (recorded.type === 'ApiJobStatusChanged') {
        const { data } = ApiJobStatusChanged.parse({ type: recorded.type, data: recorded.data });
        // A job's events arrive in stream order, so the last status applied is the current one.
        await tx.query(
          `insert into rm_api_jobs (api_job_id, client_id, status, reasons, requested_at, updated_at,
             position_commit, position_prepare)
           values ($1, $2, $3, $4, $5, $5, $6, $7)
           on conflict (api_job_id) do update set status = excluded.status, reasons = excluded.reasons,
             updated_at = excluded.updated_at`,
          [data.apiJobId, data.clientId, data.apiJobStatus, JSON.stringify(data.reasons), at, ...position],
        );
      }
    }
  },
};
