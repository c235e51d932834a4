import { Router } from 'express';
import {
  ForbiddenError,
  grantFor,
  NotFoundError,
  type Actor,
  isTaskId,
  taskDefinition,
  FINAL_STATUSES,
  isTaskStatus,
  OPEN_STATUSES,
  dueDateBadge,
  type ClientPhase,
} from '@onboard/domain';
import { mount } from '@onboard/api-contract/express';
import { requireActor, requirePermission, type QueryDeps } from '../http/context.ts';
import {
  listClients,
  listUserClients,
  type ClientListItem,
  type ClientListQuery,
} from './routes.contract.ts';

type Row = {
  client_id: string;
  name: string;
  eif_status: 'pre_sign' | 'signed' | null;
  pending_count: number;
  updated_at: Date;
  created_at: Date | null;
  phase: ClientPhase;
  ic_id: string | null;
  ic_name: string | null;
  is_test: boolean;
  is_draft: boolean;
  is_archived: boolean;
  release_status: 'LIVE' | null;
  total_tasks: number;
  done_tasks: number;
  nigo_count: number;
  next_task_id: string | null;
  next_policy_id: string | null;
  next_due: string | null;
  next_status: string | null;
  total: string;
};

/** `%` and `_` typed in a search are literal characters, not patterns. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const sqlList = (values: readonly string[]) => values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ');
// Literal lists (not parameters) so the partial index of 0006_client_list.sql serves the lookups.
const OPEN = sqlList(OPEN_STATUSES);
const FINAL = sqlList(FINAL_STATUSES);

/** The phase rule of domain/src/clients/phase.ts (clientPhase), in SQL over the `base` columns. */
const PHASE_SQL = `case when release_status = 'LIVE' then 'live'
  when not is_set_up then 'setup'
  when eif_status is distinct from 'signed' then 'eif'
  else 'enrollment' end`;

const ORDER: Record<ClientListQuery['sortBy'], (dir: 'asc' | 'desc') => string> = {
  name: (dir) => `lower(name) ${dir}, client_id ${dir}`,
  updatedAt: (dir) => `updated_at ${dir}, client_id ${dir}`,
  createdAt: (dir) => `created_at ${dir} nulls last, lower(name), client_id`,
  nextDueDate: (dir) => `sort_due ${dir} nulls last, lower(name), client_id`,
};

/** Who sees what: staff every client, anyone else the given clients (their own), never archived or drafts. */
type Scope = { isStaff: boolean; clientIds: readonly string[] | null };

/**
 * One statement: the form's rows (rm_clients, its EIF status from the generated column of
 * 0006_client_list.sql, never the document) with their lifecycle (rm_client_lifecycle; a client from
 * before lifecycles has none and counts as active, real and set up), plus the drafts for staff (a
 * lifecycle with no form yet); filtered, counted, sorted and paged, and only then, for the page's rows, the
 * task progress, NIGO count, next task, the consultant's name and the pending count: the net-changes read
 * model's pending answers, an entity added or removed counting once (0016_net_changes.sql, one client's
 * rows by its primary key), the count of `pendingAnswerCount` every screen shows, not the raw change
 * records behind them. The task lookups the filters and the
 * nextDueDate sort need are subqueries over one client's tasks (the primary key and the partial index).
 */
