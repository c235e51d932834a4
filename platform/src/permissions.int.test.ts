import { randomUUID } from 'node:crypto';
import type express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eifStream, emailReservationStream, userStream, type NewEvent } from '@onboard/events';
import { ACCESS_MESSAGES, ROLES, type Actor, type Role } from '@onboard/domain';
import { createCommandApi } from '@onboard/command-api';
import {
  createActivationLink,
  resetMfa,
  sendActivationEmail,
  sendPasswordReset,
} from '@onboard/command-api/auth';
import {
  OWN_ACCOUNT_DELETE_MESSAGE,
  createUserAdminCommands,
  type UserAccountPort,
} from '@onboard/command-api/users';
import { createQueryApi } from '@onboard/query-api';
import { createUserAdminQueries } from '@onboard/query-api/users';
import { type RunningApp } from './app.ts';
import { DEMO_CLIENT_ID, DEMO_USERS } from './seed.ts';
import { serveRoutes, type ServedRoutes } from './testing/route-server.ts';
import { apiClient, eventually } from './testing/http-client.ts';
import { startSeededApp } from './testing/seeded-app.ts';

/**
 * Platform §6 over HTTP: every role against every route that exists, allowed and refused. The four demo
 * users sign in for real (password, TOTP, token exchange) and their session cookies go to a server that
 * mounts the command and query routers in front of the app's store, read models and session check.
 * Throw-away actors (a ben-admin with no clients) are named by an `x-test-user` header instead.
 * Rows with no route yet are covered by domain/src/auth/*.unit.test.ts.
 */

const OWN = DEMO_CLIENT_ID;
const OTHER = 'perm-other-client';
const demo = (role: Role) => DEMO_USERS.find((u) => u.role === role)!;
const USERS = Object.fromEntries(ROLES.map((role) => [role, demo(role).id])) as Record<Role, string>;
const sessions = new Map<Role, string>();
const STAFF: Role[] = ['SLF_ADMIN', 'SLF_OWNER'];
const CLIENT_SIDE: Role[] = ['BEN_ADMIN', 'BROKER'];

type Call = { method: string; path: string; body?: unknown; headers?: Record<string, string> };
type Response = { status: number; body: Record<string, unknown> & { items?: { role: string }[] } };

let app: RunningApp;
let server: ServedRoutes | undefined;
let base: string;
const sent: { kind: keyof UserAccountPort; userId: string }[] = [];

const meta = (correlationId = randomUUID()) => ({
  actorId: 'perm-test',
  actorRole: 'SLF_OWNER',
  occurredAt: new Date().toISOString(),
  correlationId,
});
const event = (type: string, data: unknown): NewEvent => ({ id: randomUUID(), type, data, metadata: meta() });

async function registerUser(
  role: Role,
  options: { userId?: string; clientIds?: string[]; email?: string } = {},
) {
  const userId = options.userId ?? `perm-${role.toLowerCase()}-${randomUUID().slice(0, 8)}`;
  const email = options.email ?? `${userId}@example.test`;
  await app.store.append(
    emailReservationStream(email),
    [event('EmailReserved', { email, userId })],
    'no_stream',
  );
  await app.store.append(
    userStream(userId),
    [
      event('UserRegistered', {
        userId,
        role,
        firstName: role === 'SLF_OWNER' ? 'Olive' : 'Pat',
        lastName: `Tester ${userId}`,
        email,
        phoneNumber: null,
        clientIds: options.clientIds ?? (CLIENT_SIDE.includes(role) ? [OWN] : []),
      }),
    ],
    'no_stream',
  );
  return { userId, email };
}

const projected = (userId: string) =>
  eventually(async () => {
    const { rows } = await app.pool.query('select 1 from rm_users where user_id = $1', [userId]);
    expect(rows).toHaveLength(1);
  });

async function call(as: Role | null, { method, path, body, headers = {} }: Call): Promise<Response> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(as ? { cookie: sessions.get(as)! } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : {} };
}

