import { OpenAPIRegistry, extendZodWithOpenApi, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { generate, registerContracts, type DocumentOptions } from '@onboard/api-contract/openapi';
import { allContracts } from './contracts.ts';
import { ROLES, USER_KINDS, type UserKind } from '@onboard/domain';
import { ACCESS_COOKIE, CSRF_COOKIE, CSRF_HEADER } from '@onboard/command-api/auth';
import {
  BulkEmailUpdateBody,
  CreateClientUserBody,
  CreateInternalUserBody,
  EditUserBody,
} from '@onboard/command-api/users';
import { UserListQuery } from '@onboard/query-api/users';

extendZodWithOpenApi(z);

// Answers have no zod schema of their own on the server (they are built from read models and folds), so
// they are described here.

const Problem = z
  .object({
    type: z.string().optional(),
    title: z.string().optional(),
    status: z.number().int(),
    code: z.string(),
    message: z.string(),
    validationError: z
      .record(z.string(), z.string())
      .optional()
      .openapi({ description: 'Per field, keyed `body.<field>` (or `query.`, `params.`, `headers.`)' }),
    currentVersion: z.number().int().optional().openapi({ description: 'On a 409: the version now stored' }),
  })
  .openapi('Problem');

const Role = z.enum(ROLES);
const iso = z.string().nullable();

const UserContact = z
  .object({
    id: z.string(),
    userId: z.string(),
    name: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phoneNumber: z.string().nullable(),
    role: Role,
    clientIds: z.array(z.string()),
  })
  .openapi('UserContact');

const UserView = UserContact.extend({
  welcomeEmailSentDate: iso,
  firstLogin: iso,
  lastLogin: iso,
  firstPasswordSet: iso,
  lastPasswordSet: iso,
  termsOfUseDate: iso,
  isMfaEnrolled: z.boolean(),
  version: z.number().int().openapi({ description: 'The If-Match value for an edit' }),
}).openapi('UserView');

const Health = z.object({
  status: z.literal('ok'),
  services: z.array(z.string()),
  eventStore: z.string(),
  bus: z.string(),
  consumers: z.array(
    z.object({
      name: z.string(),
      checkpoint: z.string(),
      head: z.string(),
      isCaughtUp: z.boolean(),
      lagMs: z.number(),
    }),
  ),
});

const json = (schema: z.ZodType, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});
const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: Problem } },
});
const noContent = (description: string) => ({ description });
const forbidden = (responses: RouteConfig['responses']) => {
  const response = responses[403];
  return response && 'description' in response ? response.description : undefined;
};

const clientId = z.string().min(1);
const userId = z.string().min(1);
const email = z.string().min(1);

type Operation = Omit<RouteConfig, 'method' | 'path' | 'responses'> & {
  responses: RouteConfig['responses'];
  /** Signed-in calls: the session cookie, and 401 without one. */
  isSignedIn?: boolean;
  /** Writes that take the expected version in If-Match, and answer 409 when it is stale. */
  isVersioned?: boolean;
};

/**
 * The published API, generated from the same zod schemas the routes validate with (platform/src/app.ts
 * serves it at /api/openapi.json). Every mutation carries the double-submit CSRF header; a 400 lists the
 * offending fields under `validationError`.
 */
const DOCUMENT_OPTIONS: DocumentOptions = {
  title: 'Onboard API',
  version: '1.0.0',
  description:
    'Commands and reads of the Onboard portal. Errors are problem-details JSON with a stable code.',
  sessionCookie: ACCESS_COOKIE,
  csrf: { header: CSRF_HEADER, cookie: CSRF_COOKIE },
};