function buildQuery(scope: Scope, query: ClientListQuery, today: string) {
  const values: unknown[] = [];
  const param = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  const where: string[] = [];
  if (scope.clientIds) where.push(`client_id = any(${param(scope.clientIds)}::text[])`);
  if (query.search) where.push(`name ilike '%' || ${param(escapeLike(query.search))} || '%'`);
  if (query.phase) where.push(`phase = ${param(query.phase)}`);
  if (query.eifStatus) where.push(`eif_status = ${param(query.eifStatus)}`);
  if (query.implementationConsultantUserId)
    where.push(`ic_id = ${param(query.implementationConsultantUserId)}`);
  if (query.live !== undefined)
    where.push(`${query.live ? '' : 'not '}coalesce(release_status = 'LIVE', false)`);
  // Archived clients only when staff ask for them, and then only them.
  if (query.archived && !scope.isStaff) where.push('false');
  where.push(query.archived ? 'is_archived' : 'not is_archived');
  if (query.isTest !== undefined) where.push(query.isTest ? 'is_test' : 'not is_test');
  else if (scope.isStaff) where.push('not is_test');
  if (query.hasNigo !== undefined)
    where.push(
      `${query.hasNigo ? '' : 'not '}exists (select 1 from rm_tasks t
         where t.client_id = b.client_id and t.status = 'NIGO')`,
    );
  if (query.dueThisWeek !== undefined) {
    const day = param(today);
    where.push(
      `${query.dueThisWeek ? '' : 'not '}exists (select 1 from rm_tasks t
         where t.client_id = b.client_id and t.status not in (${FINAL})
           and t.due_date >= ${day}::date and t.due_date < ${day}::date + 7)`,
    );
  }
  const sortDue =
    query.sortBy === 'nextDueDate'
      ? `(select min(t.due_date) from rm_tasks t where t.client_id = b.client_id and t.status in (${OPEN}))`
      : 'null::date';
  const order = ORDER[query.sortBy](query.sortDirection);
  const drafts = scope.isStaff
    ? `union all
       select l.client_id, l.name, null, l.created_at, l.created_at, l.implementation_consultant_user_id,
              l.is_test, true, l.is_archived, l.release_status, false
         from rm_client_lifecycle l
        where l.is_draft and l.deleted_at is null
          and not exists (select 1 from rm_clients c where c.client_id = l.client_id)`
    : '';
  const limit = param(query.limit);
  const offset = param(query.offset);
  const sql = `
    with base as (
      select c.client_id, coalesce(nullif(c.name, ''), l.name, '') as name, c.eif_status, c.updated_at,
             l.created_at, l.implementation_consultant_user_id as ic_id, coalesce(l.is_test, false) as is_test,
             false as is_draft, coalesce(l.is_archived, false) as is_archived, l.release_status,
             (l.client_id is null or l.completed_setup_at is not null) as is_set_up
        from rm_clients c left join rm_client_lifecycle l on l.client_id = c.client_id
       where l.deleted_at is null
      ${drafts}
    ),
    phased as (select *, ${PHASE_SQL} as phase from base),
    page as (
      select b.*, ${sortDue} as sort_due, count(*) over () as total
        from phased b
       where ${where.join('\n         and ')}
       order by ${order}
       limit ${limit} offset ${offset}
    )
    select p.client_id, p.name, p.eif_status, pc.pending_count, p.updated_at, p.created_at, p.phase, p.ic_id,
           nullif(trim(u.first_name || ' ' || u.last_name), '') as ic_name, p.is_test, p.is_draft,
           p.is_archived, p.release_status, p.total,
           s.total_tasks, s.done_tasks, s.nigo_count,
           n.task_id as next_task_id, n.policy_id as next_policy_id, n.due_date::text as next_due,
           n.status as next_status
      from page p
      left join rm_users u on u.user_id = p.ic_id
      cross join lateral (
        select count(*) filter (where t.status <> 'Voided')::int as total_tasks,
               count(*) filter (where t.status = 'Done')::int as done_tasks,
               count(*) filter (where t.status = 'NIGO')::int as nigo_count
          from rm_tasks t where t.client_id = p.client_id) s
      left join lateral (
        select t.task_id, t.policy_id, t.due_date, t.status from rm_tasks t
         where t.client_id = p.client_id and t.status in (${OPEN})
         order by t.due_date nulls last, t.task_id, t.policy_id limit 1) n on true
      cross join lateral (
        select (count(*) filter (where nc.action = 'update' and nc.status = 'pending')
                + count(distinct (nc.entity, nc.entity_id)) filter (where nc.action <> 'update'))::int
                 as pending_count
          from rm_net_changes nc where nc.client_id = p.client_id and nc.entity_status = 'pending') pc
     order by ${order}`;
  // A page past the end has no rows to carry the window count: the same filters, counted.
  const countSql = `
    with base as (
      select c.client_id, coalesce(nullif(c.name, ''), l.name, '') as name, c.eif_status,
             l.implementation_consultant_user_id as ic_id, coalesce(l.is_test, false) as is_test,
             coalesce(l.is_archived, false) as is_archived, l.release_status,
             (l.client_id is null or l.completed_setup_at is not null) as is_set_up
        from rm_clients c left join rm_client_lifecycle l on l.client_id = c.client_id
       where l.deleted_at is null
      ${
        scope.isStaff
          ? `union all
       select l.client_id, l.name, null, l.implementation_consultant_user_id, l.is_test, l.is_archived,
              l.release_status, false
         from rm_client_lifecycle l
        where l.is_draft and l.deleted_at is null
          and not exists (select 1 from rm_clients c where c.client_id = l.client_id)`
          : ''
      }
    ),
    phased as (select *, ${PHASE_SQL} as phase from base)
    select count(*) as total from phased b where ${where.join(' and ')}`;
  return { sql, countSql, values, countValues: values.slice(0, -2) };
}

