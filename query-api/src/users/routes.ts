import { Router } from 'express';
import {
  ACCESS_MESSAGES,
  ForbiddenError,
  NotFoundError,
  OWN_RECORD_RESOURCE,
  ROLES,
  USER_KINDS,
  ValidationError,
  authorize,
  authorizeUser,
  authorizeUserAdministration,
  isInternal,
  rolesAllowed,
  type Actor,
  type Resource,
  type Role,
  type UserKind,
} from '@onboard/domain';
import { mount } from '@onboard/api-contract/express';
import { requireActor, requirePermission, type QueryDeps } from '../http/context.ts';
import {
  USER_KIND_QUERIES,
  checkExistingEmail,
  listInternalUsers,
  listUsersOfRole,
  searchUsers,
  type USER_SORT_KEYS,
} from './routes.contract.ts';

export { UserListQuery } from './routes.contract.ts';

type UserRow = {
  user_id: string;
  role: Role;
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string | null;
  client_ids: string[];
  welcome_email_sent_date: Date | null;
  first_login: Date | null;
  last_login: Date | null;
  first_password_set: Date | null;
  last_password_set: Date | null;
  terms_of_use_date: Date | null;
  is_mfa_enrolled: boolean;
  version: string;
};

const COLUMNS = `user_id, role, first_name, last_name, email, phone_number, client_ids, welcome_email_sent_date,
  first_login, last_login, first_password_set, last_password_set, terms_of_use_date, is_mfa_enrolled, version::text`;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Who a user is and how to reach them: what every view of a user starts with. */
const personOf = (row: UserRow) => ({
  id: row.user_id,
  userId: row.user_id,
  name: `${row.first_name} ${row.last_name}`.trim(),
  firstName: row.first_name,
  lastName: row.last_name,
  email: row.email,
  phoneNumber: row.phone_number,
  role: row.role,
});

/** The same shape as the command side's answer, so a screen can swap one for the other. */
function userView(row: UserRow) {
  return {
    ...personOf(row),
    clientIds: row.client_ids,
    welcomeEmailSentDate: iso(row.welcome_email_sent_date),
    firstLogin: iso(row.first_login),
    lastLogin: iso(row.last_login),
    firstPasswordSet: iso(row.first_password_set),
    lastPasswordSet: iso(row.last_password_set),
    termsOfUseDate: iso(row.terms_of_use_date),
    isMfaEnrolled: row.is_mfa_enrolled,
    version: Number(row.version),
  };
}

/** Who is on a client, for someone who is not staff: contact details and only the clients they share. */
function contactView(row: UserRow, visibleClientIds: readonly string[] | null) {
  return {
    ...personOf(row),
    clientIds: visibleClientIds
      ? row.client_ids.filter((id) => visibleClientIds.includes(id))
      : row.client_ids,
  };
}

const SORT_COLUMNS: Record<(typeof USER_SORT_KEYS)[number], string> = {
  firstName: 'first_name',
  lastName: 'last_name',
  name: "first_name || ' ' || last_name",
  email: 'email',
  role: 'role',
  createdAt: 'created_at',
  lastLogin: 'last_login',
  welcomeEmailSentDate: 'welcome_email_sent_date',
};

const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Which table row governs reading the users of a role from GET /api/users/role/{role}. */
const ROLE_LIST_RESOURCE: Record<Role, Resource> = {
  BEN_ADMIN: 'ben-admin-list',
  BROKER: 'broker-list',
  SLF_ADMIN: 'admin-users',
  SLF_OWNER: 'owner-users',
};

/**
 * The clients a role list is limited to: null for 'any' scope, else the actor's own clients (or the one
 * asked for). Refused with the table's message when the actor has none.
 */
function clientScope(actor: Actor, resource: Resource, clientId: string | undefined): string[] | null {
  if (clientId !== undefined) {
    requirePermission(actor, resource, 'read', { clientId });
    return [clientId];
  }
  if (authorize(actor, resource, 'read').allowed) return null;
  const own = actor.clientIds.filter((id) => authorize(actor, resource, 'read', { clientId: id }).allowed);
  if (own.length === 0) requirePermission(actor, resource, 'read', { clientId: actor.clientIds[0] });
  return own;
}

