import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { catchUp, type EventStore } from '@onboard/events';
import { createPostgresEventStore } from '@onboard/events/postgres';
import { clientLifecycleProjection, clientViewProjection } from '@onboard/projections';
import { migratedDatabase } from '@onboard/testing/db';
import { generateBook } from '@onboard/testing/book';

const CLIENTS = 24;
const now = new Date('2026-11-01T12:00:00Z');

type Row = {
  stream_name: string;
  stream_revision: string;
  event_id: string;
  event_type: string;
  data: unknown;
};

describe('the scale bench’s book', () => {
  const opened: { pool: pg.Pool; store: EventStore }[] = [];
  const open = async (prefix: string) => {
    const url = await migratedDatabase(prefix);
    const pool = new pg.Pool({ connectionString: url, max: 8 });
    const store = createPostgresEventStore({ pool, connectionString: url });
    opened.push({ pool, store });
    return { pool, store };
  };
  const events = async (pool: pg.Pool) =>
    (
      await pool.query<Row>(
        `select stream_name, stream_revision::text, event_id::text, event_type, data from es_events
          order by stream_name, stream_revision`,
      )
    ).rows;

  afterAll(async () => {
    for (const { pool, store } of opened) {
      await store.close();
      await pool.end();
    }
  });

  it('is the same book for the same seed, whatever order the clients are written in, and another for another seed', async () => {
    const a = await open('book_a');
    const b = await open('book_b');
    const c = await open('book_c');
    const options = { clients: CLIENTS, seed: 7, now, consultants: ['ic-1', 'ic-2'] };
    const first = await generateBook(a.store, { ...options, concurrency: 6 });
    const second = await generateBook(b.store, { ...options, concurrency: 1 });
    const other = await generateBook(c.store, { ...options, seed: 8, concurrency: 6 });
    expect(second).toEqual(first);
    expect(await events(b.pool)).toEqual(await events(a.pool));
    expect(await events(c.pool)).not.toEqual(await events(a.pool));
    expect(other.events).not.toBe(first.events);
  });

  it('has clients at every phase, signed forms among them, and the read models show each client', async () => {
    const { pool, store } = await open('book_phases');
    const book = await generateBook(store, {
      clients: CLIENTS,
      seed: 34,
      now,
      concurrency: 6,
      consultants: ['ic-1'],
    });
    expect(book.clients).toBe(CLIENTS);
    for (const phase of ['setup', 'eif', 'enrollment', 'live'] as const)
      expect(book.phases[phase]).toBeGreaterThan(0);
    const stored = await events(pool);
    expect(stored).toHaveLength(book.events);
    const types = new Set(stored.map((e) => e.event_type));
    for (const type of [
      'ClientCreated',
      'EifEntityChanged',
      'EifSigned',
      'TaskScheduled',
      'TaskStatusChanged',
      'DocumentUploaded',
      'CensusUploaded',
      'EmailQueued',
      'ClientReleaseStatusChanged',
    ])
      expect(types, type).toContain(type);
    const signed = stored.filter((e) => e.event_type === 'EifSigned').length;
    expect(signed).toBe(book.phases.enrollment + book.phases.live);
    await catchUp({ store, pool, consumer: clientViewProjection });
    await catchUp({ store, pool, consumer: clientLifecycleProjection });
    const { rows } = await pool.query<{ signed: number; live: number; all: number }>(
      `select count(*)::int as all,
              count(*) filter (where c.state->>'status' = 'signed')::int as signed,
              count(*) filter (where l.release_status = 'LIVE')::int as live
         from rm_clients c join rm_client_lifecycle l using (client_id)`,
    );
    expect(rows[0]).toEqual({ all: CLIENTS, signed, live: book.phases.live });
  });
});
