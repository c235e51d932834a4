import { z } from 'zod';
import { defineRoute, json, paging, problem } from '@onboard/api-contract';
import { Role, UserContact, UserView } from '@onboard/api-contract/views';
import type { USER_KINDS, UserKind } from '@onboard/domain';

/** The list's sort keys (the read model's columns are the handler's). */
export const USER_SORT_KEYS = [
  'firstName',
  'lastName',
  'name',
  'email',
  'role',
  'createdAt',
  'lastLogin',
  'welcomeEmailSentDate',
] as const;

/** Paged list query (onboarding §7 "Lists": limit is the page size, offset (page-1) x page size). */
export const UserListQuery = z
  .object({
    ...paging(),
    search: z.string().trim().max(200).optional(),
    sortBy: z.enum(USER_SORT_KEYS).default('lastName'),
    sortDirection: z.enum(['asc', 'desc']).default('asc'),
    clientId: z.string().min(1).optional(),
  })
  .strip();

export const checkExistingEmail = defineRoute('GET /api/users/check-existing/{email}', {
  tag: 'users',
  summary: 'Whether an address is in use',
  request: { params: z.object({ email: z.string().min(1) }) },
  responses: {
    200: json(z.object({ exists: z.boolean(), role: Role.optional() }), 'In use, and by which role'),
    403: problem('Not allowed'),
  },
});

export const RoleListQuery = z.object({ clientId: z.string().min(1).optional() });
export const listUsersOfRole = defineRoute('GET /api/users/role/{role}', {
  tag: 'users',
  summary: 'The users of a role, within the caller’s clients',
  request: { params: z.object({ role: z.string() }), query: RoleListQuery },
  responses: {
    200: json(z.array(z.union([UserView, UserContact])), 'Full records for staff, contacts otherwise'),
    400: problem('Unknown role (params.role)'),
    403: problem('Not allowed'),
  },
});

export const listInternalUsers = defineRoute('GET /api/users/slfs', {
  tag: 'users',
  summary: 'Internal users',
  responses: { 200: json(z.array(UserView), 'Admins and owners'), 403: problem('Not allowed') },
});

const kindRoutes = <const K extends UserKind>(kind: K) => ({
  list: defineRoute(`GET /api/users/${kind}`, {
    tag: 'users',
    summary: `List ${kind} users`,
    request: { query: UserListQuery },
    responses: {
      200: json(z.object({ items: z.array(UserView), total: z.number().int() }), 'One page'),
      403: problem('Not allowed'),
    },
  }),
  get: defineRoute(`GET /api/users/${kind}/{userId}`, {
    tag: 'users',
    summary: `A ${kind} user`,
    request: { params: z.object({ userId: z.string().min(1) }) },
    responses: {
      200: json(UserView, 'The user'),
      403: problem('Not allowed'),
      404: problem('No such user'),
    },
  }),
});

/** The list and the record of each kind of user (internal, broker, ben-admin). */
export const USER_KIND_QUERIES = {
  internal: kindRoutes('internal'),
  broker: kindRoutes('broker'),
  'ben-admin': kindRoutes('ben-admin'),
} satisfies Record<keyof typeof USER_KINDS, unknown>;
export const USER_KIND_QUERY_CONTRACTS = Object.values(USER_KIND_QUERIES).flatMap((r) => [r.list, r.get]);

/** GET /api/users: one free query over every role's users (staff). */
export const UserSearchQuery = z
  .object({
    q: z.string().trim().max(200).optional().meta({ description: 'Words found in the name or e-mail' }),
    limit: UserListQuery.shape.limit,
    offset: UserListQuery.shape.offset,
  })
  .strip();

export const searchUsers = defineRoute('GET /api/users', {
  tag: 'users',
  summary: 'Find users of any role by a free query on name and e-mail, by last name, one page (staff)',
  request: { query: UserSearchQuery },
  responses: {
    200: json(z.object({ items: z.array(UserView), total: z.number().int() }), 'One page'),
    403: problem('Not staff'),
  },
});
