import { TaskEvent, type CheckpointedConsumer, type ProjectionTx, type RecordedEvent } from '@onboard/events';
import { ONBOARDING_FORMS_TASK_ID, onboardingFormsTaskStatus, type EnvelopeStatus } from '@onboard/domain';
import { deleteRows } from './reset.ts';

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

function parse(recorded: RecordedEvent): Parsed {
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

type TaskKey = [clientId: string, taskId: string, policyId: string];

/** The rows a batch's events concern, and the clients whose forms changed (every form of theirs is read). */
function keysOf(parsed: readonly Parsed[]) {
  const keys = new Map<string, TaskKey>();
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
  return { keys, formClients };
}

async function readTasks(tx: ProjectionTx, keys: Iterable<TaskKey>): Promise<Map<string, TaskRow>> {
  const { rows } = await tx.query<TaskRow>(
    `select t.client_id, t.task_id, t.policy_id, t.status, t.due_date::text as due_date,
       t.status_updated_at::text as status_updated_at, t.reason, t.done_at::text as done_at, t.call
       from unnest($1::text[], $2::text[], $3::text[]) as k(client_id, task_id, policy_id)
       join rm_tasks t using (client_id, task_id, policy_id)`,
    [...keys].reduce<[string[], string[], string[]]>(
      (columns, [c, t, p]) => (columns[0].push(c), columns[1].push(t), columns[2].push(p), columns),
      [[], [], []],
    ),
  );
  return new Map(rows.map((row) => [keyOf(row.client_id, row.task_id, row.policy_id), row]));
}

async function readForms(tx: ProjectionTx, formClients: ReadonlySet<string>) {
  const forms = new Map<string, Map<string, EnvelopeStatus>>();
  if (formClients.size === 0) return forms;
  const { rows } = await tx.query<{ client_id: string; envelope_id: string; status: EnvelopeStatus }>(
    'select client_id, envelope_id, status from rm_task_onboarding_forms where client_id = any($1)',
    [[...formClients]],
  );
  for (const client of formClients) forms.set(client, new Map());
  for (const row of rows) forms.get(row.client_id)!.set(row.envelope_id, row.status);
  return forms;
}

/** A batch's rows in memory: the events apply to them in order, then the changed rows are written. */
class TaskBatch {
  private readonly changedTasks = new Set<string>();
  private readonly changedForms = new Set<string>();

  constructor(
    private readonly tasks: Map<string, TaskRow>,
    private readonly forms: Map<string, Map<string, EnvelopeStatus>>,
  ) {}

  apply(p: Parsed): void {
    switch (p.kind) {
      case 'answered':
        // The first answer saved moves the EIF task from Not Started to In Progress.
        this.update(keyOf(p.clientId, EIF_TASK, ''), (row) =>
          row.status === 'Not Started' ? { status: 'In Progress', status_updated_at: p.at } : null,
        );
        break;
      case 'signed':
        this.update(keyOf(p.clientId, EIF_TASK, ''), (row) =>
          ['Not Started', 'In Progress', 'Upcoming'].includes(row.status)
            ? { status: 'Done', status_updated_at: p.at, done_at: p.at }
            : null,
        );
        break;
      case 'envelope':
        this.applyEnvelope(p);
        break;
      case 'task':
        this.applyTaskEvent(p.event);
        break;
    }
  }

  async write(tx: ProjectionTx): Promise<void> {
    if (this.changedForms.size > 0) await this.writeForms(tx);
    if (this.changedTasks.size > 0) await this.writeTasks(tx);
  }

  private update(key: string, change: (row: TaskRow) => Partial<TaskRow> | null): void {
    const row = this.tasks.get(key);
    const next = row && change(row);
    if (!row || !next) return;
    Object.assign(row, next);
    this.changedTasks.add(key);
  }

  private applyEnvelope(p: Extract<Parsed, { kind: 'envelope' }>): void {
    const clientForms = this.forms.get(p.clientId)!;
    clientForms.set(p.envelopeId, p.status);
    this.changedForms.add(`${p.clientId}\u0000${p.envelopeId}`);
    const to = onboardingFormsTaskStatus([...clientForms.values()]);
    // A task staff sent back (NIGO) keeps its reason until they answer it.
    if (to)
      this.update(keyOf(p.clientId, ONBOARDING_FORMS_TASK_ID, ''), (row) =>
        row.status !== to && row.status !== 'NIGO'
          ? { status: to, status_updated_at: p.at, done_at: to === 'Done' ? p.at : null }
          : null,
      );
  }

  private applyTaskEvent(event: TaskEvent): void {
    const policyId = event.data.policyId ?? '';
    const key = keyOf(event.data.clientId, event.data.taskId, policyId);
    switch (event.type) {
      case 'TaskScheduled':
        if (!this.tasks.has(key)) {
          this.tasks.set(key, {
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
          this.changedTasks.add(key);
        }
        break;
      case 'TaskStatusChanged':
        // done_at: when the task last reached Done; cleared when it leaves Done (reopened).
        this.update(key, () => ({
          status: event.data.to,
          reason: event.data.reason,
          status_updated_at: event.data.at,
          done_at: event.data.to === 'Done' ? event.data.at : null,
        }));
        break;
      case 'TaskCallScheduled':
        this.update(key, () => ({ call: event.data.call }));
        break;
      case 'TaskDueDateChanged':
        this.update(key, () => ({ due_date: event.data.dueDate }));
        break;
    }
  }

  private async writeForms(tx: ProjectionTx): Promise<void> {
    const written = [...this.changedForms].map((k) => k.split('\u0000') as [string, string]);
    await tx.query(
      `insert into rm_task_onboarding_forms (client_id, envelope_id, status)
       select * from unnest($1::text[], $2::text[], $3::text[])
       on conflict (client_id, envelope_id) do update set status = excluded.status`,
      [
        written.map(([c]) => c),
        written.map(([, e]) => e),
        written.map(([c, e]) => this.forms.get(c)!.get(e)!),
      ],
    );
  }

  private async writeTasks(tx: ProjectionTx): Promise<void> {
    const written = [...this.changedTasks].map((key) => this.tasks.get(key)!);
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
}

/**
 * A batch of saved answers only (every save of a form): the first answer of each client moves the EIF
 * task from Not Started to In Progress, as `TaskBatch` would, in one write that reads nothing first, so
 * it goes with the batch's other writes.
 */
async function startEifTasks(tx: ProjectionTx, answers: readonly Parsed[]): Promise<void> {
  const firstAt = new Map<string, string>();
  for (const p of answers)
    if (p.kind === 'answered' && !firstAt.has(p.clientId)) firstAt.set(p.clientId, p.at);
  await tx.query(
    `update rm_tasks t set status = 'In Progress', status_updated_at = k.at::timestamptz
       from unnest($1::text[], $2::text[]) as k(client_id, at)
      where t.client_id = k.client_id and t.task_id = $3 and t.policy_id = '' and t.status = 'Not Started'`,
    [[...firstAt.keys()], [...firstAt.values()], EIF_TASK],
  );
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
  reset: deleteRows('rm_tasks', 'rm_task_onboarding_forms'),
  handle: async (events, tx) => {
    const parsed = events.map(parse);
    if (parsed.every((p) => p.kind === 'answered')) return startEifTasks(tx, parsed);
    const { keys, formClients } = keysOf(parsed);
    const batch = new TaskBatch(await readTasks(tx, keys.values()), await readForms(tx, formClients));
    for (const p of parsed) batch.apply(p);
    await batch.write(tx);
  },
};