export function buildOpenApiDocument() {
  const registry = new OpenAPIRegistry();
  registerContracts(registry, allContracts, DOCUMENT_OPTIONS);
  const covered = new Set(allContracts.map((c) => `${c.method} ${c.path}`));

  const add = (
    method: RouteConfig['method'],
    path: string,
    tag: string,
    summary: string,
    { isSignedIn = true, isVersioned = false, request = {}, responses, ...rest }: Operation,
  ) => {
    if (covered.has(`${method} ${path}`)) return;
    const headers = z.object({
      ...(request.headers instanceof z.ZodObject ? request.headers.shape : {}),
      ...(method === 'get'
        ? {}
        : { [CSRF_HEADER]: z.string().openapi({ description: `Equals ${CSRF_COOKIE}` }) }),
      ...(isVersioned
        ? {
            'if-match': z
              .string()
              .optional()
              .openapi({ description: 'The version the change was made against' }),
          }
        : {}),
    });
    registry.registerPath({
      method,
      path,
      tags: [tag],
      summary,
      ...(isSignedIn ? { security: [{ session: [] }] } : {}),
      request: { ...request, ...(Object.keys(headers.shape).length > 0 ? { headers } : {}) },
      responses: {
        ...(isSignedIn ? { 401: problem('Not signed in, or the session expired') } : {}),
        ...(isVersioned ? { 409: problem('Changed since the given version') } : {}),
        ...responses,
        // Every write under /api passes the double-submit check first (command-api/src/auth/csrf.ts).
        ...(method === 'get'
          ? {}
          : { 403: problem(`${forbidden(responses) ?? 'Not allowed'}, or a missing or wrong CSRF header`) }),
      },
      ...rest,
    });
  };

  // Platform.
  add('get', '/api/health', 'platform', 'Liveness and projection lag', {
    isSignedIn: false,
    responses: { 200: json(Health, 'Up, with each consumer’s checkpoint and lag') },
  });
  add('get', '/api/openapi.json', 'platform', 'This document', {
    isSignedIn: false,
    responses: { 200: json(z.record(z.string(), z.unknown()), 'OpenAPI 3.1') },
  });
  add('get', '/api/events/stream', 'platform', 'Push status and sent e-mails (admins and owners)', {
    request: {
      headers: z.object({ 'last-event-id': z.string().optional() }),
    },
    responses: {
      200: {
        description: 'Server-Sent Events: QPS_PUSH_STATUS and EMAIL_SENT',
        content: { 'text/event-stream': { schema: z.string() } },
      },
      403: problem('Not staff'),
    },
  });

  // User administration (command-api/src/users, query-api/src/users).
  add('get', '/api/users/check-existing/{email}', 'users', 'Whether an address is in use', {
    request: { params: z.object({ email }) },
    responses: {
      200: json(z.object({ exists: z.boolean(), role: Role.optional() }), 'In use, and by which role'),
      403: problem('Not allowed'),
    },
  });
  add('get', '/api/users/role/{role}', 'users', 'The users of a role, within the caller’s clients', {
    request: {
      params: z.object({ role: Role }),
      query: z.object({ clientId: z.string().min(1).optional() }),
    },
    responses: {
      200: json(z.array(z.union([UserView, UserContact])), 'Full records for staff, contacts otherwise'),
      400: problem('Unknown role'),
      403: problem('Not allowed'),
    },
  });
  add('get', '/api/users/slfs', 'users', 'Internal users', {
    responses: { 200: json(z.array(UserView), 'Admins and owners'), 403: problem('Not allowed') },
  });
  for (const kind of Object.keys(USER_KINDS) as UserKind[]) {
    const base = `/api/users/${kind}`;
    const one = z.object({ userId });
    add('get', base, 'users', `List ${kind} users`, {
      request: { query: UserListQuery },
      responses: {
        200: json(z.object({ items: z.array(UserView), total: z.number().int() }), 'One page'),
        400: problem('Invalid query'),
        403: problem('Not allowed'),
      },
    });
    add('post', base, 'users', `Create a ${kind} user`, {
      request: {
        body: {
          content: {
            'application/json': {
              schema: kind === 'internal' ? CreateInternalUserBody : CreateClientUserBody,
            },
          },
        },
      },
      responses: {
        201: json(UserView, 'Created'),
        400: problem('Invalid fields'),
        409: problem('EMAIL_TAKEN'),
      },
    });
    add('get', `${base}/{userId}`, 'users', `A ${kind} user`, {
      request: { params: one },
      responses: {
        200: json(UserView, 'The user'),
        403: problem('Not allowed'),
        404: problem('No such user'),
      },
    });
    add('put', `${base}/{userId}`, 'users', `Edit a ${kind} user`, {
      isVersioned: true,
      request: { params: one, body: { content: { 'application/json': { schema: EditUserBody } } } },
      responses: {
        200: json(UserView, 'The user after the change'),
        400: problem('Invalid fields'),
        404: problem('No such user'),
      },
    });
    add('delete', `${base}/{userId}`, 'users', `Delete a ${kind} user`, {
      isVersioned: true,
      request: { params: one },
      responses: { 204: noContent('Deleted'), 404: problem('No such user') },
    });
    add('post', `${base}/{userId}/activation-email`, 'users', `E-mail a ${kind} user an activation link`, {
      request: { params: one },
      responses: { 204: noContent('Sent'), 404: problem('No such user') },
    });
    if (kind === 'internal') continue;
    for (const verb of ['assign', 'unassign'] as const) {
      add('put', `${base}/{userId}/${verb}/{clientId}`, 'users', `${verb} a ${kind} to a client`, {
        request: { params: z.object({ userId, clientId }) },
        responses: {
          200: json(UserView, 'The user after the change'),
          404: problem('No such user or client'),
        },
      });
    }
  }
  add('post', '/api/users/ben-admin/{userId}/change-to-broker', 'users', 'Make a ben-admin a broker', {
    request: { params: z.object({ userId }) },
    responses: { 200: json(UserView, 'The user, now a broker'), 404: problem('No such ben-admin') },
  });
  add('post', '/api/users/{userId}/activation-link', 'users', 'An activation link to copy', {
    request: { params: z.object({ userId }) },
    responses: { 200: json(z.object({ link: z.string() }), 'The link'), 404: problem('No such user') },
  });
  add('post', '/api/users/reset-password/userId/{userId}', 'users', 'E-mail a user a reset link', {
    request: { params: z.object({ userId }) },
    responses: { 204: noContent('Sent'), 404: problem('No such user') },
  });
  add('post', '/api/users/reset-mfa/{email}', 'users', 'Forget a user’s second factor', {
    request: { params: z.object({ email }) },
    responses: { 204: noContent('Reset; the next sign-in enrols again'), 404: problem('No such user') },
  });
  add('post', '/api/users/activation-email/{email}', 'users', 'E-mail a user an activation link', {
    request: { params: z.object({ email }) },
    responses: { 204: noContent('Sent'), 404: problem('No such user') },
  });
  add('post', '/api/users/update-email-and-send-activation-email', 'users', 'Change e-mails in bulk', {
    request: { body: { content: { 'application/json': { schema: BulkEmailUpdateBody } } } },
    responses: {
      200: json(z.object({ users: z.array(UserView) }), 'Every user changed, each sent an activation link'),
      400: problem('Invalid or taken addresses; nothing changed'),
      404: problem('No such user'),
    },
  });

  return generate(registry, DOCUMENT_OPTIONS);
}
