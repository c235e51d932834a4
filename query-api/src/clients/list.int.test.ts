import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express, { type ErrorRequestHandler } from 'express';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError, type Actor } from '@onboard/domain';
import { migratedDatabase } from '@onboard/testing/db';
import { clientListRoutes } from './list.ts';

const actors: Record<string, Actor> = {
  admin: { userId: 'a1', role: 'SLF_ADMIN', clientIds: [] },
  owner: { userId: 'o1', role: 'SLF_OWNER', clientIds: [] },
  benAdmin: { userId: 'b1', role: 'BEN_ADMIN', clientIds: ['c-002', 'c-017', 'c-021'] },
  broker: { userId: 'k1', role: 'BROKER', clientIds: ['c-005', 'c-022', 'c-010'] },
  orphan: { userId: 'x1', role: 'BROKER', clientIds: [] },
};

// Mirrors the platform's error middleware closely enough for the statuses this route answers with.
const errors: ErrorRequestHandler = (error, _req, res, _next) => {
  if (error instanceof AppError) res.status(error.status).json({ code: error.code, ...error.details });
  else res.status(500).json({ message: String(error) });
};

const NOW = new Date('2027-03-01T12:00:00Z');
const day = (offset: number) => new Date(Date.UTC(2027, 2, 1 + offset)).toISOString().slice(0, 10);

type Item = {
  id: string;
  name: string;
  eifStatus: string | null;
  pendingChangeCount: number;
  updatedAt: string;
  phase: string;
  implementationConsultant: { userId: string; name: string } | null;
  progress: { done: number; total: number };
  nextTask: { taskId: string; title: string; policyId: string | null; dueDate: string | null } | null;
  nigoCount: number;
  isArchived: boolean;
  isTest: boolean;
  isDraft: boolean;
  releaseStatus: string | null;
};

