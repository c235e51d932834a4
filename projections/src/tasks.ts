import { TaskEvent, type CheckpointedConsumer } from '@onboard/events';
import { ONBOARDING_FORMS_TASK_ID, onboardingFormsTaskStatus, type EnvelopeStatus } from '@onboard/domain';

/**
 * One row per onboarding task of a client (client-level: policy_id ''), for the hub and the task pages:
 * status, due date, when the status last changed, when it reached Done, and the NIGO reason the client
 * reads. The EIF task's status is the form's own (domain/src/tasks/eif-task.ts): an answer changed moves
 * it to In Progress, the signature to Done, so lists and progress read one table. The onboarding-forms
 * task follows the client's forms (rm_task_onboarding_forms, each form's status): In Progress once one is
 * sent, Done once every form not voided is completed.
 *
 * A batch reads the rows its events concern once, applies the events to them in order in memory, and
 * writes the rows it changed in one statement per table: a rebuild's page of thousands of task events
 * is two reads and two writes, not a statement per event.
 */
const EIF_TASK = 'eif-submit-company-information';

/** A row of rm_tasks; times and dates as PostgreSQL's own text, so a row read and written back is unchanged. */
type TaskRow = {
  client_id: string;
  task_id: string;
  policy_id: string;
  status: string;
  due_date: string | null;
  status_updated_at: string;
  reason: string | null;
  done_at: string | null;
  call: unknown;
};

const keyOf = (clientId: string, taskId: string, policyId: string) =>
  `${clientId}\u0000${taskId}\u0000${policyId}`;

type Parsed =
  | { kind: 'answered' | 'signed'; clientId: string; at: string }
  | { kind: 'envelope'; clientId: string; envelopeId: string; status: EnvelopeStatus; at: string }
  | { kind: 'task'; event: TaskEvent };

