import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express, { type ErrorRequestHandler } from 'express';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError, type Actor } from '@onboard/domain';
import { freshDatabase } from '@onboard/testing/db';
import { clientListRoutes } from './list.ts';

const actors: Record<string, Actor> = {
  admin: { userId: 'a1', role: 'SLF_ADMIN', clientIds: [] },
  owner: { userId: 'o1', role: 'SLF_OWNER', clientIds: [] },
  benAdmin: { userId: 'b1', role: 'BEN_ADMIN', clientIds: ['c-002', 'c-017'] },
  broker: { userId: 'k1', role: 'BROKER', clientIds: ['c-005'] },
  orphan: { userId: 'x1', role: 'BROKER', clientIds: [] },
};

// Mirrors the platform's error middleware closely enough for the statuses this route answers with.
const errors: ErrorRequestHandler = (error, _req, res, _next) => {
  if (error instanceof AppError) res.status(error.status).json({ code: error.code, ...error.details });
  else res.status(500).json({ message: String(error) });
};

describe('GET /api/clients', () => {
  let pool: pg.Pool;
  let server: Server;
  let url: string;

  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: await freshDatabase('client_list'), max: 2 });
    await pool.query(`create table rm_clients (
      client_id text primary key, name text not null default '', version bigint not null,
      state jsonb not null, updated_at timestamptz not null)`);
    // 30 clients; every third one signed with pending changes, names with a LIKE wildcard in one.
    for (let i = 1; i <= 30; i++) {
      const id = `c-${String(i).padStart(3, '0')}`;
      const isSigned = i % 3 === 0;
      const pending = isSigned ? Array.from({ length: i % 4 }, (_, n) => ({ changeId: `${id}-${n}` })) : [];
      await pool.query(`insert into rm_clients values ($1, $2, $3, $4, $5)`, [
        id,
        i === 17
          ? 'Acme 100% Widgets'
          : `Client ${String(i).padStart(2, '0')} ${i % 2 ? 'Lakeside' : 'Hilltop'}`,
        i,
        { status: isSigned ? 'signed' : 'pre_sign', pending },
        new Date(Date.UTC(2027, 0, i)),
      ]);
    }
    const app = express();
    app.use(
      clientListRoutes({
        pool,
        authenticate: async (req) => actors[String(req.header('x-test-actor'))] ?? null,
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

  const get = async (actor: string, query = '') => {
    const res = await fetch(`${url}/api/clients${query}`, { headers: { 'x-test-actor': actor } });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> & { items: Item[] } };
  };
  type Item = { id: string; name: string; eifStatus: string; pendingChangeCount: number; updatedAt: string };

  it('gives staff every client, 25 a page by name, with the EIF status and pending count', async () => {
    const first = await get('admin');
    expect(first.status).toBe(200);
    expect(first.body.total).toBe(30);
    expect(first.body.items).toHaveLength(25);
    expect(first.body.items[0]).toEqual({
      id: 'c-017',
      name: 'Acme 100% Widgets',
      eifStatus: 'pre_sign',
      pendingChangeCount: 0,
      updatedAt: '2027-01-17T00:00:00.000Z',
    });
    const second = await get('owner', '?offset=25&limit=25');
    expect(second.body.total).toBe(30);
    expect(second.body.items.map((i) => i.id)).toEqual(['c-026', 'c-027', 'c-028', 'c-029', 'c-030']);
    const c27 = second.body.items.find((i) => i.id === 'c-027')!;
    expect(c27).toMatchObject({ eifStatus: 'signed', pendingChangeCount: 3 });
    const past = await get('admin', '?offset=100');
    expect(past.body).toEqual({ items: [], total: 30 });
  });

  it('searches by name, case-insensitively, with wildcards taken literally', async () => {
    const lakeside = await get('admin', '?search=LAKESIDE&limit=100');
    expect(lakeside.body.total).toBe(14);
    expect(lakeside.body.items.every((i) => i.name.includes('Lakeside'))).toBe(true);
    const percent = await get('admin', `?search=${encodeURIComponent('100%')}`);
    expect(percent.body.items.map((i) => i.id)).toEqual(['c-017']);
    const literal = await get('admin', `?search=${encodeURIComponent('%')}`);
    expect(literal.body.total).toBe(1);
  });

  it('gives a ben-admin or broker only their own clients', async () => {
    const own = await get('benAdmin');
    expect(own.body.items.map((i) => i.id)).toEqual(['c-017', 'c-002']);
    expect(own.body.total).toBe(2);
    const searched = await get('benAdmin', '?search=hilltop');
    expect(searched.body.items.map((i) => i.id)).toEqual(['c-002']);
    expect((await get('broker')).body.items.map((i) => i.id)).toEqual(['c-005']);
    expect((await get('orphan')).body).toEqual({ items: [], total: 0 });
  });

  it('refuses a bad page size and a signed-out caller', async () => {
    const tooMany = await get('admin', '?limit=101');
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.validationError).toEqual({ 'query.limit': 'Choose from 1 to 100' });
    expect((await get('admin', '?limit=0')).status).toBe(400);
    expect((await get('admin', '?offset=-1')).status).toBe(400);
    expect((await get('nobody')).status).toBe(401);
  });
});