/** A refusal says who may not, never what is there: only the problem fields and a table message. */
function expectRefusedWithoutData(res: Response, context: string) {
  expect(res.status, context).toBe(403);
  expect(Object.keys(res.body).sort(), context).toEqual(['code', 'message', 'status', 'title', 'type']);
  expect(Object.values(ACCESS_MESSAGES), context).toContain(res.body.message);
}

beforeAll(async () => {
  app = await startSeededApp('perms');
  await app.store.append(
    eifStream(OTHER),
    [
      event('EifEntityCreated', {
        clientId: OTHER,
        entity: 'Client',
        entityId: OTHER,
        attributes: { name: 'Another employer', taxId: null },
      }),
    ],
    'no_stream',
  );
  for (const role of ROLES) {
    const client = apiClient(app.url);
    await client.signIn(demo(role).email);
    sessions.set(role, [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
  }

  const authenticate = async (req: express.Request): Promise<Actor | null> => {
    const userId = req.header('x-test-user');
    if (!userId) return app.identity.authenticate(req);
    const { rows } = await app.pool.query<{ role: Role; client_ids: string[] }>(
      'select role, client_ids from rm_users where user_id = $1 and not is_deleted',
      [userId],
    );
    return rows[0] ? { userId, role: rows[0].role, clientIds: rows[0].client_ids } : null;
  };
  // The identity side's real functions, as app.ts wires them; calls are also noted for the assertions.
  const identity = app.identity.deps;
  const noted =
    (kind: keyof UserAccountPort, run: (userId: string, actor: Actor) => Promise<unknown>) =>
    async (userId: string, actor: Actor) => {
      sent.push({ kind, userId });
      return run(userId, actor);
    };
  const accounts: UserAccountPort = {
    sendActivationEmail: noted('sendActivationEmail', (id, actor) =>
      sendActivationEmail(identity, id, actor),
    ),
    sendPasswordReset: noted('sendPasswordReset', (id, actor) => sendPasswordReset(identity, id, actor)),
    resetMfa: noted('resetMfa', (id, actor) => resetMfa(identity, id, actor)),
    createActivationLink: async (userId) => {
      sent.push({ kind: 'createActivationLink', userId });
      return createActivationLink(identity, userId);
    },
  };
  const deps = { store: app.store, authenticate, now: () => new Date(), newId: randomUUID };
  server = await serveRoutes(
    app.logger,
    createUserAdminCommands({ ...deps, pool: app.pool, accounts }),
    createUserAdminQueries({ pool: app.pool, authenticate }),
    createCommandApi(deps),
    createQueryApi({ pool: app.pool, authenticate }),
  );
  base = server.url;
  await eventually(async () =>
    expect((await call('SLF_ADMIN', { method: 'GET', path: `/api/clients/${OTHER}` })).status).toBe(200),
  );
});

afterAll(async () => {
  await server?.close();
  await app?.stop();
});

/** One row of the table over HTTP: what each role gets. A 403 must carry no data. */
type Row = {
  name: string;
  allowed: Role[];
  call: (as: Role) => Promise<Call>;
  okStatus?: number;
  deniedStatus?: number;
};

const fixedCall = (c: Call) => async () => c;
const withTarget = (role: Role, build: (target: { userId: string; email: string }) => Call) => async () =>
  build(await registerUser(role));
/** For reads: the target must be in rm_users before the query side can answer. */
const withProjectedTarget =
  (role: Role, build: (target: { userId: string; email: string }) => Call) => async () => {
    const target = await registerUser(role);
    await projected(target.userId);
    return build(target);
  };
const newUserBody = (extra: Record<string, unknown> = {}) => ({
  firstName: 'New',
  lastName: 'Person',
  email: `new-${randomUUID().slice(0, 8)}@example.test`,
  ...extra,
});
/** A new user's creation through `path`: a fresh body each call. */
const creating = (path: string, extra: Record<string, unknown>) => async (): Promise<Call> => ({
  method: 'POST',
  path,
  body: newUserBody(extra),
});

const ROWS: Row[] = [
  // Client: own read/update for ben-admins and brokers, any for staff.
  {
    name: 'read own client',
    allowed: [...ROLES],
    call: fixedCall({ method: 'GET', path: `/api/clients/${OWN}` }),
  },
  {
    name: 'read a client not theirs',
    allowed: STAFF,
    call: fixedCall({ method: 'GET', path: `/api/clients/${OTHER}` }),
  },
  {
    name: 'read the change log of a client not theirs',
    allowed: STAFF,
    call: fixedCall({ method: 'GET', path: `/api/clients/${OTHER}/change-log/deif-changes` }),
  },
  {
    name: 'read the net changes of a client not theirs',
    allowed: STAFF,
    call: fixedCall({ method: 'GET', path: `/api/clients/${OTHER}/change-log/net-changes` }),
  },
  {
    name: 'update a questionnaire field of own client',
    allowed: [...ROLES],
    call: fixedCall({ method: 'PUT', path: `/api/clients/${OWN}`, body: { taxId: '12-3456789' } }),
  },
  {
    name: 'update a client not theirs',
    allowed: STAFF,
    call: fixedCall({ method: 'PUT', path: `/api/clients/${OTHER}`, body: { taxId: '98-7654321' } }),
  },
  // Denied fields: staff pass the permission check (the schema then refuses a field it does not edit yet).
  {
    name: 'update a denied Client field (isActive) of own client',
    allowed: STAFF,
    okStatus: 400,
    call: fixedCall({ method: 'PUT', path: `/api/clients/${OWN}`, body: { isActive: false } }),
  },
  {
    name: 'update a denied Client list (policies) of own client',
    allowed: STAFF,
    okStatus: 400,
    call: fixedCall({
      method: 'PUT',
      path: `/api/clients/${OWN}`,
      body: { taxId: '12-3456789', policies: [] },
    }),
  },
  // Ben-admin and broker users: admin (and owner, who extends admin) full CRUD.
  { name: 'list brokers', allowed: STAFF, call: fixedCall({ method: 'GET', path: '/api/users/broker' }) },
  {
    name: 'list ben-admins',
    allowed: STAFF,
    call: fixedCall({ method: 'GET', path: '/api/users/ben-admin' }),
  },
  {
    name: 'create a broker',
    allowed: STAFF,
    okStatus: 201,
    call: creating('/api/users/broker', { clientIds: [OWN] }),
  },
  {
    name: 'create a ben-admin',
    allowed: STAFF,
    okStatus: 201,
    call: creating('/api/users/ben-admin', { clientIds: [OWN] }),
  },
  {
    name: 'read another broker',
    allowed: STAFF,
    call: withProjectedTarget('BROKER', (t) => ({ method: 'GET', path: `/api/users/broker/${t.userId}` })),
  },
  {
    name: 'edit a broker',
    allowed: STAFF,
    call: withTarget('BROKER', (t) => ({
      method: 'PUT',
      path: `/api/users/broker/${t.userId}`,
      body: { lastName: 'Edited' },
    })),
  },
  {
    name: 'delete a ben-admin',
    allowed: STAFF,
    okStatus: 204,
    call: withTarget('BEN_ADMIN', (t) => ({ method: 'DELETE', path: `/api/users/ben-admin/${t.userId}` })),
  },
  {
    name: 'change a ben-admin to a broker',
    allowed: STAFF,
    call: withTarget('BEN_ADMIN', (t) => ({
      method: 'POST',
      path: `/api/users/ben-admin/${t.userId}/change-to-broker`,
    })),
  },
  // Owners and admins: the owner has full CRUD; the admin reads admins only.
  {
    name: 'list internal users',
    allowed: STAFF,
    call: fixedCall({ method: 'GET', path: '/api/users/internal' }),
  },
  {
    name: 'create an admin',
    allowed: ['SLF_OWNER'],
    okStatus: 201,
    call: creating('/api/users/internal', { role: 'SLF_ADMIN' }),
  },
  {
    name: 'create an owner',
    allowed: ['SLF_OWNER'],
    okStatus: 201,
    call: creating('/api/users/internal', { role: 'SLF_OWNER' }),
  },
  {
    name: 'read an admin',
    allowed: STAFF,
    call: withProjectedTarget('SLF_ADMIN', (t) => ({
      method: 'GET',
      path: `/api/users/internal/${t.userId}`,
    })),
  },
  {
    name: 'read an owner (owner only)',
    allowed: ['SLF_OWNER'],
    call: withProjectedTarget('SLF_OWNER', (t) => ({
      method: 'GET',
      path: `/api/users/internal/${t.userId}`,
    })),
  },
  {
    name: 'edit an admin',
    allowed: ['SLF_OWNER'],
    call: withTarget('SLF_ADMIN', (t) => ({
      method: 'PUT',
      path: `/api/users/internal/${t.userId}`,
      body: { firstName: 'Ed' },
    })),
  },
  {
    name: 'delete an admin',
    allowed: ['SLF_OWNER'],
    okStatus: 204,
    call: withTarget('SLF_ADMIN', (t) => ({ method: 'DELETE', path: `/api/users/internal/${t.userId}` })),
  },
  // Assignment to clients: update by admin and owner.
  {
    name: 'assign a broker to a client',
    allowed: STAFF,
    call: withTarget('BROKER', (t) => ({
      method: 'PUT',
      path: `/api/users/broker/${t.userId}/assign/${OTHER}`,
    })),
  },
  {
    name: 'unassign a ben-admin from a client',
    allowed: STAFF,
    call: withTarget('BEN_ADMIN', (t) => ({
      method: 'PUT',
      path: `/api/users/ben-admin/${t.userId}/unassign/${OWN}`,
    })),
  },
  // Admin and owner operations.
  {
    name: 'copy an activation link',
    allowed: STAFF,
    call: withTarget('BROKER', (t) => ({ method: 'POST', path: `/api/users/${t.userId}/activation-link` })),
  },
  {
    name: "copy an owner's activation link",
    allowed: ['SLF_OWNER'],
    call: withTarget('SLF_OWNER', (t) => ({
      method: 'POST',
      path: `/api/users/${t.userId}/activation-link`,
    })),
  },
  {
    name: 'send an activation e-mail',
    allowed: STAFF,
    okStatus: 204,
    call: withTarget('BROKER', (t) => ({
      method: 'POST',
      path: `/api/users/broker/${t.userId}/activation-email`,
    })),
  },
  {
    name: 'send an activation e-mail by address',
    allowed: STAFF,
    okStatus: 204,
    call: withTarget('BEN_ADMIN', (t) => ({
      method: 'POST',
      path: `/api/users/activation-email/${t.email}`,
    })),
  },
  {
    name: 'reset a password',
    allowed: STAFF,
    okStatus: 204,
    call: withTarget('BROKER', (t) => ({
      method: 'POST',
      path: `/api/users/reset-password/userId/${t.userId}`,
    })),
  },
  {
    name: 'reset MFA',
    allowed: STAFF,
    okStatus: 204,
    call: withTarget('BEN_ADMIN', (t) => ({ method: 'POST', path: `/api/users/reset-mfa/${t.email}` })),
  },
  {
    name: 'bulk update e-mail and send activation e-mail',
    allowed: STAFF,
    call: withTarget('BEN_ADMIN', (t) => ({
      method: 'POST',
      path: '/api/users/update-email-and-send-activation-email',
      body: { users: [{ userId: t.userId, email: `moved-${t.email}`, clientId: OWN }] },
    })),
  },
  {
    name: 'read users (check an existing e-mail)',
    allowed: STAFF,
    call: fixedCall({ method: 'GET', path: `/api/users/check-existing/${USERS.BROKER}@example.test` }),
  },
  {
    name: 'read the internal users (slfs)',
    allowed: STAFF,
    call: fixedCall({ method: 'GET', path: '/api/users/slfs' }),
  },
  {
    name: 'read admins by role',
    allowed: STAFF,
    call: fixedCall({ method: 'GET', path: '/api/users/role/SLF_ADMIN' }),
  },
  {
    name: 'read owners by role',
    allowed: ['SLF_OWNER'],
    call: fixedCall({ method: 'GET', path: '/api/users/role/SLF_OWNER' }),
  },
  // Read ben-admins list: ben-admin, broker, admin (and owner); read brokers: broker, admin, owner.
  {
    name: 'read the ben-admins list',
    allowed: [...ROLES],
    call: fixedCall({ method: 'GET', path: '/api/users/role/BEN_ADMIN' }),
  },
  {
    name: 'read the brokers list',
    allowed: ['BROKER', ...STAFF],
    call: fixedCall({ method: 'GET', path: '/api/users/role/BROKER' }),
  },
  {
    name: 'read the ben-admins of a client not theirs',
    allowed: STAFF,
    call: fixedCall({ method: 'GET', path: `/api/users/role/BEN_ADMIN?clientId=${OTHER}` }),
  },
  // Broker record: own read and update (not clientIds); ben-admin record: own read.
  {
    name: 'a user reads their own broker record',
    allowed: ['BROKER', ...STAFF],
    call: fixedCall({ method: 'GET', path: `/api/users/broker/${USERS.BROKER}` }),
  },
  {
    name: 'a user reads their own ben-admin record',
    allowed: ['BEN_ADMIN', ...STAFF],
    call: fixedCall({ method: 'GET', path: `/api/users/ben-admin/${USERS.BEN_ADMIN}` }),
  },
];

describe('permission table over HTTP (platform §6)', () => {
  for (const row of ROWS) {
    describe(row.name, () => {
      for (const role of ROLES) {
        const isAllowed = row.allowed.includes(role);
        it(`${role} ${isAllowed ? 'is allowed' : 'is refused'}`, async () => {
          const res = await call(role, await row.call(role));
          if (isAllowed) expect(res.status, JSON.stringify(res.body)).toBe(row.okStatus ?? 200);
          else expectRefusedWithoutData(res, `${role} ${row.name}`);
        });
      }
    });
  }

  it('an unauthenticated caller is refused with 401 everywhere', async () => {
    for (const row of ROWS) {
      const res = await call(null, await row.call('SLF_OWNER'));
      expect(res.status, row.name).toBe(401);
    }
  });
});

describe('own records and scoped lists', () => {
  it('a broker edits their own record but not its clientIds, and never another broker', async () => {
    const own = await call('BROKER', {
      method: 'PUT',
      path: `/api/users/broker/${USERS.BROKER}`,
      body: { phoneNumber: '555-010-2000' },
    });
    expect(own.status).toBe(200);
    expect(own.body.phoneNumber).toBe('555-010-2000');
    expectRefusedWithoutData(
      await call('BROKER', {
        method: 'PUT',
        path: `/api/users/broker/${USERS.BROKER}`,
        body: { clientIds: [OTHER] },
      }),
      'clientIds',
    );
    const other = await registerUser('BROKER');
    const res = await call('BROKER', { method: 'GET', path: `/api/users/broker/${other.userId}` });
    expectRefusedWithoutData(res, 'other broker');
    expect(res.body.message).toBe('User missing valid user ID');
    expectRefusedWithoutData(
      await call('BEN_ADMIN', {
        method: 'PUT',
        path: `/api/users/ben-admin/${USERS.BEN_ADMIN}`,
        body: { firstName: 'X' },
      }),
      'ben-admin edits self',
    );
  });

  it('a denied Client field is refused before anything is written, naming no data', async () => {
    const before = await app.store.readStream(eifStream(OWN));
    const res = await call('BROKER', {
      method: 'PUT',
      path: `/api/clients/${OWN}`,
      body: { ticketId: 'T-1', taxId: '11-1111111' },
    });
    expectRefusedWithoutData(res, 'denied field');
    expect(JSON.stringify(res.body)).not.toContain(OWN);
    expect(await app.store.readStream(eifStream(OWN))).toHaveLength(before.length);
  });

  it('a ben-admin or broker list shows only the people of their own clients', async () => {
    const elsewhere = await registerUser('BEN_ADMIN', { clientIds: [OTHER] });
    await projected(elsewhere.userId);
    for (const role of CLIENT_SIDE) {
      const res = await call(role, { method: 'GET', path: '/api/users/role/BEN_ADMIN' });
      const list = res.body as unknown as { userId: string; clientIds: string[] }[];
      expect(list.some((u) => u.userId === USERS.BEN_ADMIN)).toBe(true);
      expect(list.some((u) => u.userId === elsewhere.userId)).toBe(false);
      for (const u of list) expect(u.clientIds).toEqual([OWN]);
    }
    const staff = await call('SLF_ADMIN', { method: 'GET', path: '/api/users/role/BEN_ADMIN' });
    expect((staff.body as unknown as { userId: string }[]).some((u) => u.userId === elsewhere.userId)).toBe(
      true,
    );
  });

  it('a ben-admin with no clients is told so', async () => {
    const lonely = await registerUser('BEN_ADMIN', { clientIds: [] });
    await projected(lonely.userId);
    const res = await fetch(`${base}/api/clients/${OWN}`, { headers: { 'x-test-user': lonely.userId } });
    expect(res.status).toBe(403);
    expect((await res.json()).message).toBe('User does not have any client IDs attached to profile');
  });

  it('an admin lists admins but not owners; an owner lists both', async () => {
    await projected(USERS.SLF_OWNER);
    const asAdmin = await call('SLF_ADMIN', { method: 'GET', path: '/api/users/internal?limit=100' });
    expect(asAdmin.body.items!.every((u) => u.role === 'SLF_ADMIN')).toBe(true);
    const asOwner = await call('SLF_OWNER', { method: 'GET', path: '/api/users/internal?limit=100' });
    expect(asOwner.body.items!.some((u) => u.role === 'SLF_OWNER')).toBe(true);
  });
});

describe('user administration behaviour (onboarding §7)', () => {
  it('creates a broker with clients, sends the welcome e-mail, and refuses the same e-mail twice', async () => {
    const email = `dup-${randomUUID().slice(0, 8)}@Example.test`;
    const created = await call('SLF_ADMIN', {
      method: 'POST',
      path: '/api/users/broker',
      body: { firstName: 'Bea', lastName: 'Broker', email, clientIds: [OWN], sendWelcomeEmail: true },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      role: 'BROKER',
      clientIds: [OWN],
      email: email.toLowerCase(),
      version: 0,
    });
    expect(sent).toContainEqual({ kind: 'sendActivationEmail', userId: created.body.userId });
    const stream = await app.store.readStream(userStream(String(created.body.userId)));
    expect(stream.map((e) => e.type)).toEqual(['UserRegistered', 'UserWelcomeEmailSent']);
    expect(stream[1]!.metadata).toMatchObject({ actorId: USERS.SLF_ADMIN, actorRole: 'SLF_ADMIN' });
    const again = await call('SLF_OWNER', {
      method: 'POST',
      path: '/api/users/ben-admin',
      body: { firstName: 'Other', lastName: 'Person', email: email.toUpperCase() },
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: 'EMAIL_TAKEN',
      message: 'A user with this e-mail already exists.',
    });
  });

  it('answers bad input with field errors keyed body.<field>', async () => {
    const res = await call('SLF_OWNER', {
      method: 'POST',
      path: '/api/users/internal',
      body: { firstName: '', lastName: 'X', email: 'not-an-email', role: 'BROKER' },
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.validationError as object).sort()).toEqual([
      'body.email',
      'body.firstName',
      'body.role',
    ]);
    const list = await call('SLF_ADMIN', { method: 'GET', path: '/api/users/broker?limit=0&offset=-1' });
    expect(list.status).toBe(400);
    expect(Object.keys(list.body.validationError as object).sort()).toEqual(['query.limit', 'query.offset']);
  });

  it('edits with If-Match, refuses a stale version, and moves the e-mail reservation', async () => {
    const target = await registerUser('BROKER');
    const first = await call('SLF_ADMIN', {
      method: 'PUT',
      path: `/api/users/broker/${target.userId}`,
      body: { email: `renamed-${target.email}` },
      headers: { 'if-match': '"0"' },
    });
    expect(first.status).toBe(200);
    expect(first.body.version).toBe(1);
    const stale = await call('SLF_ADMIN', {
      method: 'PUT',
      path: `/api/users/broker/${target.userId}`,
      body: { firstName: 'Late' },
      headers: { 'if-match': '"0"' },
    });
    expect(stale.status).toBe(409);
    // The old address is free again.
    const reuse = await call('SLF_ADMIN', {
      method: 'POST',
      path: '/api/users/broker',
      body: { firstName: 'Re', lastName: 'Use', email: target.email },
    });
    expect(reuse.status).toBe(201);
  });

  it('pages, searches and sorts a list, answering {items, total}', async () => {
    const tag = randomUUID().slice(0, 6);
    for (const first of ['Cara', 'Abe', 'Bo']) {
      const res = await call('SLF_ADMIN', {
        method: 'POST',
        path: '/api/users/ben-admin',
        body: {
          firstName: first,
          lastName: `Zz${tag}`,
          email: `${first}-${tag}@example.test`,
          clientIds: [OWN],
        },
      });
      expect(res.status).toBe(201);
    }
    const page = await eventually(async () => {
      const res = await call('SLF_ADMIN', {
        method: 'GET',
        path: `/api/users/ben-admin?search=zz${tag}&sortBy=firstName&sortDirection=desc&limit=2&offset=0`,
      });
      expect(res.body.total).toBe(3);
      // Each row with its name (a row is counted as soon as it is projected).
      expect((res.body.items as unknown as { firstName: string }[]).map((u) => u.firstName)).toEqual([
        'Cara',
        'Bo',
      ]);
      return res.body;
    });
    expect(page.total).toBe(3);
    const next = await call('SLF_ADMIN', {
      method: 'GET',
      path: `/api/users/ben-admin?search=${tag}@example&sortBy=firstName&sortDirection=desc&limit=2&offset=2`,
    });
    expect((next.body.items as unknown as { firstName: string }[]).map((u) => u.firstName)).toEqual(['Abe']);
  });

  it('answers check-existing and hands back an activation link to staff', async () => {
    const target = await registerUser('BROKER');
    await projected(target.userId);
    const exists = await call('SLF_ADMIN', {
      method: 'GET',
      path: `/api/users/check-existing/${target.email.toUpperCase()}`,
    });
    expect(exists.body).toEqual({ exists: true, role: 'BROKER' });
    const missing = await call('SLF_ADMIN', {
      method: 'GET',
      path: '/api/users/check-existing/nobody@example.test',
    });
    expect(missing.body).toEqual({ exists: false });
    const link = await call('SLF_ADMIN', {
      method: 'POST',
      path: `/api/users/${target.userId}/activation-link`,
    });
    expect(link.body.link).toMatch(/\/activate\?token=[^&]+$/);
    // The copied link is a real one: it resolves to the user it was made for.
    const token = decodeURIComponent(String(link.body.link).split('token=')[1] ?? '');
    const resolved = await fetch(`${app.url}/api/users/auth-token/${encodeURIComponent(token)}`);
    expect(await resolved.json()).toMatchObject({ email: target.email, purpose: 'ACTIVATE' });
  });

  it('staff cannot delete their own account', async () => {
    const res = await call('SLF_OWNER', { method: 'DELETE', path: `/api/users/internal/${USERS.SLF_OWNER}` });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(OWN_ACCOUNT_DELETE_MESSAGE);
    const events = await app.store.readStream(userStream(USERS.SLF_OWNER));
    expect(events.map((e) => e.type)).not.toContain('UserDeleted');
  });

  it('a user of another kind is not found under a kind path', async () => {
    const broker = await registerUser('BROKER');
    const res = await call('SLF_OWNER', {
      method: 'PUT',
      path: `/api/users/internal/${broker.userId}`,
      body: { firstName: 'X' },
    });
    expect(res.status).toBe(404);
  });
});