/** User lists and lookups for the administration screens (onboarding §7 "Users"). */
export function createUserAdminQueries(deps: QueryDeps): Router {
  const router = Router();

  mount(router, searchUsers, async (req, res, input) => {
    const actor = await requireActor(deps.authenticate, req);
    if (!isInternal(actor)) throw new ForbiddenError(ACCESS_MESSAGES.forbidden);
    const { q, limit, offset } = input.query();
    // Each word must be in the name or the address, so 'ann smith' finds Ann Smith.
    const words = (q ?? '').split(/\s+/).filter(Boolean).slice(0, 10).map(likePattern);
    const where = `not is_deleted and coalesce((select bool_and((first_name || ' ' || last_name) ilike w or email ilike w)
      from unnest($1::text[]) as w), true)`;
    const [{ rows }, total] = await Promise.all([
      deps.pool.query<UserRow>(
        `select ${COLUMNS} from rm_users where ${where}
         order by last_name, first_name, user_id limit ${limit} offset ${offset}`,
        [words],
      ),
      deps.pool.query<{ total: string }>(`select count(*)::text as total from rm_users where ${where}`, [
        words,
      ]),
    ]);
    res.json({ items: rows.map(userView), total: Number(total.rows[0]?.total ?? 0) });
  });

  // Registered before the /:kind/:userId routes so their fixed first segments are never read as a kind.
  mount(router, checkExistingEmail, async (req, res) => {
    const actor = await requireActor(deps.authenticate, req);
    requirePermission(actor, 'users', 'read');
    const { rows } = await deps.pool.query<{ role: Role }>(
      'select role from rm_users where lower(email) = lower($1) and not is_deleted limit 1',
      [String(req.params.email).trim()],
    );
    res.json(rows[0] ? { exists: true, role: rows[0].role } : { exists: false });
  });

  mount(router, listUsersOfRole, async (req, res, input) => {
    const actor = await requireActor(deps.authenticate, req);
    const role = String(req.params.role);
    if (!(ROLES as readonly string[]).includes(role)) {
      throw new ValidationError({ 'params.role': `Use one of ${ROLES.join(', ')}` });
    }
    const { clientId } = input.query();
    const scope = clientScope(actor, ROLE_LIST_RESOURCE[role as Role], clientId);
    const { rows } = await deps.pool.query<UserRow>(
      `select ${COLUMNS} from rm_users where role = $1 and not is_deleted
           and ($2::text[] is null or client_ids && $2::text[])
         order by last_name, first_name, user_id`,
      [role, scope],
    );
    const isStaff = authorizeUserAdministration(actor, 'read').allowed;
    res.json(rows.map((row) => (isStaff ? userView(row) : contactView(row, scope))));
  });

  mount(router, listInternalUsers, async (req, res) => {
    const actor = await requireActor(deps.authenticate, req);
    const roles = rolesAllowed(actor, 'read', USER_KINDS.internal);
    if (roles.length === 0) throw new ForbiddenError(ACCESS_MESSAGES.forbidden);
    const { rows } = await deps.pool.query<UserRow>(
      `select ${COLUMNS} from rm_users where role = any($1) and not is_deleted order by last_name, first_name, user_id`,
      [roles],
    );
    res.json(rows.map(userView));
  });

  for (const kind of Object.keys(USER_KINDS) as UserKind[]) {
    const routes = USER_KIND_QUERIES[kind];
    mount(router, routes.list, async (req, res, input) => {
      const actor = await requireActor(deps.authenticate, req);
      const roles = rolesAllowed(actor, 'read', USER_KINDS[kind]);
      if (roles.length === 0) throw new ForbiddenError(ACCESS_MESSAGES.forbidden);
      const q = input.query();
      const params: unknown[] = [roles];
      let where = 'role = any($1) and not is_deleted';
      if (q.search) {
        params.push(likePattern(q.search));
        where += ` and ((first_name || ' ' || last_name) ilike $${params.length} or email ilike $${params.length})`;
      }
      if (q.clientId) {
        params.push(q.clientId);
        where += ` and $${params.length} = any(client_ids)`;
      }
      const order = `${SORT_COLUMNS[q.sortBy]} ${q.sortDirection} nulls last, user_id`;
      const [{ rows }, total] = await Promise.all([
        deps.pool.query<UserRow>(
          `select ${COLUMNS} from rm_users where ${where} order by ${order} limit ${q.limit} offset ${q.offset}`,
          params,
        ),
        deps.pool.query<{ total: string }>(
          `select count(*)::text as total from rm_users where ${where}`,
          params,
        ),
      ]);
      res.json({ items: rows.map(userView), total: Number(total.rows[0]!.total) });
    });

    mount(router, routes.get, async (req, res) => {
      const actor = await requireActor(deps.authenticate, req);
      const userId = String(req.params.userId);
      // Someone who administers nobody reaches only their own record, and learns nothing about others.
      if (!authorizeUserAdministration(actor, 'read').allowed && userId !== actor.userId) {
        throw new ForbiddenError(
          OWN_RECORD_RESOURCE[actor.role] ? ACCESS_MESSAGES.missingUserId : ACCESS_MESSAGES.forbidden,
        );
      }
      const { rows } = await deps.pool.query<UserRow>(
        `select ${COLUMNS} from rm_users where user_id = $1 and role = any($2) and not is_deleted`,
        [userId, USER_KINDS[kind]],
      );
      const row = rows[0];
      if (!row) throw new NotFoundError('User not found');
      const access = authorizeUser(actor, 'read', { userId, role: row.role });
      if (!access.allowed) throw new ForbiddenError(access.message);
      res.setHeader('ETag', `"${row.version}"`).json(userView(row));
    });
  }

  return router;
}
