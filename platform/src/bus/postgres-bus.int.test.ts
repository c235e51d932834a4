import pg from 'pg';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { migratedDatabase } from '@onboard/testing/db';
import { busContract, collect, email, label, qps } from './bus-contract.ts';
import type { BusLogger } from './logger.ts';
import {
  createPostgresBus,
  parsePostgresBusOffset,
  POSTGRES_BUS_LISTENER_APPLICATION,
  readSince,
} from './postgres-bus.ts';

const quiet: BusLogger = { warn: () => undefined, error: () => undefined };

async function database() {
  const connectionString = await migratedDatabase('bus');
  const pool = new pg.Pool({ connectionString, max: 5 });
  return { connectionString, pool };
}

describe('PostgreSQL bus: contract', () => {
  busContract(
    async () => {
      const { connectionString, pool } = await database();
      const bus = createPostgresBus({ pool, connectionString, pollIntervalMs: 200, logger: quiet });
      return {
        bus,
        injectRaw: async (topic, body) => {
          await pool.query(`insert into bus_messages (id, topic, body) values ($1, $2, $3::jsonb)`, [
            randomUUID(),
            topic,
            JSON.stringify(body),
          ]);
        },
        dispose: async () => {
          await bus.close();
          await pool.end();
        },
      };
    },
    { dedupesOnPublish: true, holdsConsumers: false },
  );
});

describe('PostgreSQL bus', () => {
  it('resyncs after its LISTEN connection is killed and delivers what was published meanwhile', async () => {
    const { connectionString, pool } = await database();
    // No polling: only a wake-up or the resync after reconnecting can deliver.
    const bus = createPostgresBus({ pool, connectionString, pollIntervalMs: 0, logger: quiet });
    const c = await collect(bus, 'gateway', ['QPS_PUSH_STATUS']);
    await bus.publish([qps('c1')]);
    await c.waitFor(1);

    const listener = async () =>
      (
        await pool.query<{ pid: number }>(
          `select pid from pg_stat_activity where application_name = $1 and datname = current_database()`,
          [POSTGRES_BUS_LISTENER_APPLICATION],
        )
      ).rows.map((r) => r.pid);
    const [before] = await listener();
    expect(before).toBeTypeOf('number');
    await pool.query('select pg_terminate_backend($1)', [before]);
    // Published while nobody listens: the notification is lost for good.
    await bus.publish([qps('c2'), qps('c3')]);

    expect((await c.waitFor(3, 20_000)).map(label)).toEqual(['c1', 'c2', 'c3']);
    const after = await listener();
    expect(after).toHaveLength(1);
    expect(after[0]).not.toBe(before);

    // And the new connection listens: a fresh publish arrives without polling.
    await bus.publish([qps('c4')]);
    expect((await c.waitFor(4, 10_000)).map(label)).toEqual(['c1', 'c2', 'c3', 'c4']);
    await bus.close();
    await pool.end();
  });

  it('never skips a message whose transaction commits after a later one', async () => {
    const { connectionString, pool } = await database();
    const bus = createPostgresBus({ pool, connectionString, pollIntervalMs: 100, logger: quiet });
    const c = await collect(bus, 'gateway', ['QPS_PUSH_STATUS']);
    const slow = await pool.connect();
    await slow.query('begin');
    // Takes the lower offset and holds it uncommitted while a later message commits.
    const early = qps('early');
    await slow.query(`insert into bus_messages (id, topic, body) values ($1, $2, $3::jsonb)`, [
      early.id,
      early.topic,
      JSON.stringify(early),
    ]);
    await bus.publish([qps('late')]);
    await new Promise((r) => setTimeout(r, 1000));
    expect(c.received).toEqual([]);
    await slow.query('commit');
    slow.release();
    expect((await c.waitFor(2)).map(label)).toEqual(['early', 'late']);
    await bus.close();
    await pool.end();
  });

  it('replays after an offset for Last-Event-ID', async () => {
    const { connectionString, pool } = await database();
    const bus = createPostgresBus({ pool, connectionString, logger: quiet });
    await bus.publish([qps('c1'), email('e1'), qps('c2'), email('e2')]);
    const all = await readSince(pool, ['QPS_PUSH_STATUS', 'EMAIL_SENT'], undefined, 10);
    expect(all.map(label)).toEqual(['c1', 'e1', 'c2', 'e2']);
    expect(all.every((m) => parsePostgresBusOffset(m.offset))).toBe(true);
    expect((await bus.readSince(['QPS_PUSH_STATUS', 'EMAIL_SENT'], all[1]!.offset, 10)).map(label)).toEqual([
      'c2',
      'e2',
    ]);
    expect((await bus.readSince(['EMAIL_SENT'], all[0]!.offset, 1)).map(label)).toEqual(['e1']);
    await expect(bus.readSince(['EMAIL_SENT'], 'QPS_PUSH_STATUS:0:1', 10)).rejects.toThrow(RangeError);
    await bus.close();
    await pool.end();
  });
});