function parse(recorded: Parameters<NonNullable<CheckpointedConsumer['handle']>>[0][number]): Parsed {
  const at = recorded.recordedAt.toISOString();
  if (recorded.type === 'EifEntityChanged' || recorded.type === 'EifSigned') {
    const { clientId } = recorded.data as { clientId: string };
    return { kind: recorded.type === 'EifSigned' ? 'signed' : 'answered', clientId, at };
  }
  if (recorded.type.startsWith('Envelope')) {
    const { clientId, envelopeId } = recorded.data as { clientId: string; envelopeId: string };
    const status: EnvelopeStatus =
      recorded.type === 'EnvelopeCreated'
        ? 'sent'
        : recorded.type === 'EnvelopeCompleted'
          ? 'completed'
          : 'voided';
    return { kind: 'envelope', clientId, envelopeId, status, at };
  }
  return { kind: 'task', event: TaskEvent.parse({ type: recorded.type, data: recorded.data }) };
}

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
    const parsed = events.map(parse);
    // The rows the batch's events concern, and every form of the clients whose forms changed.
    const keys = new Map<string, [string, string, string]>();
    const formClients = new Set<string>();
    for (const p of parsed) {
      if (p.kind === 'task') {
        const { clientId, taskId, policyId } = p.event.data;
        keys.set(keyOf(clientId, taskId, policyId ?? ''), [clientId, taskId, policyId ?? '']);
      } else {
        const taskId = p.kind === 'envelope' ? ONBOARDING_FORMS_TASK_ID : EIF_TASK;
        keys.set(keyOf(p.clientId, taskId, ''), [p.clientId, taskId, '']);
        if (p.kind === 'envelope') formClients.add(p.clientId);
      }
    }
    const tasks = new Map<string, TaskRow>();
    const { rows } = await tx.query<TaskRow>(
      `select t.client_id, t.task_id, t.policy_id, t.status, t.due_date::text as due_date,
         t.status_updated_at::text as status_updated_at, t.reason, t.done_at::text as done_at, t.call
         from unnest($1::text[], $2::text[], $3::text[]) as k(client_id, task_id, policy_id)
         join rm_tasks t using (client_id, task_id, policy_id)`,
      [...keys.values()].reduce<[string[], string[], string[]]>(
        (columns, [c, t, p]) => (columns[0].push(c), columns[1].push(t), columns[2].push(p), columns),
        [[], [], []],
      ),
    );
    for (const row of rows) tasks.set(keyOf(row.client_id, row.task_id, row.policy_id), row);
    const forms = new Map<string, Map<string, EnvelopeStatus>>();
    if (formClients.size > 0) {
      const { rows: formRows } = await tx.query<{
        client_id: string;
        envelope_id: string;
        status: EnvelopeStatus;
      }>('select client_id, envelope_id, status from rm_task_onboarding_forms where client_id = any($1)', [
        [...formClients],
      ]);
      for (const client of formClients) forms.set(client, new Map());
      for (const row of formRows) forms.get(row.client_id)!.set(row.envelope_id, row.status);
    }
    const changedTasks = new Set<string>();
    const changedForms = new Set<string>();
    const update = (key: string, change: (row: TaskRow) => Partial<TaskRow> | null) => {
      const row = tasks.get(key);
      const next = row && change(row);
      if (!row || !next) return;
      Object.assign(row, next);
      changedTasks.add(key);
    };

    for (const p of parsed) {
      switch (p.kind) {
        case 'answered':
          // The first answer saved moves the EIF task from Not Started to In Progress.
          update(keyOf(p.clientId, EIF_TASK, ''), (row) =>
            row.status === 'Not Started' ? { status: 'In Progress', status_updated_at: p.at } : null,
          );
          break;
        case 'signed':
          update(keyOf(p.clientId, EIF_TASK, ''), (row) =>
            ['Not Started', 'In Progress', 'Upcoming'].includes(row.status)
              ? { status: 'Done', status_updated_at: p.at, done_at: p.at }
              : null,
          );
          break;
        case 'envelope': {
          const clientForms = forms.get(p.clientId)!;
          clientForms.set(p.envelopeId, p.status);
          changedForms.add(`${p.clientId}\u0000${p.envelopeId}`);
          const to = onboardingFormsTaskStatus([...clientForms.values()]);
          // A task staff sent back (NIGO) keeps its reason until they answer it.
          if (to)
            update(keyOf(p.clientId, ONBOARDING_FORMS_TASK_ID, ''), (row) =>
              row.status !== to && row.status !== 'NIGO'
                ? { status: to, status_updated_at: p.at, done_at: to === 'Done' ? p.at : null }
                : null,
            );
          break;
        }
        case 'task': {
          const { event } = p;
          const policyId = event.data.policyId ?? '';
          const key = keyOf(event.data.clientId, event.data.taskId, policyId);
          switch (event.type) {
            case 'TaskScheduled':
              if (!tasks.has(key)) {
                tasks.set(key, {
                  client_id: event.data.clientId,
                  task_id: event.data.taskId,
                  policy_id: policyId,
                  status: event.data.status,
                  due_date: event.data.dueDate,
                  status_updated_at: event.data.at,
                  reason: null,
                  done_at: null,
                  call: null,
                });
                changedTasks.add(key);
              }
              break;
            case 'TaskStatusChanged':
              // done_at: when the task last reached Done; cleared when it leaves Done (reopened).
              update(key, () => ({
                status: event.data.to,
                reason: event.data.reason,
                status_updated_at: event.data.at,
                done_at: event.data.to === 'Done' ? event.data.at : null,
              }));
              break;
            case 'TaskCallScheduled':
              update(key, () => ({ call: event.data.call }));
              break;
            case 'TaskDueDateChanged':
              update(key, () => ({ due_date: event.data.dueDate }));
              break;
          }
          break;
        }
      }
    }

    if (changedForms.size > 0) {
      const written = [...changedForms].map((k) => k.split('\u0000') as [string, string]);
      await tx.query(
        `insert into rm_task_onboarding_forms (client_id, envelope_id, status)
         select * from unnest($1::text[], $2::text[], $3::text[])
         on conflict (client_id, envelope_id) do update set status = excluded.status`,
        [written.map(([c]) => c), written.map(([, e]) => e), written.map(([c, e]) => forms.get(c)!.get(e)!)],
      );
    }
    if (changedTasks.size > 0) {
      const written = [...changedTasks].map((key) => tasks.get(key)!);
      const column = <K extends keyof TaskRow>(name: K) => written.map((row) => row[name]);
      await tx.query(
        `insert into rm_tasks (client_id, task_id, policy_id, status, due_date, status_updated_at, reason,
           done_at, call)
         select client_id, task_id, policy_id, status, due_date::date, status_updated_at::timestamptz, reason,
           done_at::timestamptz, call
           from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
             $8::text[], $9::jsonb[])
             as t(client_id, task_id, policy_id, status, due_date, status_updated_at, reason, done_at, call)
         on conflict (client_id, task_id, policy_id) do update set status = excluded.status,
           due_date = excluded.due_date, status_updated_at = excluded.status_updated_at,
           reason = excluded.reason, done_at = excluded.done_at, call = excluded.call`,
        [
          column('client_id'),
          column('task_id'),
          column('policy_id'),
          column('status'),
          column('due_date'),
          column('status_updated_at'),
          column('reason'),
          column('done_at'),
          written.map((row) => (row.call == null ? null : JSON.stringify(row.call))),
        ],
      );
    }
  },
};
