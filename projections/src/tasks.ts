import { TaskEvent, type CheckpointedConsumer } from '@onboard/events';
import {
  ONBOARDING_FORMS_TASK_ID,
  onboardingFormsTaskStatus,
} from '@onboard/domain/tasks/onboarding-forms-task';
import type { EnvelopeStatus } from '@onboard/domain/onboarding-forms/index';

/**
 * One row per onboarding task of a client (client-level: policy_id ''), for the hub and the task pages:
 * status, due date, when the status last changed, when it reached Done, and the NIGO reason the client
 * reads. The EIF task's status is the form's own (domain/src/tasks/eif-task.ts): an answer changed moves
 * it to In Progress, the signature to Done, so lists and progress read one table. The onboarding-forms
 * task follows the client's forms (rm_task_onboarding_forms, each form's status): In Progress once one is
 * sent, Done once every form not voided is completed.
 */
const EIF_TASK = 'eif-submit-company-information';
export const tasksProjection: CheckpointedConsumer = {
  name: 'tasks',
  filter: {
    eventTypes: [
      'TaskScheduled',
      'TaskStatusChanged',
      'TaskDueDateChanged',
      'TaskCallScheduled',
      'EifEntityChanged',
      'EifSigned',
      'EnvelopeCreated',
      'EnvelopeCompleted',
      'EnvelopeVoided',
    ],
  },
  reset: async (tx) => {
    await tx.query('delete from rm_tasks');
    await tx.query('delete from rm_task_onboarding_forms');
  },
  handle: async (events, tx) => {
    // Rows are per client, so writes for different clients may be reordered; a client's own go in the
    // order of its events. The writes of a run of events are sent as one statement of each kind: tasks
    // scheduled, statuses changed, and the EIF task moved to In Progress by the first answer saved (each
    // client keeps the time of its first change). A client's run ends at an event of another kind, or a
    // second status change of the same task; then everything pending is written first.
    const scheduled: object[] = [];
    const changed = new Map<
      string,
      { client_id: string; task_id: string; policy_id: string; to: string; reason: string | null; at: string }
    >();
    const answered = new Map<string, string>();
    const runs = new Map<string, 'scheduled' | 'changed' | 'answered'>();
    const flush = async () => {
      if (scheduled.length > 0)
        await tx.query(
          `insert into rm_tasks (client_id, task_id, policy_id, status, due_date, status_updated_at)
           select client_id, task_id, policy_id, status, due_date, at
             from jsonb_to_recordset($1::jsonb) as r(client_id text, task_id text, policy_id text, status text,
               due_date date, at timestamptz)
           on conflict do nothing`,
          [JSON.stringify(scheduled)],
        );
      // done_at: when the task last reached Done; cleared when it leaves Done (reopened).
      // Arrays (not a JSON record set) so the planner knows how many rows it joins: each by the key.
      if (changed.size > 0) {
        const rows = [...changed.values()];
        await tx.query(
          `update rm_tasks t set status = r.to, reason = r.reason, status_updated_at = r.at,
             done_at = case when r.to = 'Done' then r.at else null end
             from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::timestamptz[])
               as r(client_id, task_id, policy_id, "to", reason, at)
            where t.client_id = r.client_id and t.task_id = r.task_id and t.policy_id = r.policy_id`,
          [
            rows.map((r) => r.client_id),
            rows.map((r) => r.task_id),
            rows.map((r) => r.policy_id),
            rows.map((r) => r.to),
            rows.map((r) => r.reason),
            rows.map((r) => r.at),
          ],
        );
      }
      if (answered.size > 0)
        await tx.query(
          `update rm_tasks t set status = 'In Progress', status_updated_at = a.at
             from unnest($1::text[], $2::timestamptz[]) as a(client_id, at)
            where t.client_id = a.client_id and t.task_id = $3 and t.policy_id = '' and t.status = 'Not Started'`,
          [[...answered.keys()], [...answered.values()], EIF_TASK],
        );
      scheduled.length = 0;
      changed.clear();
      answered.clear();
      runs.clear();
    };
    /** Ends what is pending first when the client's run is of another kind. */
    const joinRun = async (clientId: string, kind: 'scheduled' | 'changed' | 'answered' | null) => {
      const run = runs.get(clientId);
      if (run !== undefined && run !== kind) await flush();
      if (kind) runs.set(clientId, kind);
    };
    for (const recorded of events) {
      const { clientId } = recorded.data as { clientId: string };
      if (recorded.type === 'EifEntityChanged') {
        await joinRun(clientId, 'answered');
        if (!answered.has(clientId)) answered.set(clientId, recorded.recordedAt.toISOString());
        continue;
      }
      if (recorded.type === 'EifSigned') {
        await joinRun(clientId, null);
        await tx.query(
          `update rm_tasks set status = 'Done', status_updated_at = $3, done_at = $3
           where client_id = $1 and task_id = $2 and policy_id = '' and status = any($4)`,
          [clientId, EIF_TASK, recorded.recordedAt, ['Not Started', 'In Progress', 'Upcoming']],
        );
        continue;
      }
      if (recorded.type.startsWith('Envelope')) {
        await joinRun(clientId, null);
        const { envelopeId } = recorded.data as { envelopeId: string };
        const status: EnvelopeStatus =
          recorded.type === 'EnvelopeCreated'
            ? 'sent'
            : recorded.type === 'EnvelopeCompleted'
              ? 'completed'
              : 'voided';
        await tx.query(
          `insert into rm_task_onboarding_forms (client_id, envelope_id, status) values ($1, $2, $3)
           on conflict (client_id, envelope_id) do update set status = excluded.status`,
          [clientId, envelopeId, status],
        );
        const { rows } = await tx.query<{ status: EnvelopeStatus }>(
          'select status from rm_task_onboarding_forms where client_id = $1',
          [clientId],
        );
        const to = onboardingFormsTaskStatus(rows.map((r) => r.status));
        // A task staff sent back (NIGO) keeps its reason until they answer it.
        if (to)
          await tx.query(
            `update rm_tasks set status = $3, status_updated_at = $4,
               done_at = case when $3 = 'Done' then $4::timestamptz else null end
             where client_id = $1 and task_id = $2 and policy_id = '' and status <> $3 and status <> 'NIGO'`,
            [clientId, ONBOARDING_FORMS_TASK_ID, to, recorded.recordedAt],
          );
        continue;
      }
      const event = TaskEvent.parse({ type: recorded.type, data: recorded.data });
      const ref = {
        client_id: event.data.clientId,
        task_id: event.data.taskId,
        policy_id: event.data.policyId ?? '',
      };
      switch (event.type) {
        case 'TaskScheduled':
          await joinRun(clientId, 'scheduled');
          scheduled.push({
            ...ref,
            status: event.data.status,
            due_date: event.data.dueDate,
            at: event.data.at,
          });
          break;
        case 'TaskStatusChanged': {
          const key = JSON.stringify(ref);
          await joinRun(clientId, changed.has(key) ? null : 'changed');
          runs.set(clientId, 'changed');
          changed.set(key, { ...ref, to: event.data.to, reason: event.data.reason, at: event.data.at });
          break;
        }
        case 'TaskCallScheduled':
          await joinRun(clientId, null);
          await tx.query(
            'update rm_tasks set call = $4 where client_id = $1 and task_id = $2 and policy_id = $3',
            [
              ref.client_id,
              ref.task_id,
              ref.policy_id,
              event.data.call ? JSON.stringify(event.data.call) : null,
            ],
          );
          break;
        case 'TaskDueDateChanged':
          await joinRun(clientId, null);
          await tx.query(
            'update rm_tasks set due_date = $4 where client_id = $1 and task_id = $2 and policy_id = $3',
            [ref.client_id, ref.task_id, ref.policy_id, event.data.dueDate],
          );
          break;
      }
    }
    await flush();
  },
};