// The read models as the projections leave them (client-view, client-lifecycle, tasks, users), written
// directly so each filter's edge is exact: 30 forms, a draft, lifecycles that archive, delete, mark as a
// test, release and leave setup open, and tasks around the week's edges.
describe('GET /api/clients', () => {
  let pool: pg.Pool;
  let server: Server;
  let url: string;

  const lifecycle = (
    clientId: string,
    fields: Partial<{
      name: string;
      ic: string | null;
      isTest: boolean;
      isDraft: boolean;
      isArchived: boolean;
      deletedAt: Date;
      releaseStatus: string;
      setUp: boolean;
      createdAt: Date;
    }>,
  ) =>
    pool.query(
      `insert into rm_client_lifecycle (client_id, name, implementation_type, implementation_consultant_user_id,
         is_test, is_draft, is_archived, deleted_at, release_status, completed_setup_at, created_at)
       values ($1, $2, 'NEW', $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        clientId,
        fields.name ?? clientId,
        fields.ic ?? null,
        fields.isTest ?? false,
        fields.isDraft ?? false,
        fields.isArchived ?? false,
        fields.deletedAt ?? null,
        fields.releaseStatus ?? null,
        fields.setUp === false ? null : NOW,
        fields.createdAt ?? NOW,
      ],
    );
  const task = (clientId: string, taskId: string, status: string, dueOffset: number | null, policyId = '') =>
    pool.query(
      `insert into rm_tasks (client_id, task_id, policy_id, status, due_date, status_updated_at)
       values ($1, $2, $3, $4, $5, $6)`,
      [clientId, taskId, policyId, status, dueOffset === null ? null : day(dueOffset), NOW],
    );
  // A net change's rows as projections/src/net-changes.ts leaves them: one per attribute ('' for a deletion).
  const netChange = (
    clientId: string,
    entity: string,
    entityId: string,
    action: 'create' | 'update' | 'delete',
    entityStatus: 'pending' | 'accepted' | 'declined',
    changeIds: string[],
    attributeKeys: string[],
  ) =>
    pool.query(
      `insert into rm_net_changes (client_id, entity, entity_id, attribute_key, first_position_commit,
         first_position_prepare, action, entity_status, status, value, previous_value, pending_change_ids,
         changed_at, changed_by)
       select $1, $2, $3, k, 1, 1, $4, $5, $5, '"new"', '"old"', $6, $7, '{"id":"ic1","role":"SLF_ADMIN"}'
         from unnest($8::text[]) as k`,
      [clientId, entity, entityId, action, entityStatus, changeIds, NOW, attributeKeys],
    );
  const user = (userId: string, role: string, first: string, last: string, clientIds: string[] = []) =>
    pool.query(
      `insert into rm_users (user_id, email, role, first_name, last_name, client_ids, version, created_at, updated_at)
       values ($1, $1 || '@example.com', $2, $3, $4, $5, 1, now(), now())`,
      [userId, role, first, last, clientIds],
    );

  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: await migratedDatabase('client_list'), max: 2 });
    // 30 clients; every third one signed with pending changes, names with a LIKE wildcard in one.
    for (let i = 1; i <= 30; i++) {
      const id = `c-${String(i).padStart(3, '0')}`;
      const isSigned = i % 3 === 0;
      const pending = isSigned ? Array.from({ length: i % 4 }, (_, n) => ({ changeId: `${id}-${n}` })) : [];
      await pool.query(
        `insert into rm_clients (client_id, name, version, state, updated_at) values ($1, $2, $3, $4, $5)`,
        [
          id,
          i === 17
            ? 'Acme 100% Widgets'
            : `Client ${String(i).padStart(2, '0')} ${i % 2 ? 'Lakeside' : 'Hilltop'}`,
          i,
          { status: isSigned ? 'signed' : 'pre_sign', pending },
          new Date(Date.UTC(2027, 0, i)),
        ],
      );
    }
    // The net changes behind the pending records. c-027's three: the company name changed and changed back
    // (nothing left) and a location added (one net change over its two answers), beside an accepted one.
    await netChange('c-027', 'Location', 'loc-1', 'create', 'pending', ['c-027-2'], ['city', 'name']);
    await netChange('c-027', 'Location', 'loc-0', 'update', 'accepted', [], ['city']);
    // c-030's two: a location added and removed again, which cancel out. c-003's three: two entities.
    await netChange('c-003', 'Client', 'c-003', 'update', 'pending', ['c-003-0', 'c-003-1'], ['taxId']);
    await netChange('c-003', 'Location', 'loc-2', 'delete', 'pending', ['c-003-2'], ['']);
    // c-009's: two answers of the company changed, and a location added with two answers.
    await netChange(
      'c-009',
      'Client',
      'c-009',
      'update',
      'pending',
      ['c-009-0'],
      ['erisaPlanNumber', 'taxId'],
    );
    await netChange('c-009', 'Location', 'loc-3', 'create', 'pending', ['c-009-0'], ['city', 'name']);
    await user('ic1', 'SLF_ADMIN', 'Iris', 'Consultant');
    await user('ic2', 'SLF_OWNER', 'Omar', 'Owner');
    await user('b1', 'BEN_ADMIN', 'Bea', 'Admin', ['c-002', 'c-017', 'c-021']);
    await user('k1', 'BROKER', 'Ken', 'Broker', ['c-005', 'c-022', 'c-010']);
    await lifecycle('c-031', { name: 'Draft Dental Co', isDraft: true, setUp: false, ic: 'ic1' });
    await lifecycle('c-032', { name: 'Deleted Draft', isDraft: true, setUp: false, deletedAt: NOW });
    await lifecycle('c-021', { isArchived: true, ic: 'ic1' });
    await lifecycle('c-022', { deletedAt: NOW });
    await lifecycle('c-010', { isTest: true });
    await lifecycle('c-012', { releaseStatus: 'LIVE', ic: 'ic1', createdAt: new Date('2026-01-01') });
    await lifecycle('c-020', { setUp: false, ic: 'ic2', createdAt: new Date('2026-06-01') });
    await lifecycle('c-003', { ic: 'ghost' });
    // c-001: one done, one NIGO due in three days, one open later: 1 of 3, next the NIGO one.
    await task('c-001', 'kickoff-call', 'Done', -5);
    await task('c-001', 'enrollment-elections', 'NIGO', 3, 'p1');
    await task('c-001', 'onboarding-forms', 'Not Started', 20);
    // c-004: open in ten days; a voided task due tomorrow counts for nothing.
    await task('c-004', 'company-profile', 'Not Started', 10);
    await task('c-004', 'connect-service', 'Voided', 1);
    // c-007: due on the week's last day; c-008 the day after it; c-009 done today; c-011 overdue.
    await task('c-007', 'company-profile', 'In Progress', 6);
    await task('c-008', 'company-profile', 'Not Started', 7);
    await task('c-009', 'company-profile', 'Done', 0);
    await task('c-011', 'kickoff-call', 'Upcoming', -2);
    await task('c-011', 'company-profile', 'Not Started', null);
    const app = express();
    app.use(
      clientListRoutes({
        pool,
        authenticate: async (req) => actors[String(req.header('x-test-actor'))] ?? null,
        now: () => NOW,
      }),
    );
    app.use(errors);
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await pool?.end();
  });

  const get = async (actor: string, query = '', path = '/api/clients') => {
    const res = await fetch(`${url}${path}${query}`, { headers: { 'x-test-actor': actor } });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> & { items: Item[] } };
  };
  const ids = async (actor: string, query: string) =>
    (await get(actor, `${query}&limit=100`)).body.items.map((i) => i.id).sort();

  it('gives staff every live client and the drafts, 25 a page by name, with what each row shows', async () => {
    const first = await get('admin');
    expect(first.status).toBe(200);
    // 30 forms and a draft, less the archived, the deleted and the test client.
    expect(first.body.total).toBe(28);
    expect(first.body.items).toHaveLength(25);
    expect(first.body.items[0]).toEqual({
      id: 'c-017',
      name: 'Acme 100% Widgets',
      eifStatus: 'pre_sign',
      pendingChangeCount: 0,
      updatedAt: '2027-01-17T00:00:00.000Z',
      createdAt: null,
      phase: 'eif',
      implementationConsultant: null,
      progress: { done: 0, total: 0 },
      nextTask: null,
      nigoCount: 0,
      isArchived: false,
      isTest: false,
      isDraft: false,
      releaseStatus: null,
    });
    const second = await get('owner', '?offset=25&limit=25');
    expect(second.body.total).toBe(28);
    expect(second.body.items.map((i) => i.id)).toEqual(['c-029', 'c-030', 'c-031']);
    expect(second.body.items.find((i) => i.id === 'c-031')).toMatchObject({
      name: 'Draft Dental Co',
      isDraft: true,
      eifStatus: null,
      phase: 'setup',
      implementationConsultant: { userId: 'ic1', name: 'Iris Consultant' },
    });
    const c27 = (await get('admin', '?search=Client%2027')).body.items[0]!;
    expect(c27).toMatchObject({ eifStatus: 'signed', pendingChangeCount: 1, phase: 'enrollment' });
    const past = await get('admin', '?offset=100');
    expect(past.body).toEqual({ items: [], total: 28 });
    const pastFiltered = await get('admin', '?offset=100&eifStatus=signed');
    expect(pastFiltered.body).toEqual({ items: [], total: 9 });
  });

  it('counts the pending answers and entities added or removed, not the change records behind them', async () => {
    const count = async (id: string) =>
      (await get('admin', `?search=${encodeURIComponent(`Client ${id}`)}`)).body.items[0]!.pendingChangeCount;
    // Three records, one net change left pending (the accepted one waits for nothing).
    expect(await count('27')).toBe(1);
    // Two records that cancel out: nothing to review.
    expect(await count('30')).toBe(0);
    // Three records over two entities: an answer changed and an entity removed, two changes.
    expect(await count('03')).toBe(2);
    // Each answer changed counts once, an entity added once, whatever its answers (as every screen counts).
    expect(await count('09')).toBe(3);
    // Records with no net change yet, as before the projection reaches them: none.
    expect(await count('06')).toBe(0);
  });

  it('carries progress, the NIGO count and the next task with its title', async () => {
    const [c1] = (await get('admin', '?search=Client%2001')).body.items;
    expect(c1).toMatchObject({
      progress: { done: 1, total: 3 },
      nigoCount: 1,
      nextTask: {
        taskId: 'enrollment-elections',
        title: 'Enrollment elections',
        policyId: 'p1',
        dueDate: day(3),
        badge: { tone: 'due-soon', text: 'Due Soon: Due by 03/04/2027' },
      },
    });
    const [c4] = (await get('admin', '?search=Client%2004')).body.items;
    expect(c4).toMatchObject({ progress: { done: 0, total: 1 }, nextTask: { taskId: 'company-profile' } });
    const [c11] = (await get('admin', '?search=Client%2011')).body.items;
    expect(c11!.nextTask).toMatchObject({ taskId: 'kickoff-call', title: 'Kickoff call', policyId: null });
    // A consultant who is not among the users shows as nobody, never as an id.
    const [c3] = (await get('admin', '?search=Client%2003')).body.items;
    expect(c3!.implementationConsultant).toBeNull();
  });

  it('searches by name, case-insensitively, with wildcards taken literally', async () => {
    const lakeside = await get('admin', '?search=LAKESIDE&limit=100');
    expect(lakeside.body.total).toBe(13);
    expect(lakeside.body.items.every((i) => i.name.includes('Lakeside'))).toBe(true);
    const percent = await get('admin', `?search=${encodeURIComponent('100%')}`);
    expect(percent.body.items.map((i) => i.id)).toEqual(['c-017']);
    const literal = await get('admin', `?search=${encodeURIComponent('%')}`);
    expect(literal.body.total).toBe(1);
    expect((await get('admin', '?search=dental')).body.items.map((i) => i.id)).toEqual(['c-031']);
  });

  it('filters by phase, EIF status, consultant and LIVE', async () => {
    expect(await ids('admin', '?phase=live')).toEqual(['c-012']);
    expect(await ids('admin', '?phase=setup')).toEqual(['c-020', 'c-031']);
    const enrollment = await ids('admin', '?phase=enrollment');
    expect(enrollment).toEqual(['c-003', 'c-006', 'c-009', 'c-015', 'c-018', 'c-024', 'c-027', 'c-030']);
    expect((await get('admin', '?phase=eif')).body.total).toBe(28 - 1 - 2 - 8);
    expect((await get('admin', '?eifStatus=signed')).body.total).toBe(9);
    expect((await get('admin', '?eifStatus=pre_sign')).body.total).toBe(18);
    expect(await ids('admin', '?implementationConsultantUserId=ic1')).toEqual(['c-012', 'c-031']);
    expect(await ids('admin', '?implementationConsultantUserId=ic1&archived=true')).toEqual(['c-021']);
    expect(await ids('admin', '?live=true')).toEqual(['c-012']);
    expect((await get('admin', '?live=false')).body.total).toBe(27);
  });

  it('filters by a NIGO task and by a task due this week (today and the six days after, not finished)', async () => {
    expect(await ids('admin', '?hasNigo=true')).toEqual(['c-001']);
    expect((await get('admin', '?hasNigo=false')).body.total).toBe(27);
    expect(await ids('admin', '?dueThisWeek=true')).toEqual(['c-001', 'c-007']);
    expect(await ids('admin', '?dueThisWeek=true&hasNigo=false')).toEqual(['c-007']);
  });

  it('sorts by name, last activity, creation and next due date, either way', async () => {
    const desc = (await get('admin', '?sortBy=name&sortDirection=desc&limit=2')).body.items.map((i) => i.id);
    expect(desc).toEqual(['c-031', 'c-030']);
    const updated = (await get('admin', '?sortBy=updatedAt&sortDirection=desc&limit=2')).body.items;
    expect(updated.map((i) => i.id)).toEqual(['c-031', 'c-030']);
    const created = (await get('admin', '?sortBy=createdAt&limit=3')).body.items.map((i) => i.id);
    expect(created).toEqual(['c-012', 'c-020', 'c-003']);
    const due = (await get('admin', '?sortBy=nextDueDate&limit=5')).body.items.map((i) => i.id);
    expect(due).toEqual(['c-011', 'c-001', 'c-007', 'c-008', 'c-004']);
    const dueDesc = (await get('admin', '?sortBy=nextDueDate&sortDirection=desc&limit=5')).body.items;
    expect(dueDesc.map((i) => i.id)).toEqual(['c-004', 'c-008', 'c-007', 'c-001', 'c-011']);
  });

  it('lists archived clients only when staff ask, and test clients only when asked', async () => {
    const archived = await get('admin', '?archived=true');
    expect(archived.body.items.map((i) => i.id)).toEqual(['c-021']);
    expect(archived.body.items[0]).toMatchObject({ isArchived: true });
    expect(await ids('admin', '?isTest=true')).toEqual(['c-010']);
    expect((await get('admin', '?isTest=false')).body.total).toBe(28);
  });

  it('gives a ben-admin or broker only their own clients, never archived, deleted or drafts', async () => {
    const own = await get('benAdmin');
    expect(own.body.items.map((i) => i.id)).toEqual(['c-017', 'c-002']);
    expect(own.body.total).toBe(2);
    expect((await get('benAdmin', '?archived=true')).body).toEqual({ items: [], total: 0 });
    const searched = await get('benAdmin', '?search=hilltop');
    expect(searched.body.items.map((i) => i.id)).toEqual(['c-002']);
    // The broker's test client is theirs; the deleted one is gone.
    expect(await ids('broker', '?')).toEqual(['c-005', 'c-010']);
    expect(await ids('broker', '?isTest=false')).toEqual(['c-005']);
    expect((await get('orphan')).body).toEqual({ items: [], total: 0 });
  });

  it('lists a broker’s or ben-admin’s clients for staff and for the user themself only', async () => {
    const byStaff = await get('admin', '', '/api/users/b1/clients');
    expect(byStaff.status).toBe(200);
    expect(byStaff.body.items.map((i) => i.id)).toEqual(['c-017', 'c-002']);
    expect(
      (await get('admin', '?archived=true', '/api/users/b1/clients')).body.items.map((i) => i.id),
    ).toEqual(['c-021']);
    expect((await get('admin', '?search=acme', '/api/users/b1/clients')).body.total).toBe(1);
    const self = await get('benAdmin', '?sortBy=name&sortDirection=desc', '/api/users/b1/clients');
    expect(self.body.items.map((i) => i.id)).toEqual(['c-002', 'c-017']);
    expect((await get('broker', '', '/api/users/b1/clients')).status).toBe(403);
    expect((await get('benAdmin', '', '/api/users/k1/clients')).status).toBe(403);
    expect((await get('admin', '', '/api/users/nobody/clients')).status).toBe(404);
    expect((await get('nobody', '', '/api/users/b1/clients')).status).toBe(401);
  });

  it('refuses a bad page size, sort or filter naming the field, and a signed-out caller', async () => {
    const tooMany = await get('admin', '?limit=101');
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.validationError).toEqual({ 'query.limit': 'Choose from 1 to 100' });
    expect((await get('admin', '?limit=0')).status).toBe(400);
    expect((await get('admin', '?offset=-1')).status).toBe(400);
    for (const [field, value] of [
      ['sortBy', 'colour'],
      ['sortDirection', 'up'],
      ['phase', 'done'],
      ['eifStatus', 'maybe'],
      ['hasNigo', 'yes'],
      ['dueThisWeek', '1'],
      ['live', 'no'],
      ['archived', 'x'],
      ['isTest', ''],
    ] as const) {
      const bad = await get('admin', `?${field}=${value}`);
      expect(bad.status, field).toBe(400);
      expect(Object.keys(bad.body.validationError as object), field).toEqual([`query.${field}`]);
    }
    expect((await get('nobody')).status).toBe(401);
  });
});