const toItem = (r: Row, today: Date): ClientListItem => ({
  id: r.client_id,
  name: r.name,
  eifStatus: r.eif_status,
  pendingChangeCount: r.pending_count,
  updatedAt: r.updated_at.toISOString(),
  createdAt: r.created_at ? r.created_at.toISOString() : null,
  phase: r.phase,
  // A consultant not (or no longer) among the users shows as nobody rather than as an id.
  implementationConsultant: r.ic_id && r.ic_name ? { userId: r.ic_id, name: r.ic_name } : null,
  progress: { done: r.done_tasks, total: r.total_tasks },
  nextTask: r.next_task_id
    ? {
        taskId: r.next_task_id,
        title: isTaskId(r.next_task_id) ? taskDefinition(r.next_task_id).title : r.next_task_id,
        policyId: r.next_policy_id || null,
        dueDate: r.next_due,
        status: r.next_status ?? '',
        badge:
          r.next_due && r.next_status && isTaskStatus(r.next_status)
            ? dueDateBadge(r.next_due, r.next_status, today)
            : null,
      }
    : null,
  nigoCount: r.nigo_count,
  isArchived: r.is_archived,
  isTest: r.is_test,
  isDraft: r.is_draft,
  releaseStatus: r.release_status === 'LIVE' ? 'LIVE' : null,
});

/**
 * GET /api/clients and GET /api/users/{userId}/clients: staff see every client, a ben-admin or broker only
 * their own (the 'client' grant's scope in the permission table decides which). Filters, sorts and the
 * item's fields are described on the contract (routes.contract.ts).
 */
export function clientListRoutes(deps: QueryDeps): Router {
  const router = Router();
  const now = deps.now ?? (() => new Date());

  const page = async (scope: Scope, query: ClientListQuery) => {
    if (scope.clientIds !== null && scope.clientIds.length === 0) return { items: [], total: 0 };
    const today = now();
    const q = buildQuery(scope, query, today.toISOString().slice(0, 10));
    const { rows } = await deps.pool.query<Row>(q.sql, q.values);
    let total = rows[0] ? Number(rows[0].total) : 0;
    if (rows.length === 0 && query.offset > 0) {
      const count = await deps.pool.query<{ total: string }>(q.countSql, q.countValues);
      total = Number(count.rows[0]!.total);
    }
    return { items: rows.map((row) => toItem(row, today)), total };
  };

  const isStaff = (actor: Actor) => grantFor(actor.role, 'client')?.scope === 'any';

  mount(router, listClients, async (req, res, input) => {
    const actor = await requireActor(deps.authenticate, req);
    const query = input.query();
    const staff = isStaff(actor);
    if (staff) requirePermission(actor, 'client', 'read');
    // Own scope: each client the actor is attached to passes the same check a single read would.
    const clientIds = staff
      ? null
      : actor.clientIds.filter((clientId) => {
          requirePermission(actor, 'client', 'read', { clientId });
          return true;
        });
    res.json(await page({ isStaff: staff, clientIds }, query));
  });

  // A broker's or ben-admin's clients: staff for anyone, a user for themself. The caller's role decides
  // what is visible (staff may ask for archived ones); the clients are the user's.
  mount(router, listUserClients, async (req, res, input) => {
    const actor = await requireActor(deps.authenticate, req);
    const userId = String(req.params.userId);
    const staff = isStaff(actor);
    if (staff) requirePermission(actor, 'client', 'read');
    else if (actor.userId !== userId) throw new ForbiddenError();
    const query = input.query();
    let clientIds: readonly string[];
    if (staff) {
      const { rows } = await deps.pool.query<{ client_ids: string[] }>(
        `select client_ids from rm_users where user_id = $1 and not is_deleted`,
        [userId],
      );
      if (!rows[0]) throw new NotFoundError('No such user');
      clientIds = rows[0].client_ids;
    } else {
      clientIds = actor.clientIds.filter((clientId) => {
        requirePermission(actor, 'client', 'read', { clientId });
        return true;
      });
    }
    res.json(await page({ isStaff: staff, clientIds }, query));
  });

  return router;
}
