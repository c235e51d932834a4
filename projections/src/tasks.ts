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
    // The first answer saved moves the EIF task from Not Started to In Progress. The clients whose answers
    // changed are moved together, before any other task event (which may concern the same task) and at
    // the end of the batch; each keeps the time of its first change.
    const answered = new Map<string, string>();
    const moveAnswered = async () => {
      if (answered.size === 0) return;
      await tx.query(
        `update rm_tasks t set status = 'In Progress', status_updated_at = a.at
           from unnest($1::text[], $2::timestamptz[]) as a(client_id, at)
          where t.client_id = a.client_id and t.task_id = $3 and t.policy_id = '' and t.status = 'Not Started'`,
        [[...answered.keys()], [...answered.values()], EIF_TASK],
      );
      answered.clear();
    };
    for (const recorded of events) {
      if (recorded.type === 'EifEntityChanged') {
        const { clientId } = recorded.data as { clientId: string };
        if (!answered.has(clientId)) answered.set(clientId, recorded.recordedAt.toISOString());
        continue;
      }
      await moveAnswered();
      if (recorded.type === 'EifSigned') {
        const { clientId } = recorded.data as { clientId: string };
        await tx.query(
          `update rm_tasks set status = 'Done', status_updated_at = $3, done_at = $3
           where client_id = $1 and task_id = $2 and policy_id = '' and status = any($4)`,
          [clientId, EIF_TASK, recorded.recordedAt, ['Not Started', 'In Progress', 'Upcoming']],
        );
        continue;
      }
      if (recorded.type.startsWith('Envelope')) {
        const { clientId, envelopeId } = recorded.data as { clientId: string; envelopeId: string };
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
      const key = [event.data.clientId, event.data.taskId, event.data.policyId ?? ''];
      switch (event.type) {
        case 'TaskScheduled':
          await tx.query(
            `insert into rm_tasks (client_id, task_id, policy_id, status, due_date, status_updated_at)
             values ($1, $2, $3, $4, $5, $6) on conflict do nothing`,
            [...key, event.data.status, event.data.dueDate, event.data.at],
          );
          break;
        case 'TaskStatusChanged':
          // done_at: when the task last reached Done; cleared when it leaves Done (reopened).
          await tx.query(
            `update rm_tasks set status = $4, reason = $5, status_updated_at = $6,
               done_at = case when $4 = 'Done' then $6::timestamptz else null end
             where client_id = $1 and task_id = $2 and policy_id = $3`,
            [...key, event.data.to, event.data.reason, event.data.at],
          );
          break;
        case 'TaskCallScheduled':
          await tx.query(
            'update rm_tasks set call = $4 where client_id = $1 and task_id = $2 and policy_id = $3',
            [...key, event.data.call ? JSON.stringify(event.data.call) : null],
          );
          break;
        case 'TaskDueDateChanged':
          await tx.query(
            'update rm_tasks set due_date = $4 where client_id = $1 and task_id = $2 and policy_id = $3',
            [...key, event.data.dueDate],
          );
          break;
      }
    }
    await moveAnswered();
  },
};
