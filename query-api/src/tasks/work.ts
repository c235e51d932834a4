import { Router } from 'express';
import {
  ForbiddenError,
  NotFoundError,
  fromDocument,
  grantFor,
  toClientView,
  type EifStateDocument,
  TASKS_IN_DEPENDENCY_ORDER,
  isTaskId,
  taskDefinition,
  OPEN_STATUSES,
  statusPill,
  type TaskStatus,
  policyLabel,
  waitingWork,
  workSideOf,
} from '@onboard/domain';
import { mount } from '@onboard/api-contract/express';
import { requireActor, requirePermission, type QueryDeps } from '../http/context.ts';
import { listUserWork, type WorkItem } from './routes.contract.ts';

type Row = {
  client_id: string;
  client_name: string;
  task_id: string;
  policy_id: string;
  status: TaskStatus;
  due_date: string | null;
};

/** Statuses in which a task may wait on someone: open, or submitted for review. */
const WAITING_STATUSES: readonly TaskStatus[] = [...OPEN_STATUSES, 'In Review', 'Needs Review'];

/**
 * "My work": the tasks that wait on one person across their clients (domain/src/tasks/work.ts decides
 * whose turn it is), soonest due first, undated last. A broker's or benefits administrator's clients are
 * the ones assigned to them; staff's, those they are the implementation consultant of. Archived, deleted
 * and draft clients ask nothing of anyone. Staff may read anyone's; everyone else only their own.
 */
export function workQueryRoutes(deps: QueryDeps): Router {
  const router = Router();

  mount(router, listUserWork, async (req, res) => {
    const actor = await requireActor(deps.authenticate, req);
    const userId = String(req.params.userId);
    const isStaff = grantFor(actor.role, 'client')?.scope === 'any';
    if (isStaff) requirePermission(actor, 'client', 'read');
    else if (actor.userId !== userId) throw new ForbiddenError();
    const { rows: people } = await deps.pool.query<{
      first_name: string;
      last_name: string;
      role: string;
      client_ids: string[];
    }>(`select first_name, last_name, role, client_ids from rm_users where user_id = $1 and not is_deleted`, [
      userId,
    ]);
    const person = people[0];
    if (!person) throw new NotFoundError('No such user');
    const side = workSideOf(person.role);
    // A person's own clients as their session knows them; staff reading someone else's, the user's row.
    const clientIds = actor.userId === userId ? actor.clientIds : person.client_ids;
    const [clientScope, scopeValue] =
      side === 'carrier'
        ? ['l.implementation_consultant_user_id = $1', userId]
        : ['t.client_id = any($1::text[])', clientIds];
    const { rows } = await deps.pool.query<Row>(
      `select t.client_id, coalesce(nullif(c.name, ''), l.name, '') as client_name, t.task_id, t.policy_id,
              t.status, to_char(t.due_date, 'YYYY-MM-DD') as due_date
         from rm_tasks t
         join rm_clients c on c.client_id = t.client_id
         left join rm_client_lifecycle l on l.client_id = t.client_id
        where ${clientScope}
          and l.deleted_at is null and not coalesce(l.is_archived, false) and not coalesce(l.is_draft, false)
          and t.status = any($2::text[])`,
      [scopeValue, WAITING_STATUSES],
    );
    const waiting = rows
      .map((row) => ({ row, action: waitingWork(row.task_id, row.status, side) }))
      .filter((w): w is { row: Row; action: string } => w.action !== null);
    // The policies in words, read once per client.
    const clients = [...new Set(waiting.filter((w) => w.row.policy_id !== '').map((w) => w.row.client_id))];
    const { rows: views } = clients.length
      ? await deps.pool.query<{ client_id: string; state: EifStateDocument; version: string }>(
          'select client_id, state, version from rm_clients where client_id = any($1::text[])',
          [clients],
        )
      : { rows: [] };
    const policies = new Map(
      views.flatMap(
        (v) =>
          toClientView(fromDocument(v.state), BigInt(v.version))?.policies.map(
            (p) =>
              [
                `${v.client_id}|${String(p.id)}`,
                policyLabel({
                  slfPolicyNumber: String(p.slfPolicyNumber ?? ''),
                  slfCoverages: Array.isArray(p.slfCoverages) ? p.slfCoverages.map(String) : [],
                }),
              ] as const,
          ) ?? [],
      ),
    );
    const order = (taskId: string) => TASKS_IN_DEPENDENCY_ORDER.indexOf(taskId as never);
    const items: WorkItem[] = waiting
      .sort(
        (a, b) =>
          (a.row.due_date ?? '9999').localeCompare(b.row.due_date ?? '9999') ||
          a.row.client_name.localeCompare(b.row.client_name) ||
          order(a.row.task_id) - order(b.row.task_id),
      )
      .map(({ row, action }) => ({
        clientId: row.client_id,
        clientName: row.client_name || 'Unnamed client',
        taskId: row.task_id,
        policyId: row.policy_id === '' ? null : row.policy_id,
        policyLabel:
          row.policy_id === '' ? null : (policies.get(`${row.client_id}|${row.policy_id}`) ?? 'Policy'),
        title: isTaskId(row.task_id) ? taskDefinition(row.task_id).title : 'Task',
        status: row.status,
        pill: statusPill(row.status),
        dueDate: row.due_date,
        action,
      }));
    res.json({
      person: { userId, name: `${person.first_name} ${person.last_name}`.trim(), role: person.role },
      items,
    });
  });

  return router;
}
