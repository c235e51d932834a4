import { Router } from 'express';
import { TASKS, isTaskId, taskDefinition, statusPill, type TaskStatus } from '@onboard/domain';
import { mount } from '@onboard/api-contract/express';
import { type QueryDeps, requireClientReader } from '../http/context.ts';
import { listClientTasks, type TaskView } from './routes.contract.ts';

type Row = {
  task_id: string;
  policy_id: string;
  status: TaskStatus;
  due_date: string | null;
  status_updated_at: Date;
  done_at: Date | null;
  reason: string | null;
  call: { startsAt: string; durationMinutes: number; joinUrl: string | null } | null;
};

/**
 * A client's tasks as the hub reads them: the tasks read model (projections/src/tasks.ts) with each
 * task's words from the domain's catalogue; client-level first, then each policy's, by due date.
 */
export async function readClientTasks(pool: QueryDeps['pool'], clientId: string): Promise<TaskView[]> {
  const { rows } = await pool.query<Row>(
    `select task_id, policy_id, status, to_char(due_date, 'YYYY-MM-DD') as due_date, status_updated_at, reason, done_at, call
     from rm_tasks where client_id = $1`,
    [clientId],
  );
  // Client-level tasks first, then each policy's; within them by due date, then in the catalogue's order.
  const order = (row: Row) => TASKS.findIndex((t) => t.id === row.task_id);
  return rows
    .filter((row) => isTaskId(row.task_id))
    .sort(
      (a, b) =>
        a.policy_id.localeCompare(b.policy_id) ||
        (a.due_date ?? '9999').localeCompare(b.due_date ?? '9999') ||
        order(a) - order(b),
    )
    .map((row) => {
      const definition = taskDefinition(row.task_id as Parameters<typeof taskDefinition>[0]);
      return {
        taskId: row.task_id,
        policyId: row.policy_id === '' ? null : row.policy_id,
        level: definition.level,
        title: definition.title,
        asks: definition.asks,
        owner: definition.owner,
        completion: definition.completion,
        status: row.status,
        pill: statusPill(row.status),
        dueDate: row.due_date,
        statusUpdatedAt: row.status_updated_at.toISOString(),
        doneAt: row.done_at?.toISOString() ?? null,
        reason: row.reason,
        call: row.call,
      };
    });
}

/** GET /api/clients/{clientId}/tasks. */
export function taskQueryRoutes(deps: QueryDeps): Router {
  const router = Router();
  mount(router, listClientTasks, async (req, res) => {
    const { clientId } = await requireClientReader(deps.authenticate, req);
    res.json(await readClientTasks(deps.pool, clientId));
  });
  return router;
}
